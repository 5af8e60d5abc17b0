import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { addMonths, monthStart, type OverviewParams } from './overview-params';
import { zonedMonthStart } from './reader-zone';

/**
 * The self-assessment figures of the Programme Overview (SPEC §2 /program-overview) read from the
 * monthly rollups of migration 022 instead of the attempts: the same rows, with the same rounding,
 * as the aggregate queries over assessment_attempts gave, since the period is whole months (UTC).
 * Distinct people over the period are the rollup rows of its months whose previous month with a
 * submission lies before the period (see the migration).
 *
 * The rollups hold UTC months. A reader whose months begin at other instants (any zone ahead of or
 * behind UTC at a month's start, reader-zone.ts) gets the same figures counted from the attempts of
 * exactly their months instead (`attemptFigures`), through the index of migration 020.
 */
const day = (month: string) => sql`${`${month}-01`}::date`;
const regionIn = (regions: readonly string[]): RawBuilder<unknown> =>
  regions.length ? sql`AND r.region IN (${sql.join(regions)})` : sql``;
const mean = sql`CASE WHEN sum(r.scored) > 0 THEN round(sum(r.score_sum) / sum(r.scored), 1) END`;

type Months = Pick<OverviewParams, 'clientId' | 'fromMonth' | 'toMonth' | 'regions' | 'from' | 'until' | 'zone'>;

/** Whether each month of the period begins in the reader's zone when it begins in UTC (the rollups' months). */
export function utcMonths(p: Months): boolean {
  if (p.zone === 'UTC') return true;
  for (let m = p.fromMonth; m <= addMonths(p.toMonth, 1); m = addMonths(m, 1))
    if (zonedMonthStart(m, p.zone).getTime() !== monthStart(m).getTime()) return false;
  return true;
}

/** The same figures counted from the attempts of the period (kept equal to the rollups by tests/api/dashboard-rollups.test.ts). */
const attempted = (p: Months) => {
  const regionIn = p.regions.length ? sql`AND u.region IN (${sql.join(p.regions)})` : sql``;
  const joined = p.regions.length ? sql`JOIN users u ON u.id = a.user_id ${regionIn}` : sql``;
  const where = sql`WHERE a.client_id = ${p.clientId} AND a.status = 'submitted' AND a.submitted_at >= ${p.from} AND a.submitted_at < ${p.until}`;
  const base = sql`assessment_attempts a ${joined} ${where}`;
  return {
    base,
    // With the employee (as `u`) whether or not a region filter needs it.
    withEmployee: sql`assessment_attempts a JOIN users u ON u.id = a.user_id ${regionIn} ${where}`,
    inPeriod: sql`(SELECT a.user_id, a.finding_ids, a.body_scores FROM ${base}) a`,
  };
};
const totalsOf = (base: RawBuilder<unknown>) => sql`count(*) AS total, count(DISTINCT a.user_id) AS participants,
  count(*) FILTER (WHERE a.risk_band = 'low') AS low, count(*) FILTER (WHERE a.risk_band = 'moderate') AS moderate,
  count(*) FILTER (WHERE a.risk_band = 'high') AS high, count(*) FILTER (WHERE a.overall_score >= 5) AS action,
  round(avg(a.overall_score), 1) AS mean FROM ${base}`;
const scoped = (p: Months) => {
  const from = day(p.fromMonth);
  const until = day(addMonths(p.toMonth, 1));
  return {
    facts: (kind: string) =>
      sql`dashboard_month_facts r WHERE r.client_id = ${p.clientId} AND r.kind = ${kind} AND r.month >= ${from} AND r.month < ${until} ${regionIn(p.regions)}`,
    people: (kind: string) =>
      sql`dashboard_month_people r WHERE r.client_id = ${p.clientId} AND r.kind = ${kind} AND r.month >= ${from} AND r.month < ${until}
      AND r.prev_month < ${from} ${regionIn(p.regions)}`,
  };
};

/** Self-assessments, the people who took one, and results by band over whole months (figure-definitions.ts). */
export function rollupTotals(db: Kysely<Database>, p: Months) {
  if (!utcMonths(p))
    return sql<{ total: string; participants: string; low: string; moderate: string; high: string; action: string; mean: string | null }>`
      SELECT ${totalsOf(attempted(p).base)}`.execute(db);
  const { facts, people } = scoped(p);
  return sql<{ total: string; participants: string; low: string; moderate: string; high: string; action: string; mean: string | null }>`
      SELECT coalesce(sum(r.attempts), 0) AS total, (SELECT coalesce(sum(r.people), 0) FROM ${people('all')}) AS participants,
        coalesce(sum(r.low), 0) AS low, coalesce(sum(r.moderate), 0) AS moderate, coalesce(sum(r.high), 0) AS high,
        coalesce(sum(r.action), 0) AS action, ${mean} AS mean
      FROM ${facts('all')}`.execute(db);
}

