import { useMemo } from 'react';
import { forms, type FormName } from '../../../generated/forms';
import { currentLookup, useLookup } from './manifest-hooks';
import { mapFormTexts, type FormTexts } from './manifest-texts';

const textsOf = (name: FormName) => forms[name] as unknown as FormTexts;

/**
 * A manifest form's schema and uiSchema with titles, help, placeholders and option names in the
 * reader's language, and `message` for its messages (its validator's and the server's).
 *
 * @example
 *   const texts = useFormTexts('client');
 *   <Form schema={texts.schema} uiSchema={texts.uiSchema} ... />
 */
export function useFormTexts(name: FormName) {
  const [tr, version] = useLookup();
  // `version` stands for tr (a new function each render).
  return useMemo(() => mapFormTexts(name, textsOf(name), tr), [name, version]);
}

/** A form's message in the current language, for validators that run outside components. */
export const formMessage = (name: FormName, english: string) => mapFormTexts(name, textsOf(name), currentLookup()).message(english);
