import { useMemo } from 'react';
import { TranslatableString, englishStringTranslator } from '@rjsf/utils';
import type { GeneratedForm } from '../../../generated/forms';
import type { InterfaceKey } from './keys';
import { currentLookup, useLookup } from './manifest-hooks';
import { mapFormTexts, type FormTexts } from './manifest-texts';

const textsOf = (form: GeneratedForm) => form as unknown as FormTexts;

/** RJSF's own words a manifest form shows (its buttons, yes/no, file details), by interface key. */
const RJSF_WORDS: Partial<Record<TranslatableString, InterfaceKey>> = {
  [TranslatableString.AddButton]: 'rjsf.add',
  [TranslatableString.AddItemButton]: 'rjsf.add_item',
  [TranslatableString.RemoveButton]: 'rjsf.remove',
  [TranslatableString.MoveUpButton]: 'rjsf.move_up',
  [TranslatableString.MoveDownButton]: 'rjsf.move_down',
  [TranslatableString.CopyButton]: 'rjsf.copy',
  [TranslatableString.YesLabel]: 'grid.yes',
  [TranslatableString.NoLabel]: 'grid.no',
  [TranslatableString.ClearButton]: 'rjsf.clear',
  [TranslatableString.PreviewLabel]: 'rjsf.preview',
  [TranslatableString.FilesInfo]: 'rjsf.file_info',
};

/**
 * A manifest form's schema and uiSchema with titles, help, placeholders and option names in the
 * reader's language, and `message` for its messages (its validator's and the server's).
 *
 * @example
 *   const texts = useFormTexts(part.form); // part: generated/forms/client.ts
 *   <Form schema={texts.schema} uiSchema={texts.uiSchema} translateString={texts.translateString} ... />
 */
export function useFormTexts(form: GeneratedForm) {
  const tr = useLookup();
  return useMemo(() => {
    const translateString = (text: TranslatableString, params?: string[]) => {
      const key = RJSF_WORDS[text];
      return englishStringTranslator((key ? tr(key, text, {}) : text) as TranslatableString, params);
    };
    return { ...mapFormTexts(form.name, textsOf(form), tr), translateString };
  }, [form, tr]);
}

/** A form's message in the current language, for validators that run outside components. */
export const formMessage = (form: GeneratedForm, english: string) =>
  mapFormTexts(form.name, textsOf(form), currentLookup()).message(english);
