import { EMPLOYEE_PERMISSION } from '../../../shared/employee-permission';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { employeeSearchGrid, type EmployeeSearchGridSort } from '../../../../generated/grids';
import { parseDeclaredGridQuery, type GridQuery } from '../../http/grid-query';

/**
 * Employee search (SPEC §2 /user/employee-search and its client-manager and evaluator routes): one
 * client's employees, found by the start of their e-mail address, full name or last name in any
 * letter case, filtered by region, by the band of their latest self-assessment, by the date of that
 * assessment and by whether they have an open evaluation request; paged and sorted on the server.
 *
 * Speed (100,000 employees across 50 clients, tests/bench/employee-search.ts): the name and e-mail
 * match is `lower(…) LIKE 'prefix%'` served by the client-led expression indexes of migration 024,
 * which PGlite has too (no pg_trgm there). The latest self-assessment per employee is one
 * DISTINCT ON over that client's submitted attempts (index assessment_attempts_client_user_latest).
 */

/** The sort keys and filters are declared in manifest/grids/employee_search.yaml (generated/grids.ts). */
export type SortKey = EmployeeSearchGridSort;
const BANDS = ['low', 'moderate', 'high', 'none'] as const;

/** Fixed SQL per sort key: names from the query string never reach the SQL text. */
const ORDER: Record<SortKey, string> = {
  name: 'lower(u.last_name), lower(u.first_name)',
  email: 'lower(u.email)',
  region: 'u.region',
  last_assessment: 'l.submitted_at',
  // Risk order, not alphabetical: low < moderate < high.
  band: "CASE l.risk_band WHEN 'low' THEN 1 WHEN 'moderate' THEN 2 WHEN 'high' THEN 3 END",
  score: 'l.overall_score',
  open_requests: 'coalesce(o.open_requests, 0)',
};

export interface SearchQuery extends GridQuery<SortKey> {
  band?: (typeof BANDS)[number];
  from?: string;
  to?: string;
  openRequests?: boolean;
  region?: string;
}

/** The query string checked strictly: any unknown sort key, band or flag is a message for a 400. */
export function parseSearchQuery(raw: Record<string, string | undefined>): SearchQuery | string {
  const grid = parseDeclaredGridQuery(raw, employeeSearchGrid);
  if (typeof grid === 'string') return grid;
  const f = grid.filters;
  const query: SearchQuery = { ...grid };
  if (f.band !== undefined) {
    if (!(BANDS as readonly string[]).includes(f.band)) return `band must be one of: ${BANDS.join(', ')}.`;
    query.band = f.band as SearchQuery['band'];
  }
  if (f.open_requests !== undefined) {
    if (f.open_requests !== 'yes' && f.open_requests !== 'no') return 'open_requests must be yes or no.';
    query.openRequests = f.open_requests === 'yes';
  }
  // from and to are checked as real dates by request-guards.ts before any handler runs.
  if (f.from) query.from = f.from;
  if (f.to) query.to = f.to;
  if (query.from && query.to && query.from > query.to) return 'from must not be after to.';
  if (f.region) query.region = f.region;
  return query;
}

export interface EmployeeRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  region: string | null;
  status: string;
  last_assessment_at: string | null;
  last_area: string | null;
  band: string | null;
  score: number | null;
  open_requests: number;
}

/** `prefix%` for LIKE, lower case, with the user's own % _ and \ taken literally. */
function prefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The roles that make a user an employee: read first, so the planner sees a plain list, not a join it misjudges. */
export async function employeeRoleIds(db: Kysely<Database>): Promise<number[]> {
  return (await db.selectFrom('role_permissions').select('role_id').where('permission', '=', EMPLOYEE_PERMISSION).execute()).map(
    (r) => r.role_id,
  );
}

