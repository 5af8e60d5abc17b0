import { HTML_LANG, type InterfaceLanguage } from './language';

/**
 * Languages that write a label's first letter small once it stands inside a sentence or a running
 * list ("pain in the neck", "douleur au cou"). German capitalises every noun wherever it stands
 * (Duden, Groß- und Kleinschreibung: "Substantive schreibt man groß"), so "Nacken" stays "Nacken";
 * Japanese, Korean and Chinese have no letter case.
 */
const LOWER_CASE_IN_SENTENCE: ReadonlySet<InterfaceLanguage> = new Set(['en', 'es', 'fr', 'pt']);

/** A label (a body region, a state) as it reads inside a sentence of the reader's language. */
export function inSentence(label: string, language: InterfaceLanguage): string {
  return LOWER_CASE_IN_SENTENCE.has(language) ? label.toLocaleLowerCase(HTML_LANG[language]) : label;
}
