import type { InterfaceLanguage } from '../../i18n/language';

type Table = Readonly<Record<string, string>>;

/** content/illustrations/texts/<language>.yaml (name → text alternative), each its own small chunk. */
const FILES = import.meta.glob<Table>('../../../../content/illustrations/texts/*.yaml', { import: 'default' });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The illustrations' text alternatives in the reader's language (SPEC §2 guidance; WCAG 1.1.1): the
 * build writes the English one beside the picture's name (`alt="…" data-illustration="name"`,
 * src/web/build/illustrations.ts); this returns a function that swaps in the reader's words, English
 * where a language lacks one. Loaded only when a page has a picture and the reader is not English.
 */
export async function illustrationAlts(language: InterfaceLanguage): Promise<(html: string) => string> {
  const load = FILES[`../../../../content/illustrations/texts/${language}.yaml`];
  const table = load ? await load() : {};
  return (html) =>
    html.replace(/ alt="([^"]*)" data-illustration="([a-z0-9-]+)"/g, (whole, _english: string, name: string) =>
      table[name] ? ` alt="${escapeHtml(table[name])}" data-illustration="${name}"` : whole,
    );
}
