import { HTML_LANG, INTERFACE_LANGUAGES, LANGUAGE_NAMES } from '../../../i18n/language';
import { href, routesByName, type RouteName } from '../../../../../generated/routes';

/** SPEC §2 client-editing sub-pages: the scopes whose wording a client may change per language (`label`: an interface key). */
export const CLIENT_TEXT_PAGES = [
  { scope: 'self-assessment', label: 'admin.texts.self_assessment' },
  { scope: 'self-assessment-lab', label: 'admin.texts.self_assessment_lab' },
  { scope: 'ergo-eval', label: 'admin.texts.ergo_eval' },
  { scope: 'ergo-eval-lab', label: 'admin.texts.ergo_eval_lab' },
  { scope: 'cms', label: 'admin.texts.cms' },
  { scope: 'training', label: 'admin.texts.training' },
] as const;

/**
 * SPEC §2: the languages of the per-language sub-pages, by the product's codes; `tag` is the BCP 47
 * language tag for the lang attribute (the product's "cn" is Simplified Chinese, zh-Hans).
 */
export const CLIENT_TEXT_LANGUAGES = INTERFACE_LANGUAGES.map((code) => ({ code, tag: HTML_LANG[code], name: LANGUAGE_NAMES[code] }));

/**
 * The route of a client's texts page by its scope, and in one language where that page has a route per
 * language (SPEC §2 /admin/edit_client/<scope>[/<lang>]/:id); the other pages take `?lang=`.
 */
export function clientTextsHref(scope: string, id: string | number, language?: string): string {
  const base = `edit_client_${scope.replace(/-/g, '_')}`;
  const perLanguage = language ? `${base}_${language}` : null;
  if (perLanguage && perLanguage in routesByName) return href(perLanguage as RouteName, { id } as never);
  const path = href(base as RouteName, { id } as never);
  return language ? `${path}?lang=${encodeURIComponent(language)}` : path;
}
