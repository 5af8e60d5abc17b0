/**
 * One way to write a day, a time and a month per language (SPEC §2: every page, e-mail and PDF in
 * the reader's language), shared by the browser (grids, pages) and the server (e-mails, PDFs) so
 * that "26 Nov 2026" reads the same wherever it appears. Built on Intl; nothing here knows a
 * language's word order.
 *
 * `language` is one of the eight interface codes (en, es, pt, cn, ja, ko, fr, de) or a BCP 47 tag
 * (e.g. the page's `zh-Hans`); the product's "cn" is Simplified Chinese.
 *
 * @example
 *   formatDay('2026-11-26T09:30:00Z', 'de')                        // "26. Nov. 2026"
 *   formatDateTime(when, 'en', { timeZone: 'Europe/Paris', zone: true }) // "Nov 26, 2026, 10:30 AM CET"
 */

/** What may be written as a date: an instant, its ISO text, or milliseconds. */
export type DateInput = Date | string | number;

export interface DateOptions {
  /** IANA time zone to write the instant in; the runtime's own when absent (the browser's, or the server's). */
  readonly timeZone?: string;
}

/** The Intl locale of a language code (cn is Simplified Chinese) or a BCP 47 tag as given. */
export function dateLocale(language: string): string {
  return language === 'cn' ? 'zh-Hans' : language;
}

const DAY = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit' } as const;

// Intl.DateTimeFormat objects are costly to build and a grid formats hundreds of cells: keep them.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(dateLocale(language), options);
    formats.set(key, found);
  }
  return found;
}

const asDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));
const zoned = (o: DateOptions) => (o.timeZone ? { timeZone: o.timeZone } : {});

/**
 * A day: "Nov 26, 2026" (en), "26 nov 2026" (es), "2026年11月26日" (ja). A plain day without a time
 * ("2026-11-26") is written as that day whatever the zone.
 */
export function formatDay(value: DateInput, language: string, options: DateOptions = {}): string {
  const plainDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return formatter(language, { ...DAY, ...(plainDay ? { timeZone: 'UTC' } : zoned(options)) }).format(asDate(value));
}

/** A day and a time: "Nov 26, 2026, 09:30 AM"; `zone: true` names the time zone ("… UTC", "… CET"). */
export function formatDateTime(value: DateInput, language: string, options: DateOptions & { readonly zone?: boolean } = {}): string {
  return formatter(language, { ...DAY, ...TIME, ...zoned(options), ...(options.zone ? { timeZoneName: 'short' } : {}) }).format(
    asDate(value),
  );
}

/** A day written out in full, for letters and reports: "Thursday, November 26, 2026" (with `weekday`) or "November 26, 2026". */
export function formatLongDay(value: DateInput, language: string, options: DateOptions & { readonly weekday?: boolean } = {}): string {
  return formatter(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(options.weekday ? { weekday: 'long' } : {}),
    ...zoned(options),
  }).format(asDate(value));
}

/** A month of a year from "YYYY-MM": "Mar 2026" (`long`: "March 2026"). */
export function formatMonth(month: string, language: string, length: 'short' | 'long' = 'short'): string {
  const [y, m] = month.split('-').map(Number);
  return formatter(language, { month: length, year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, 1)));
}

/** A month's name alone from "YYYY-MM" or an instant: "March" (`short`: "Mar"). */
export function formatMonthName(value: string | Date, language: string, length: 'short' | 'long' = 'long'): string {
  const when = typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) ? new Date(`${value}-01T00:00:00Z`) : asDate(value);
  return formatter(language, { month: length, timeZone: 'UTC' }).format(when);
}

/** A time of day alone: "09:30 AM" (en), "09:30" (de); `zone: true` names the time zone. */
export function formatTime(value: DateInput, language: string, options: DateOptions & { readonly zone?: boolean } = {}): string {
  return formatter(language, { ...TIME, ...zoned(options), ...(options.zone ? { timeZoneName: 'short' } : {}) }).format(asDate(value));
}
