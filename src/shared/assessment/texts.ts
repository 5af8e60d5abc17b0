/**
 * Text lookup for one language: the client's overrides first (TextOverrides, set on the admin
 * language pages), then the language's file, then English. `{name}` placeholders are filled from
 * the values given, so translators can move them within a sentence.
 */
import type { QuestionnaireSource } from './source';
import type { AssessmentLanguage, TextOverrides } from './types';

export type Translate = (key: string, values?: Readonly<Record<string, string | number>>) => string;

export function translator(source: QuestionnaireSource, language: AssessmentLanguage, overrides: TextOverrides = {}): Translate {
  const own = source.texts[language] ?? {};
  const en = source.texts.en;
  return (key, values) => {
    const text = overrides[key] ?? own[key] ?? en[key] ?? key;
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
