import { byBaseName, type ContentDoc } from '../../components/content/use-content';
import { INTERFACE_LANGUAGES } from '../../i18n/language';

type Loader = () => Promise<ContentDoc>;

/** content/site/<name>.md: the marketing pages in English, each its own chunk. */
const english = byBaseName(import.meta.glob<ContentDoc>('../../../../content/site/*.md', { import: 'default' }));

/**
 * The same pages in the other seven languages (content/site/<language>/<name>.md, SPEC §1 public
 * site "in the eight languages"), indexed in a chunk of its own that only a reader of another
 * language loads: an English reader's page carries none of it.
 */
const loadTranslations = () => import('./site-translations').then((m) => m.siteTranslations);

/**
 * The loaders of the marketing pages, by key: `<name>` in English, `<language>/<name>` in another
 * language, that language's file when written, else the English one. Each key has one stable
 * loader (use-content.ts remembers documents by loader).
 */
export const sitePages: Readonly<Record<string, Loader>> = {
  ...english,
  ...Object.fromEntries(
    INTERFACE_LANGUAGES.filter((language) => language !== 'en').flatMap((language) =>
      Object.entries(english).map(([name, inEnglish]): [string, Loader] => [
        `${language}/${name}`,
        () => loadTranslations().then((translations) => (translations[`${language}/${name}`] ?? inEnglish)()),
      ]),
    ),
  ),
};

export { siteKey } from '../../../shared/site-key';
