/**
 * Checks every call's address before its handler runs, so no handler ever sees a value the database
 * would refuse with an error (OWASP ASVS V5.1.3 "input validation at a trusted service layer", V5.1.4
 * "structured data strongly typed"). A failed check is a message for a 400; nothing is guessed.
 */

/** The largest id a PostgreSQL `integer` (and so every id column's foreign keys) can hold. */
export const MAX_ID = 2 ** 31 - 1;
const ID = /^[1-9]\d{0,9}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Names that reach Object.prototype when used as a property name (prototype pollution). */
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
/** Query names read as whole numbers by the grids (offset and page size). */
const WHOLE_NUMBERS = new Set(['start', 'size']);
/** Query names read as calendar dates (the audit log's range). */
const DATES = new Set(['from', 'to']);

/** A positive id that fits the database's `integer` (1..2^31-1), or null. */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : null;
  if (typeof value !== 'string' || !ID.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** A real calendar day YYYY-MM-DD between the years 1900 and 9999 (at 00:00 UTC), or null. */
export function parseDate(value: unknown): Date | null {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-30 rolls over to March: only a day that exists round-trips.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** An address parameter named `id` or ending in `Id` (clientId, userId, roleId) is a database id. */
export function isIdName(name: string): boolean {
  return name === 'id' || /[a-z]Id$/.test(name);
}

/** A NUL anywhere in the address, encoded or not: PostgreSQL text cannot hold it. */
export function urlProblem(url: string): string | null {
  return /%00|\0/i.test(url) ? 'The address must not contain a NUL character.' : null;
}

/** Path parameters: ids in range; no NUL. */
export function paramsProblem(params: Record<string, string | undefined>): string | null {
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (value.includes('\0')) return 'The address must not contain a NUL character.';
    if (isIdName(name) && parseId(value) === null) return `The ${name} in the address must be a whole number from 1 to ${MAX_ID}.`;
  }
  return null;
}

/**
 * The query string: each name once, no prototype names, no NUL, at most 2,000 characters a value,
 * and the names every grid shares (start, size, *_id, from, to) in range.
 */
export function queryProblem(query: Record<string, unknown>): string | null {
  for (const name of Object.keys(query)) {
    const value = query[name];
    if (PROTOTYPE_NAMES.has(name)) return `The query parameter ${name} is not allowed.`;
    if (Array.isArray(value)) return `The query parameter ${name} must be given only once.`;
    if (typeof value !== 'string') return `The query parameter ${name} is not valid.`;
    if (name.includes('\0') || value.includes('\0')) return 'The address must not contain a NUL character.';
    if (value.length > 2000) return `The query parameter ${name} is too long.`;
    if (value === '') continue;
    if (WHOLE_NUMBERS.has(name) && !/^\d{1,10}$/.test(value)) return `${name} must be a whole number of 0 or more.`;
    if (WHOLE_NUMBERS.has(name) && Number(value) > MAX_ID) return `${name} must be at most ${MAX_ID}.`;
    if (name.endsWith('_id') && parseId(value) === null) return `${name} must be a whole number from 1 to ${MAX_ID}.`;
    if (DATES.has(name) && parseDate(value) === null) return `${name} must be a date (YYYY-MM-DD) from the year 1900 on.`;
  }
  return null;
}
