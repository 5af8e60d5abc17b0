import { ASSESSMENT_LANGUAGES, type AssessmentLanguage } from '../../shared/assessment/types';

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
 * preferred languages (navigator.languages) that the product speaks, else English.
 */
export function chooseLanguage(profile: string | null | undefined, browser: readonly string[]): InterfaceLanguage {
  if (profile && isLanguage(profile)) return profile;
  for (const tag of browser) {
    const found = fromBrowserTag(tag);
    if (found) return found;
  }
  return 'en';
}
