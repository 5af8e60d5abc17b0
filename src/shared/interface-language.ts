import { ASSESSMENT_LANGUAGES, type AssessmentLanguage } from './assessment/types';

/** The eight interface languages are the questionnaires' languages (SPEC §2 profile "Language"). */
export const INTERFACE_LANGUAGES = ASSESSMENT_LANGUAGES;
export type InterfaceLanguage = AssessmentLanguage;

/** HTML `lang` of each language code (the product calls Simplified Chinese "cn"; BCP 47 says zh-Hans). */
export const HTML_LANG: Readonly<Record<InterfaceLanguage, string>> = {
  en: 'en',
  es: 'es',
  pt: 'pt',
  cn: 'zh-Hans',
  ja: 'ja',
  ko: 'ko',
  fr: 'fr',
  de: 'de',
};

/** Each language's name in that language, as language choices usually show it (not translated). */
export const LANGUAGE_NAMES: Readonly<Record<InterfaceLanguage, string>> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  cn: '中文',
  ja: '日本語',
  ko: '한국어',
  fr: 'Français',
  de: 'Deutsch',
};

const isLanguage = (code: string): code is InterfaceLanguage => (INTERFACE_LANGUAGES as readonly string[]).includes(code);

/** A browser language tag (BCP 47, e.g. "de-DE", "zh-Hans-CN", "pt-BR") as one of the eight, or null. */
export function fromBrowserTag(tag: string): InterfaceLanguage | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'zh') return 'cn';
  return isLanguage(primary) && primary !== 'cn' ? primary : null;
}

/**
 * The interface language: the signed-in user's profile language, else the first of the browser's
 * preferred languages (navigator.languages) that the product speaks, else English. The browser and
 * the server (which reads the preferences from Accept-Language) decide alike.
 */
export function chooseLanguage(profile: string | null | undefined, browser: readonly string[]): InterfaceLanguage {
  if (profile && isLanguage(profile)) return profile;
  for (const tag of browser) {
    const found = fromBrowserTag(tag);
    if (found) return found;
  }
  return 'en';
}

/**
 * The language tags of an Accept-Language header (RFC 9110 §12.5.4) in the reader's order of
 * preference, as navigator.languages lists them: by weight, the header's order among equal weights;
 * a tag weighted 0 ("not acceptable") and the wildcard are left out.
 *
 * @example
 *   acceptedLanguages('en;q=0.5, de-DE, fr;q=0.8'); // ['de-DE', 'fr', 'en']
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((p) => p.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}
