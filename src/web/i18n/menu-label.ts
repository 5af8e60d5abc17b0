import { INTERFACE_LANGUAGES, LANGUAGE_NAMES, type InterfaceLanguage } from './language';
import type { InterfaceKey } from './keys';
import { hasKey, type T } from './texts';

/** The text key of a menu label of manifest/menus.yaml: "Take A Self-Assessment" → menu.take_a_self_assessment. */
export function menuKey(label: string): string {
  return `menu.${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`;
}

/**
 * A menu entry's words: the manifest's label translated by its key; a client's own menu text
 * (site_menu_details custom_menu_text, SPEC §2) has no key and is shown as the client wrote it.
 */
export function menuLabel(t: T, label: string): string {
  const key = menuKey(label);
  return hasKey(key) ? t(key) : label;
}

/**
 * A route's title (manifest/routes) in the reader's language when it has a text `route.<name>`
 * (the marketing pages' too); a guidance page's title is content, in content/guide-titles/, which
 * its page puts in the document title itself (guidance-page.tsx).
 */
export function routeTitle(t: T, route: { readonly name: string; readonly title: string }): string {
  const key = `route.${route.name}`;
  if (hasKey(key)) return t(key);
  const perLanguage = perLanguageRoute(route.name);
  if (perLanguage)
    return t('admin.texts.in_language', {
      page: t(`route.${perLanguage.base}` as InterfaceKey),
      language: LANGUAGE_NAMES[perLanguage.language],
    });
  return route.title;
}

/**
 * A route made once per language (manifest `each: { lang }`, e.g. edit_client_ergo_eval_es, SPEC §2
 * client-editing sub-pages): its base route, whose title has a text, and the language.
 */
function perLanguageRoute(name: string): { base: string; language: InterfaceLanguage } | null {
  const language = INTERFACE_LANGUAGES.find((code) => name.endsWith(`_${code}`));
  if (!language) return null;
  const base = name.slice(0, -language.length - 1);
  return hasKey(`route.${base}`) ? { base, language } : null;
}
