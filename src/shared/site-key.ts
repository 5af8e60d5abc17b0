import type { InterfaceLanguage } from './interface-language';

/**
 * The key of a marketing page's document in the reader's language (src/web/pages/site/site-documents.ts):
 * `<name>` in English, `<language>/<name>` in another. A pre-rendered page names its document by the
 * same key (src/web/build/prerender.ts), so the app takes it from the page rather than fetching it.
 */
export const siteKey = (name: string | null | undefined, language: InterfaceLanguage): string | null =>
  name ? (language === 'en' ? name : `${language}/${name}`) : null;
