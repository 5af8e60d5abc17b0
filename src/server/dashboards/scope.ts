import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { RequestWith } from '../routes/types';
import { parseDate } from '../http/request-guards';
import { fail } from '../http/replies';
import { NOT_FOUND, resolveClient, visibleClientIds } from '../policies/client-scope';

export type Query = Record<string, string | undefined>;

/**
 * The client a dashboard call is about: the `client_id` the caller named when they may see it, else
 * their default (resolveClient). Another client's id, or none to show, answers 404 NOT_FOUND and
 * nothing about that client (SPEC §1 "who sees what").
 */
export async function clientOf(ctx: AppContext, request: RequestWith<unknown, Query>, reply: FastifyReply): Promise<number | null> {
  const id = await resolveClient(ctx.db, request.caller!, request.query.client_id);
  if (id === null) {
    fail(reply, 404, NOT_FOUND);
    return null;
  }
  return id;
}

/** The clients the caller may pick between on a page (id and name, by name). */
export async function pickableClients(ctx: AppContext, request: FastifyRequest): Promise<{ id: number; name: string }[]> {
  const ids = await visibleClientIds(ctx.db, request.caller!);
  if (!ids.length) return [];
  const rows = await ctx.db.selectFrom('clients').select(['id', 'company_name']).where('id', 'in', ids).orderBy('company_name').execute();
  return rows.map((r) => ({ id: r.id, name: r.company_name }));
}

export interface Range {
  readonly from: Date;
  readonly to: Date;
}
const DAY = 86_400_000;

/**
 * `from` and `to` (YYYY-MM-DD, both days included; app.ts has checked the format), by default the
 * last twelve months up to today. A range that ends before it starts is a message for a 400.
 */
export function rangeOf(query: Query, now: Date): Range | string {
  const to = query.to ? parseDate(query.to)! : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = query.from ? parseDate(query.from)! : new Date(Date.UTC(to.getUTCFullYear() - 1, to.getUTCMonth() + 1, 1));
  if (from > to) return 'from must be on or before to.';
  return { from, to: new Date(to.getTime() + DAY) };
}

/** The month of a timestamp as YYYY-MM (UTC), for figures per month. */
export const monthOf = (column: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM')`;

/** A count from the database (bigint arrives as a string on PostgreSQL). */
export const n = (value: unknown): number => Number(value ?? 0);

/** Picks one of `allowed` or answers with the message; undefined when not given. */
export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined | { error: string } {
  if (value === undefined || value === '') return undefined;
  return (allowed as readonly string[]).includes(value) ? (value as T) : { error: `${name} must be one of: ${allowed.join(', ')}.` };
}
