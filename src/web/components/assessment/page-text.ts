import { fill, type UiKey } from '../../../shared/assessment/ui-texts';

export type PageText = (key: UiKey, values?: Readonly<Record<string, string | number>>) => string;

/**
 * The page words the server sent with the questionnaire or report, in the employee's language
 * (src/shared/assessment/ui-texts.ts); the key itself shows if one is ever missing, so a gap is
 * visible rather than silently English.
 */
export function pageText(table: Readonly<Record<string, string>> | undefined): PageText {
  return (key, values) => {
    const text = table?.[key] ?? key;
    return values ? fill(text, values) : text;
  };
}