export async function rollupFigures(db: Kysely<Database>, p: OverviewParams) {
  if (!utcMonths(p)) return attemptFigures(db, p);
  const { facts, people } = scoped(p);
  const [totals, monthly, findings, body, byRegion] = await Promise.all([
    rollupTotals(db, p),
    // The chart follows the chosen period (SPEC §9: January 2021 is the earliest month one may choose).
    // Each month with the people who submitted in it, for the small-group rule per month.
    sql<{ month: string; n: string; people: string }>`SELECT to_char(r.month, 'YYYY-MM') AS month, sum(r.attempts) AS n,
      (SELECT coalesce(sum(m.people), 0) FROM dashboard_month_people m WHERE m.client_id = r.client_id AND m.kind = 'all'
        AND m.month = r.month ${p.regions.length ? sql`AND m.region IN (${sql.join(p.regions)})` : sql``}) AS people
      FROM ${facts('all')} GROUP BY r.client_id, r.month HAVING sum(r.attempts) > 0 ORDER BY r.month`.execute(db),
    sql<{ id: string; n: string }>`SELECT r.key AS id, sum(r.attempts) AS n FROM ${facts('finding')}
      GROUP BY r.key HAVING sum(r.attempts) > 0 ORDER BY sum(r.attempts) DESC, r.key LIMIT 10`.execute(db),
    sql<{ region: string; people: string; mean: string }>`SELECT f.region, coalesce(p.people, 0) AS people, f.mean FROM
      (SELECT r.key AS region, ${mean} AS mean FROM ${facts('body')} GROUP BY r.key HAVING sum(r.attempts) > 0) f
      LEFT JOIN (SELECT r.key AS region, sum(r.people) AS people FROM ${people('body')} GROUP BY r.key) p ON p.region = f.region`.execute(
      db,
    ),
    sql<{ region: string; participants: string; total: string; low: string; moderate: string; high: string; mean: string | null }>`
      SELECT f.region, coalesce(p.people, 0) AS participants, f.total, f.low, f.moderate, f.high, f.mean FROM
      (SELECT r.region, sum(r.attempts) AS total, sum(r.low) AS low, sum(r.moderate) AS moderate, sum(r.high) AS high, ${mean} AS mean
        FROM ${facts('all')} GROUP BY r.region HAVING sum(r.attempts) > 0) f
      LEFT JOIN (SELECT r.region, sum(r.people) AS people FROM ${people('all')} GROUP BY r.region) p ON p.region = f.region`.execute(db),
  ]);
  return { totals, monthly, findings, body, byRegion };
}

/** The figures of `rollupFigures` from the attempts of the reader's months (a zone not on UTC). */
async function attemptFigures(db: Kysely<Database>, p: OverviewParams) {
  const { base, withEmployee, inPeriod } = attempted(p);
  const [totals, monthly, findings, body, byRegion] = await Promise.all([
    rollupTotals(db, p),
    sql<{ month: string; n: string; people: string }>`SELECT to_char(a.submitted_at AT TIME ZONE ${p.zone}, 'YYYY-MM') AS month,
      count(*) AS n, count(DISTINCT a.user_id) AS people FROM ${base} GROUP BY 1 ORDER BY 1`.execute(db),
    sql<{ id: string; n: string }>`SELECT f AS id, count(*) AS n FROM ${inPeriod} CROSS JOIN LATERAL unnest(a.finding_ids) f
      GROUP BY f ORDER BY count(*) DESC, f LIMIT 10`.execute(db),
    sql<{ region: string; people: string; mean: string }>`SELECT b.key AS region, count(DISTINCT a.user_id) AS people,
      round(avg(b.value::numeric), 1) AS mean FROM ${inPeriod} CROSS JOIN LATERAL jsonb_each_text(a.body_scores) b GROUP BY b.key`.execute(
      db,
    ),
    sql<{ region: string; participants: string; total: string; low: string; moderate: string; high: string; mean: string | null }>`
      SELECT coalesce(u.region, '') AS region, count(DISTINCT a.user_id) AS participants, count(*) AS total,
        count(*) FILTER (WHERE a.risk_band = 'low') AS low, count(*) FILTER (WHERE a.risk_band = 'moderate') AS moderate,
        count(*) FILTER (WHERE a.risk_band = 'high') AS high, round(avg(a.overall_score), 1) AS mean
      FROM ${withEmployee} GROUP BY 1`.execute(db),
  ]);
  return { totals, monthly, findings, body, byRegion };
}
