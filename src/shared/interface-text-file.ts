import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { InterfaceLanguage } from './interface-language';
import type { ShellText } from './static-shell';

const INTERFACE = join(import.meta.dirname, '..', '..', 'content', 'interface');
const tables = new Map<InterfaceLanguage, Readonly<Record<string, string>>>();
const tableOf = (language: InterfaceLanguage) => {
  let table = tables.get(language);
  if (!table) {
    table = parse(readFileSync(join(INTERFACE, `${language}.yaml`), 'utf8')) as Record<string, string>;
    tables.set(language, table);
  }
  return table;
};

/**
 * The interface texts of one language read from content/interface/<language>.yaml, for HTML written
 * before any script runs (the pre-rendered public pages, the server's blog pages): that language's
 * text, else English's, as the app's lookup (src/web/i18n/texts.ts). Node only (build and server).
 */
export function interfaceTextsOf(language: InterfaceLanguage): ShellText {
  return (key) => {
    const text = interfaceText(language, key);
    if (text === undefined) throw new Error(`content/interface/en.yaml has no text ${key}`);
    return text;
  };
}

/** One text of a language, else its English, else undefined (a route without a title of its own). */
export function interfaceText(language: InterfaceLanguage, key: string): string | undefined {
  return tableOf(language)[key] ?? tableOf('en')[key];
}
