import { useState } from 'react';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';

type Changes = Readonly<Record<string, string>>;

/** One text of the page: its key, its English default and the client's wording now saved ('' for none). */
export interface TextOverrideEntry {
  readonly key: string;
  readonly english: string;
  readonly text: string;
}

/** The field's words in the reader's language, from the page (the admin pages' texts stay with them). */
export interface TextOverridesWords {
  readonly find: string;
  readonly key: string;
  readonly english: string;
  /** The heading of the client's column, naming the language. */
  readonly forClient: string;
  /** An empty box's placeholder: the default text shows. */
  readonly placeholder: string;
  readonly count: (shown: number, total: number, unsaved: number) => string;
}

/** What the page gives the field (`ui:options`): the page's texts, the language they are worded in, the field's words. */
export interface TextOverridesOptions {
  readonly entries: readonly TextOverrideEntry[];
  readonly language: string;
  /** The language's HTML tag (`lang` of each box). */
  readonly languageTag: string;
  readonly words: TextOverridesWords;
}

/**
 * A client's wording of one page's texts (`ui:field: text-overrides`; SPEC §2 client-editing
 * sub-pages): one box per text key beside its English default, found by key or words, the field's value
 * being the changed texts alone (a box set back to its saved wording is no change). A message for one
 * text (the server's `texts.<key>`: a placeholder the English has and the wording lost) shows under its
 * box. The key table is not fixed fields: a page has as many keys as content/interface gives it.
 */
export function TextOverridesField(props: FieldProps<Changes>) {
  const { fieldPathId, formData, errorSchema, onChange, onBlur, onFocus, uiSchema, disabled, readonly } = props;
  const { entries, language, languageTag, words } = uiSchema?.['ui:options'] as unknown as TextOverridesOptions;
  const changes = formData ?? {};
  const errors = (errorSchema ?? {}) as Record<string, ErrorSchema | undefined>;
  const [find, setFind] = useState('');
  const id = fieldPathId.$id;
  // Text keys hold dots: the box's id keeps them, as the form's refusal of `texts.<key>` names them.
  const boxId = (key: string) => `${id}_${key}`;
  const value = (entry: TextOverrideEntry) => changes[entry.key] ?? entry.text;
  const message = (key: string) => (errors[key]?.__errors as string[] | undefined)?.[0];
  const needle = find.trim().toLowerCase();
  const shown = entries.filter(
    (e) =>
      !needle ||
      e.key.toLowerCase().includes(needle) ||
      e.english.toLowerCase().includes(needle) ||
      value(e).toLowerCase().includes(needle),
  );
  const unsaved = Object.keys(changes).length;
  const set = (entry: TextOverrideEntry, text: string) => {
    const next: Record<string, string> = { ...changes };
    if (text === entry.text) delete next[entry.key];
    else next[entry.key] = text;
    onChange(next, fieldPathId.path, undefined, boxId(entry.key));
  };
  return (
    <div id={id} className="text-overrides-form">
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor={`${id}__find`}>{words.find}</label>
          <input id={`${id}__find`} type="search" value={find} onChange={(e) => setFind(e.target.value)} />
        </div>
        <p role="status" aria-live="polite">
          {words.count(shown.length, entries.length, unsaved)}
        </p>
      </div>
      <table className="data-table text-overrides">
        <thead>
          <tr>
            <th scope="col">{words.key}</th>
            <th scope="col">{words.english}</th>
            <th scope="col">{words.forClient}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((entry) => {
            const error = message(entry.key);
            return (
              <tr key={entry.key}>
                <th scope="row">
                  <code>{entry.key}</code>
                </th>
                <td>{entry.english}</td>
                <td>
                  <textarea
                    id={boxId(entry.key)}
                    aria-label={`${entry.key} (${language})`}
                    lang={languageTag}
                    maxLength={4000}
                    value={value(entry)}
                    placeholder={words.placeholder}
                    disabled={disabled}
                    readOnly={readonly}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${boxId(entry.key)}__error` : undefined}
                    onChange={(e) => set(entry, e.target.value)}
                    onBlur={() => onBlur(boxId(entry.key), value(entry))}
                    onFocus={() => onFocus(boxId(entry.key), value(entry))}
                  />
                  {error && (
                    <p id={`${boxId(entry.key)}__error`} className="field-error">
                      {error}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
