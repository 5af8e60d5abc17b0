import { useEffect } from 'react';
import { create } from 'zustand';
import en from '../../../content/interface/en.yaml';
import { useSession } from '../session/store';
import { fill, type TextValues } from './fill';
import type { InterfaceKey } from './keys';
import { HTML_LANG, chooseLanguage, type InterfaceLanguage } from './language';

type Table = Readonly<Record<string, string>>;
export type T = (key: InterfaceKey, values?: TextValues) => string;

/**
 * The interface texts of content/interface/<language>.yaml. English ships with the main bundle (the
 * default and the pre-rendered pages' language); another language is its own small chunk, fetched
 * when a reader needs it.
 */
const loaders = import.meta.glob<{ default: Table }>(['../../../content/interface/*.yaml', '!**/en.yaml']);
const loaderOf = (language: InterfaceLanguage) => loaders[`../../../content/interface/${language}.yaml`];

export const useInterfaceTexts = create<{ tables: Partial<Record<InterfaceLanguage, Table>> }>()(() => ({ tables: { en } }));

const pending = new Map<InterfaceLanguage, Promise<void>>();
/** Fetches a language's texts once; a failed fetch leaves English on screen and may be retried. */
export function loadTexts(language: InterfaceLanguage): Promise<void> {
  if (useInterfaceTexts.getState().tables[language]) return Promise.resolve();
  const load = loaderOf(language);
  if (!load) return Promise.resolve();
  const existing = pending.get(language);
  if (existing) return existing;
  const started = load()
    .then(
      (m) => {
        useInterfaceTexts.setState((s) => ({ tables: { ...s.tables, [language]: m.default } }));
      },
      () => undefined,
    )
    .finally(() => pending.delete(language));
  pending.set(language, started);
  return started;
}

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** The signed-in user's profile language, else the browser's, else English (language.ts). */
export function currentLanguage(profile = useSession.getState().user?.language): InterfaceLanguage {
  return chooseLanguage(profile, browserLanguages());
}

/** The text lookup of one language: that language's text, else English's, else the key itself. */
export function translatorFor(table: Table | undefined): T {
  return (key, values) => fill(table?.[key] ?? en[key] ?? key, values);
}

/** The lookup for code that runs outside components (form validators, toasts), in the current language. */
export function currentT(): T {
  return translatorFor(useInterfaceTexts.getState().tables[currentLanguage()]);
}

/** The reader's language; it changes the moment the profile language is saved (the session store). */
export function useLanguage(): InterfaceLanguage {
  const profile = useSession((s) => s.user?.language);
  return currentLanguage(profile);
}

/** The reader's language as a BCP 47 tag, for dates and numbers formatted with Intl. */
export function useLocale(): string {
  return HTML_LANG[useLanguage()];
}

/**
 * The interface words in the reader's language.
 *
 * @example
 *   const t = useT();
 *   <h1>{t('auth.login.title')}</h1>
 */
export function useT(): T {
  const language = useLanguage();
  const table = useInterfaceTexts((s) => s.tables[language]);
  useEffect(() => {
    if (!table) void loadTexts(language);
  }, [language, table]);
  return translatorFor(table);
}

/** Whether an English text (a menu label of manifest/menus.yaml) has a key of its own. */
export function hasKey(key: string): key is InterfaceKey {
  return Object.hasOwn(en, key);
}

const byEnglish = new Map(
  Object.entries(en)
    .filter(([k]) => k.startsWith('msg.'))
    .map(([k, text]) => [text, k as InterfaceKey]),
);

/**
 * A message the API sent (SPEC messages are a contract in English, so the server keeps sending
 * them) in the reader's language: a known English message is looked up by its text; any other
 * message is shown as sent.
 */
export function messageText(t: T, english: string): string {
  const key = byEnglish.get(english);
  return key ? t(key) : english;
}
