import { useState } from 'react';
import type { ErrorSchema, FieldProps, RJSFSchema } from '@rjsf/utils';
import { HTML_LANG, LANGUAGE_NAMES, type InterfaceLanguage } from '../../i18n/language';
import { useT } from '../../i18n/texts';

type Texts = Readonly<Record<string, string | undefined>>;

/**
 * A text in several languages (`ui:field: per-language` on an object field whose properties are
 * language codes; SPEC §2 "eight languages"): one box per language, labelled with the language's
 * own name, the required ones (else the first, English) first and the others under "Other languages", which opens
 * by itself when one of them holds words or a message. A message for one language (the validator's
 * or the server's `<field>.<language>`) shows under that language's box. `ui:options`: `multiline`
 * (a text area) and `rows`.
 */
export function PerLanguageField(props: FieldProps<Texts>) {
  const { fieldPathId, formData, errorSchema, onChange, onBlur, onFocus, schema, uiSchema, disabled, readonly } = props;
  const t = useT();
  const languages = Object.keys((schema.properties ?? {}) as Record<string, RJSFSchema>);
  const required = new Set(schema.required ?? []);
  const values = formData ?? {};
  const errors = (errorSchema ?? {}) as Record<string, ErrorSchema | undefined>;
  const options = (uiSchema?.['ui:options'] ?? {}) as { multiline?: boolean; rows?: number };
  const id = fieldPathId.$id;
  const boxId = (lang: string) => `${id}_${lang}`;
  const message = (lang: string) => (errors[lang]?.__errors as string[] | undefined)?.[0];
  // The required languages come first; with none required, the first language (English) does.
  const first = languages.filter((lang) => required.has(lang));
  const shown = new Set(first.length ? first : languages.slice(0, 1));
  const others = languages.filter((lang) => !shown.has(lang));
  const [opened, setOpened] = useState(() => others.some((lang) => values[lang]));
  const open = opened || others.some((lang) => message(lang));

  const set = (lang: string, text: string) =>
    onChange({ ...values, [lang]: text === '' ? undefined : text }, fieldPathId.path, undefined, boxId(lang));
  const box = (lang: string) => {
    const error = message(lang);
    const common = {
      id: boxId(lang),
      name: boxId(lang),
      lang: HTML_LANG[lang as InterfaceLanguage],
      className: 'form-control',
      value: values[lang] ?? '',
      disabled,
      readOnly: readonly,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${boxId(lang)}__error` : undefined,
      onBlur: () => onBlur(boxId(lang), values[lang]),
      onFocus: () => onFocus(boxId(lang), values[lang]),
    };
    return (
      <div key={lang} className="per-language-box">
        <label htmlFor={boxId(lang)} lang={HTML_LANG[lang as InterfaceLanguage]}>
          {LANGUAGE_NAMES[lang as InterfaceLanguage] ?? lang}
          {required.has(lang) ? <span className="required">*</span> : null}
        </label>
        {options.multiline ? (
          <textarea {...common} rows={options.rows ?? 2} onChange={(e) => set(lang, e.target.value)} />
        ) : (
          <input {...common} onChange={(e) => set(lang, e.target.value)} />
        )}
        {error && (
          <p id={`${boxId(lang)}__error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset id={id} className="per-language">
      <legend>{schema.title}</legend>
      {languages.filter((lang) => shown.has(lang)).map(box)}
      {others.length > 0 && (
        <details open={open} onToggle={(e) => setOpened((e.target as HTMLDetailsElement).open)}>
          <summary>{t('form.other_languages')}</summary>
          {others.map(box)}
        </details>
      )}
    </fieldset>
  );
}
