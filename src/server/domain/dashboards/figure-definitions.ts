import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { EMPLOYEE_PERMISSION } from '../../../shared/employee-permission';
import type { OutcomeKey } from '../../../shared/dashboards/outcomes';

/**
 * The programme figures about people and reports, each defined once (SPEC §1 "what programme
 * managers see"): every page, chart, table and export that shows one of them counts it here, so the
 * same figure for the same client, period and regions is the same number everywhere. Each has a
 * "how this is counted" text (interface key `staff.figures.how.<key>`, eight languages) shown beside it.
 *
 * A period is `[from, until)`: the first instant of its first day and of the day after its last, so it
 * counts exactly the days it names.
 */
export interface FigureScope {
  readonly clientId: number;
  readonly from: Date;
  readonly until: Date;
  /** Employee regions to keep; empty keeps every region. */
  readonly regions: readonly string[];
}

export const FIGURE_KEYS = [
  'eligible',
  'participants',
  'participation_share',
  'self_assessments',
  'high_risk_share',
  'reports_finalized',
  'follow_ups_answered',
  'open_requests',
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** The interface text that says how a figure is counted; the risk-reduction panel's outcomes (OUTCOME_KEYS) are counted in outcome-figures.ts. */
export const howCounted = (key: FigureKey | OutcomeKey) => `staff.figures.how.${key}`;

/** A report counts as finalized while it is in this state: one hidden afterwards no longer does. */
export const FINALIZED_STATUS = 'finalized';
/** A request is open while it waits to be booked (evaluation-requests.ts `open`). */
export const OPEN_REQUEST_STATUS = 'requested';
/**
 * Days a follow-up stays *due* after its due date; *overdue* after that without an answer (the
 * follow-up page's states, api/activity/follow-ups.ts, and the overview's attention list).
 */
export const ANSWER_WINDOW_DAYS = 14;

/** `AND u.region IN (…)` when regions are chosen; the employee is `u`. */
export const regionFilter = (regions: readonly string[]): RawBuilder<unknown> =>
  regions.length ? sql`AND u.region IN (${sql.join([...regions])})` : sql``;

/** The employee as `u`, joined only when a region filter needs it. */
export const employeeIn = (regions: readonly string[], column: RawBuilder<unknown>): RawBuilder<unknown> =>
  regions.length ? sql`JOIN users u ON u.id = ${column} AND u.region IN (${sql.join([...regions])})` : sql``;

/**
 * Eligible employees: the client's active accounts whose role makes them employees, counted from the rollup of accounts by client, role, status and region
 * (migration 032, kept by triggers on users), as `ec` with `ec.people` to sum: a few rows per client
 * instead of one per account. Which roles count is read here, so a permission change counts at once.
 */
export const eligibleCounts = (clientId: number | RawBuilder<unknown>) =>
  sql`user_counts ec WHERE ec.client_id = ${clientId} AND ec.status = 'active'
    AND ec.role_id IN (SELECT role_id FROM role_permissions WHERE permission = ${EMPLOYEE_PERMISSION})`;

const num = (v: unknown) => Number(v ?? 0);

/** Eligible employees by region (today's accounts: a count of people, not of a period). */
export async function eligibleByRegion(db: Kysely<Database>, clientId: number, regions: readonly string[]) {
  const rows = await sql<{
    region: string | null;
    n: string;
  }>`SELECT CASE WHEN ec.has_region THEN ec.region END AS region, sum(ec.people) AS n
    FROM ${eligibleCounts(clientId)} ${regions.length ? sql`AND ec.has_region AND ec.region IN (${sql.join([...regions])})` : sql``}
    GROUP BY 1 HAVING sum(ec.people) > 0`.execute(db);
  return rows.rows.map((r) => ({ region: r.region, count: num(r.n) }));
}

/**
 * Rows and distinct people of `rows` (a FROM clause whose person is `person`): grouped by person in
 * a hash first, so no row is sorted (count(DISTINCT …) sorts every row, which PGlite does slowly).
 */
export const rowsAndPeople = (person: RawBuilder<unknown>, rows: RawBuilder<unknown>, by?: RawBuilder<unknown>) =>
  by
    ? sql`SELECT g.k AS key, sum(g.n) AS n, count(g.p) AS people FROM (SELECT ${by} AS k, ${person} AS p, count(*) AS n FROM ${rows} GROUP BY 1, 2) g GROUP BY g.k`
    : sql`SELECT coalesce(sum(g.n), 0) AS n, count(g.p) AS people FROM (SELECT ${person} AS p, count(*) AS n FROM ${rows} GROUP BY 1) g`;

/** Reports finalized: reports finalized in the period and still finalized (not hidden since), and their employees. */
export async function reportsFinalized(db: Kysely<Database>, s: FigureScope) {
  const row = (
    await sql<{ n: string; people: string }>`${rowsAndPeople(
      sql`e.employee_id`,
      sql`evaluations e ${employeeIn(s.regions, sql`e.employee_id`)}
      WHERE e.client_id = ${s.clientId} AND e.status = ${FINALIZED_STATUS} AND e.finalized_at >= ${s.from} AND e.finalized_at < ${s.until}`,
    )}`.execute(db)
  ).rows[0];
  return { reports: num(row?.n), people: num(row?.people) };
}

/** Follow-ups answered: follow-ups whose answer arrived in the period, and the employees who answered. */
export async function followUpsAnswered(db: Kysely<Database>, s: FigureScope) {
  const row = (
    await sql<{ n: string; people: string }>`${rowsAndPeople(
      sql`f.employee_id`,
      sql`follow_ups f ${employeeIn(s.regions, sql`f.employee_id`)}
      WHERE f.client_id = ${s.clientId} AND f.answered_at >= ${s.from} AND f.answered_at < ${s.until}`,
    )}`.execute(db)
  ).rows[0];
  return { answered: num(row?.n), people: num(row?.people) };
}

/** Open evaluation requests: requests waiting to be booked today, and the employees who made them. */
export async function openRequests(db: Kysely<Database>, clientId: number, regions: readonly string[]) {
  const row = (
    await sql<{ n: string; people: string }>`${rowsAndPeople(
      sql`r.user_id`,
      sql`evaluation_requests r ${employeeIn(regions, sql`r.user_id`)}
      WHERE r.client_id = ${clientId} AND r.status = ${OPEN_REQUEST_STATUS}`,
    )}`.execute(db)
  ).rows[0];
  return { requests: num(row?.n), people: num(row?.people) };
}

/** A share in per cent with one decimal; 0 of nothing is 0. */
export const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
