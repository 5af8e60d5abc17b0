import type { InterfaceLanguage } from '../../i18n/language';

/** A guidance page's words shown outside its body: its title and one-sentence summary. */
export type GuideHeading = { readonly title: string; readonly summary: string };
export type GuideHeadings = Readonly<Record<string, GuideHeading>>;

/**
 * content/guide-titles/<language>.yaml: each guidance page's title and summary in that language, by
 * the page's file key (SPEC §2 guidance, in the eight languages), each language a small chunk of its
 * own. This index is itself loaded only for a reader of another language than English
 * (use-guide-titles.ts), so an English reader's guidance page carries none of it.
 */
const FILES = import.meta.glob<GuideHeadings>('../../../../content/guide-titles/*.yaml', { import: 'default' });

/** The table of a language; an empty table where none is written. */
export const loadGuideTitles = (language: InterfaceLanguage): Promise<GuideHeadings> =>
  FILES[`../../../../content/guide-titles/${language}.yaml`]?.() ?? Promise.resolve({});