function where(clientId: number, roleIds: readonly number[], q: SearchQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`u.client_id = ${clientId}`, sql`u.role_id = ANY(${sql.val([...roleIds])}::int[])`];
  if (q.q) {
    const p = prefix(q.q);
    parts.push(sql`(lower(u.email) LIKE ${p} OR lower(u.first_name || ' ' || u.last_name) LIKE ${p} OR lower(u.last_name) LIKE ${p})`);
  }
  if (q.region) parts.push(sql`u.region = ${q.region}`);
  if (q.band === 'none') parts.push(sql`l.user_id IS NULL`);
  else if (q.band) parts.push(sql`l.risk_band = ${q.band}`);
  if (q.from) parts.push(sql`l.submitted_at >= ${q.from}::date`);
  // Up to the end of the named day.
  if (q.to) parts.push(sql`l.submitted_at < ${q.to}::date + 1`);
  if (q.openRequests === true) parts.push(sql`o.user_id IS NOT NULL`);
  if (q.openRequests === false) parts.push(sql`o.user_id IS NULL`);
  return sql.join(parts, sql` AND `);
}

/**
 * The statement. Both CTEs are MATERIALIZED and hash-joined: inlined, a misjudged row count made
 * PostgreSQL re-run the latest-attempt subquery once per matching employee (nested loop, 160 ms at
 * 2,000 employees). `l` reads index assessment_attempts_client_user_latest in its own order (no sort).
 */
export function base(clientId: number, roleIds: readonly number[], q: SearchQuery): RawBuilder<unknown> {
  return sql`
    WITH l AS MATERIALIZED (
      SELECT DISTINCT ON (a.user_id) a.user_id, a.submitted_at, a.area, a.risk_band, a.overall_score
      FROM assessment_attempts a WHERE a.client_id = ${clientId} AND a.status = 'submitted'
      ORDER BY a.user_id, a.submitted_at DESC, a.id DESC
    ), o AS MATERIALIZED (
      SELECT r.user_id, count(*)::int AS open_requests FROM evaluation_requests r
      WHERE r.client_id = ${clientId} AND r.status IN ('requested', 'scheduled') GROUP BY r.user_id
    )
    SELECT u.id, u.first_name, u.last_name, u.email, u.region, u.status,
      l.submitted_at AS last_assessment_at, l.area AS last_area, l.risk_band AS band, l.overall_score AS score,
      coalesce(o.open_requests, 0) AS open_requests, count(*) OVER () AS total
    FROM users u LEFT JOIN l ON l.user_id = u.id LEFT JOIN o ON o.user_id = u.id
    WHERE ${where(clientId, roleIds, q)}
    ORDER BY ${sql.raw(ORDER[q.sort])} ${sql.raw(q.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}, u.id ${sql.raw(q.dir === 'desc' ? 'DESC' : 'ASC')}`;
}

/** One page of a client's employees and the number matching, in one statement. */
export async function searchEmployees(
  db: Kysely<Database>,
  clientId: number,
  q: SearchQuery,
  limit = q.size,
): Promise<{ rows: EmployeeRow[]; total: number }> {
  const roleIds = await employeeRoleIds(db);
  const result = await sql<EmployeeRow & { total: string }>`${base(clientId, roleIds, q)} LIMIT ${limit} OFFSET ${q.start}`.execute(db);
  const total = result.rows.length ? Number(result.rows[0].total) : q.start > 0 ? await countEmployees(db, clientId, roleIds, q) : 0;
  return {
    total,
    rows: result.rows.map(({ total: _t, ...r }) => ({
      ...r,
      id: Number(r.id),
      score: r.score === null ? null : Number(r.score),
      open_requests: Number(r.open_requests),
      last_assessment_at: r.last_assessment_at === null ? null : new Date(r.last_assessment_at).toISOString(),
    })),
  };
}

/** The count alone, for a page past the end (where the window count has no row to ride on). */
async function countEmployees(db: Kysely<Database>, clientId: number, roleIds: readonly number[], q: SearchQuery): Promise<number> {
  const result = await sql<{ n: string }>`SELECT count(*) AS n FROM (${base(clientId, roleIds, q)}) s`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** The client's regions as its employees carry them, for the region filter. */
export async function employeeRegions(db: Kysely<Database>, clientId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('region')
    .distinct()
    .where('client_id', '=', clientId)
    .where('region', 'is not', null)
    .orderBy('region')
    .limit(200)
    .execute();
  return rows.map((r) => r.region!).filter(Boolean);
}
