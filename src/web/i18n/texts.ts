import { useEffect } from 'react';
import { create } from 'zustand';
import en from '../../../content/interface/en.yaml';
import { hasMessageShape } from '../../shared/coded-message';
import type { CodedMessage, MessageParam, Term } from '../../shared/server-messages';
import { useSession } from '../session/store';
import { fill, type TextValues } from './fill';
import type { InterfaceKey } from './keys';
import { HTML_LANG, chooseLanguage, type InterfaceLanguage } from './language';
import { partOfKey, type TextPart } from './text-parts';

type Table = Readonly<Record<string, string>>;
export type T = (key: InterfaceKey, values?: TextValues) => string;

/**
 * The interface texts of content/interface/<language>.yaml. English ships with the main bundle (the
 * default and the pre-rendered pages' language); another language is its own small chunk, fetched
 * when a reader needs it.
 */
const loaders = import.meta.glob<{ default: Table }>(['../../../content/interface/*.yaml', '!**/en.yaml']);
const loaderOf = (language: InterfaceLanguage) => loaders[`../../../content/interface/${language}.yaml`];

/**
 * The parts of each language read only by some pages (interface-texts-plugin.ts TEXT_PARTS): the staff
 * sections for the staff pages, the reports sections for the self-assessment and report pages.
 */
const partLoaders: Record<TextPart, Record<string, Loader>> = {
  staff: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?staff' }),
  reports: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?reports' }),
  account: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?account' }),
  outcomes: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?outcomes' }),
  equipment: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?equipment' }),
  targets: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?targets' }),
  training: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?training' }),
  assigning: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?assigning' }),
  certificate: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?certificate' }),
  lms: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?lms' }),
  completion: import.meta.glob<{ default: Table }>('../../../content/interface/*.yaml', { query: '?completion' }),
};
const PARTS = Object.keys(partLoaders) as TextPart[];

type Tables = Partial<Record<InterfaceLanguage, Table>>;
export const useInterfaceTexts = create<{ tables: Tables } & Record<TextPart, Tables>>()(() => ({
  tables: { en },
  ...(Object.fromEntries(PARTS.map((part) => [part, {}])) as Record<TextPart, Tables>),
}));

type Loader = () => Promise<{ default: Table }>;

const pending = new Map<string, Promise<void>>();
/**
 * Fetches one table of a language (its texts, or its staff sections) once: calls while it is on its
 * way share the fetch; a failed fetch leaves English on screen and may be retried.
 */
function loadOnce(part: 'tables' | TextPart, language: InterfaceLanguage, load: Loader | undefined): Promise<void> {
  if (!load || useInterfaceTexts.getState()[part][language]) return Promise.resolve();
  const id = `${part}:${language}`;
  const existing = pending.get(id);
  if (existing) return existing;
  const started = load()
    .then(
      (m) => {
        useInterfaceTexts.setState((s) => ({ ...s, [part]: { ...s[part], [language]: m.default } }));
      },
      () => undefined,
    )
    .finally(() => pending.delete(id));
  pending.set(id, started);
  return started;
}

/** Fetches a language's texts once; a failed fetch leaves English on screen and may be retried. */
export function loadTexts(language: InterfaceLanguage): Promise<void> {
  return loadOnce('tables', language, loaderOf(language));
}

const loadPartTable = (part: TextPart, language: InterfaceLanguage) =>
  loadOnce(part, language, partLoaders[part][`../../../content/interface/${language}.yaml`]);

/**
 * One part's texts in a language and in English (its fallback): the page registry awaits them with
 * the chunk of a page that reads them, so such a page renders translated from its first paint.
 */
export function loadPartTexts(part: TextPart, language: InterfaceLanguage = currentLanguage()): Promise<void> {
  return Promise.all([loadPartTable(part, 'en'), language === 'en' ? null : loadPartTable(part, language)]).then(() => undefined);
}

/** The staff pages' texts (the admin center and the dashboards). */
export const loadStaffTexts = (language?: InterfaceLanguage): Promise<void> => loadPartTexts('staff', language);

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** The signed-in user's profile language, else the browser's, else English (language.ts). */
export function currentLanguage(profile = useSession.getState().user?.language): InterfaceLanguage {
  return chooseLanguage(profile, browserLanguages());
}

/**
 * The text lookup of one language: that language's text, else English's, else the key itself. A text
 * of a part (staff, reports) asked for before the part has arrived reads as nothing for that moment and
 * fetches it (a staff popup on another page); the reader's components re-render when it is there.
 */
export function translatorFor(table: Table | undefined, language: InterfaceLanguage = 'en'): T {
  const state = useInterfaceTexts.getState();
  return (key, values) => {
    let text = table?.[key];
    for (const part of PARTS) text ??= state[part][language]?.[key];
    text ??= en[key];
    if (text !== undefined) return fill(text, values);
    const part = partOfKey(key);
    const texts = state[part];
    // A text whose part has not arrived in this language (the reader changed language): English
    // meanwhile, this language as soon as it is there.
    if (language !== 'en' && !texts[language]) void loadPartTexts(part, language);
    const english = texts.en?.[key];
    if (english !== undefined) return fill(english, values);
    if (texts.en) return key;
    void loadPartTexts(part, language);
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
  // Subscribed so that a component re-renders when a part's sections arrive (one string of which
  // parts have arrived, so the number of hooks is the same on every render).
  useInterfaceTexts((s) => PARTS.map((part) => `${s[part].en ? 1 : 0}${s[part][language] ? 1 : 0}`).join(''));
  useEffect(() => {
    if (!table) void loadTexts(language);
  }, [language, table]);
  return translatorFor(table, language);
}

/** Whether an English text (a menu label of manifest/menus.yaml) has a key of its own. */
export function hasKey(key: string): key is InterfaceKey {
  const state = useInterfaceTexts.getState();
  return Object.hasOwn(en, key) || PARTS.some((part) => Object.hasOwn(state[part].en ?? {}, key));
}

const messagesOf = (table: Table) =>
  Object.entries(table)
    .filter(([k]) => k.startsWith('msg.'))
    .map(([k, text]) => [text, k as InterfaceKey] as const);
const byEnglish = new Map(messagesOf(en));
// The parts' messages join the lookup when they arrive.
useInterfaceTexts.subscribe((s) => {
  for (const part of PARTS) for (const [text, key] of messagesOf(s[part].en ?? {})) if (!byEnglish.has(text)) byEnglish.set(text, key);
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
        .filter(hasMessageShape)
        .map((m) => codedText(t, m))
        .join('; ');
    // A term (a report state, a workflow step): the interface's own word for it, else the English sent.
    const { term, english } = value as Term;
    return typeof term === 'string' && hasKey(term) ? t(term) : String(english);
  };
  const values = Object.fromEntries(Object.entries(message.params).map(([name, value]) => [name, word(value)]));
  return t(`msg.${message.code}` as InterfaceKey, values);
}
