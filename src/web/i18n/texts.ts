import { useEffect } from 'react';
import { create } from 'zustand';
import en from '../../../content/interface/en.yaml';
import { isCodedMessage, type CodedMessage, type MessageParam, type Term } from '../../shared/server-messages';
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

/** The staff sections of each language (interface-texts-plugin.ts STAFF_SECTIONS), fetched for staff pages only. */
const staffLoaders = import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?staff' });

export const useInterfaceTexts = create<{
  tables: Partial<Record<InterfaceLanguage, Table>>;
  staff: Partial<Record<InterfaceLanguage, Table>>;
}>()(() => ({ tables: { en }, staff: {} }));

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

const staffPending = new Map<InterfaceLanguage, Promise<void>>();
function loadStaffTable(language: InterfaceLanguage): Promise<void> {
  const load = staffLoaders[`../../../content/interface/${language}.yaml`];
  if (!load || useInterfaceTexts.getState().staff[language]) return Promise.resolve();
  const existing = staffPending.get(language);
  if (existing) return existing;
  const started = load()
    .then(
      (m) => {
        useInterfaceTexts.setState((s) => ({ staff: { ...s.staff, [language]: m.default } }));
      },
      () => undefined,
    )
    .finally(() => staffPending.delete(language));
  staffPending.set(language, started);
  return started;
}

/**
 * The staff pages' texts in a language and in English (its fallback): the page registry awaits them
 * with an admin or dashboard page's chunk, so such a page renders translated from its first paint.
 */
export function loadStaffTexts(language: InterfaceLanguage = currentLanguage()): Promise<void> {
  return Promise.all([loadStaffTable('en'), language === 'en' ? null : loadStaffTable(language)]).then(() => undefined);
}

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** The signed-in user's profile language, else the browser's, else English (language.ts). */
export function currentLanguage(profile = useSession.getState().user?.language): InterfaceLanguage {
  return chooseLanguage(profile, browserLanguages());
}

/**
 * The text lookup of one language: that language's text, else English's, else the key itself. A staff
 * text asked for before its section has arrived reads as nothing for that moment and fetches it (a
 * staff popup on another page); the reader's components re-render when it is there.
 */
export function translatorFor(table: Table | undefined, language: InterfaceLanguage = 'en'): T {
  const { staff } = useInterfaceTexts.getState();
  const own = staff[language];
  return (key, values) => {
    const text = table?.[key] ?? own?.[key] ?? en[key];
    if (text !== undefined) return fill(text, values);
    // A staff text whose sections have not arrived in this language (the reader changed language):
    // English meanwhile, this language as soon as it is there.
    if (language !== 'en' && !own) void loadStaffTexts(language);
    const english = staff.en?.[key];
    if (english !== undefined) return fill(english, values);
    if (staff.en) return key;
    void loadStaffTexts(language);
    return '';
  };
}

/** The lookup for code that runs outside components (form validators, toasts), in the current language. */
export function currentT(): T {
  const language = currentLanguage();
  return translatorFor(useInterfaceTexts.getState().tables[language], language);
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
  // Subscribed so that a component re-renders when the staff sections arrive.
  useInterfaceTexts((s) => s.staff[language]);
  useInterfaceTexts((s) => s.staff.en);
  useEffect(() => {
    if (!table) void loadTexts(language);
  }, [language, table]);
  return translatorFor(table, language);
}

/** Whether an English text (a menu label of manifest/menus.yaml) has a key of its own. */
export function hasKey(key: string): key is InterfaceKey {
  const staff = useInterfaceTexts.getState().staff.en;
  return Object.hasOwn(en, key) || (staff !== undefined && Object.hasOwn(staff, key));
}

const messagesOf = (table: Table) =>
  Object.entries(table)
    .filter(([k]) => k.startsWith('msg.'))
    .map(([k, text]) => [text, k as InterfaceKey] as const);
const byEnglish = new Map(messagesOf(en));
// The staff sections' messages join the lookup when they arrive.
useInterfaceTexts.subscribe((s) => {
  if (s.staff.en) for (const [text, key] of messagesOf(s.staff.en)) if (!byEnglish.has(text)) byEnglish.set(text, key);
});

/**
 * A message the API sent (SPEC messages are a contract in English, so the server keeps sending
 * them) in the reader's language: a message with variable parts by its code and parameters
 * (`coded`, src/shared/server-messages.ts); a known English message by its text; any other
 * message is shown as sent.
 */
export function messageText(t: T, english: string, coded?: CodedMessage | null): string {
  if (coded) return codedText(t, coded);
  const key = byEnglish.get(english);
  return key ? t(key) : english;
}

/**
 * A coded server message as the interface text `msg.<code>`, its parameters filled in; a
 * parameter that is a list of messages (a row's problems) is worded the same way, joined by "; ";
 * a term (a report state) by its own interface text.
 *
 * @example
 *   codedText(t, { code: 'import.unknown_role', params: { role: 'Pilot' } }) // "Rol desconocido: Pilot"
 */
export function codedText(t: T, message: CodedMessage): string {
  const word = (value: MessageParam): string | number => {
    if (typeof value !== 'object') return value;
    if (Array.isArray(value))
      return (value as readonly unknown[])
        .filter(isCodedMessage)
        .map((m) => codedText(t, m))
        .join('; ');
    // A term (a report state, a workflow step): the interface's own word for it, else the English sent.
    const { term, english } = value as Term;
    return typeof term === 'string' && hasKey(term) ? t(term) : String(english);
  };
  const values = Object.fromEntries(Object.entries(message.params).map(([name, value]) => [name, word(value)]));
  return t(`msg.${message.code}` as InterfaceKey, values);
}
