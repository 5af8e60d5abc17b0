import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { SignedInRequest } from '../../http/handler-types';
import { parseDate } from '../../http/request-guards';
import { fail } from '../../http/replies';
import { NOT_FOUND, resolveClient, visibleClientIds } from '../../policies/client-scope';
import { addMonths } from './overview-params';
import { addDays, readerZone, zonedDayStart, zonedToday } from './reader-zone';

export type Query = Record<string, string | undefined>;

/**
 * The client a dashboard call is about: the `client_id` the caller named when they may see it, else
 * their default (resolveClient). Another client's id, or none to show, answers 404 NOT_FOUND and
 * nothing about that client (SPEC §1 "who sees what").
 */
export async function clientOf(ctx: AppContext, request: SignedInRequest<unknown, Query>, reply: FastifyReply): Promise<number | null> {
  const id = await resolveClient(ctx.db, request.caller, request.query.client_id);
  if (id === null) {
    fail(reply, 404, NOT_FOUND);
    return null;
  }
  return id;
}

/** The clients the caller may pick between on a page (id and name, by name). */
export async function pickableClients(ctx: AppContext, request: SignedInRequest): Promise<{ id: number; name: string }[]> {
  const ids = await visibleClientIds(ctx.db, request.caller);
  if (!ids.length) return [];
  const rows = await ctx.db.selectFrom('clients').select(['id', 'company_name']).where('id', 'in', ids).orderBy('company_name').execute();
  return rows.map((r) => ({ id: r.id, name: r.company_name }));
}

export interface Range {
  /** The first instant of the first day and of the day after the last, in the reader's zone. */
  readonly from: Date;
  readonly to: Date;
  /** The reader's time zone (reader-zone.ts) and the days named, both included (YYYY-MM-DD). */
  readonly zone: string;
  readonly fromDay: string;
  readonly toDay: string;
}

/**
 * `from` and `to` (YYYY-MM-DD, both days included; app.ts has checked the format), by default the
 * last twelve months up to today, as days of the reader's time zone (`tz`, reader-zone.ts): the
 * period counts exactly those days there. A range that ends before it starts, or a zone Intl does
 * not know, is a message for a 400.
 */
export function rangeOf(query: Query, now: Date): Range | string {
  const zone = readerZone(query);
  if (typeof zone === 'object') return zone.error;
  const toDay = query.to ? parseDate(query.to)!.toISOString().slice(0, 10) : zonedToday(now, zone);
  const fromDay = query.from ? parseDate(query.from)!.toISOString().slice(0, 10) : `${addMonths(toDay.slice(0, 7), -11)}-01`;
  if (fromDay > toDay) return 'from must be on or before to.';
  return { from: zonedDayStart(fromDay, zone), to: zonedDayStart(addDays(toDay, 1), zone), zone, fromDay, toDay };
}

/** The months a range touches (YYYY-MM), first to last, for figures per month. */
export function monthsIn(range: Range): string[] {
  const months: string[] = [];
  for (let m = range.fromDay.slice(0, 7); m <= range.toDay.slice(0, 7); m = addMonths(m, 1)) months.push(m);
  return months;
}

/** The range as the pages write it: its first and last day. */
export const rangeDays = (range: Range) => ({ from: range.fromDay, to: range.toDay });

/** The month of a timestamp as YYYY-MM in the reader's zone, for figures per month. */
export const monthOf = (column: string, zone: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE ${zone}, 'YYYY-MM')`;

/** A count from the database (bigint arrives as a string on PostgreSQL). */
export const n = (value: unknown): number => Number(value ?? 0);

/** Picks one of `allowed` or answers with the message; undefined when not given. */
export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined | { error: string } {
  if (value === undefined || value === '') return undefined;
  return (allowed as readonly string[]).includes(value) ? (value as T) : { error: `${name} must be one of: ${allowed.join(', ')}.` };
}
