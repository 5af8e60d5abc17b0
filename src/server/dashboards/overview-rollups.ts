import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { addMonths, type OverviewParams } from './overview-params';

/**
 * The self-assessment figures of the Programme Overview (SPEC §2 /program-overview) read from the
 * monthly rollups of migration 022 instead of the attempts: the same rows, with the same rounding,
 * as the aggregate queries over assessment_attempts gave, since the period is whole months (UTC).
 * Distinct people over the period are the rollup rows of its months whose previous month with a
 * submission lies before the period (see the migration).
 */
const day = (month: string) => sql`${`${month}-01`}::date`;
const regionIn = (regions: readonly string[]): RawBuilder<unknown> =>
  regions.length ? sql`AND r.region IN (${sql.join(regions)})` : sql``;
const mean = sql`CASE WHEN sum(r.scored) > 0 THEN round(sum(r.score_sum) / sum(r.scored), 1) END`;

type Months = Pick<OverviewParams, 'clientId' | 'fromMonth' | 'toMonth' | 'regions'>;
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
  const { facts, people } = scoped(p);
  return sql<{ total: string; participants: string; low: string; moderate: string; high: string; action: string; mean: string | null }>`
      SELECT coalesce(sum(r.attempts), 0) AS total, (SELECT coalesce(sum(r.people), 0) FROM ${people('all')}) AS participants,
        coalesce(sum(r.low), 0) AS low, coalesce(sum(r.moderate), 0) AS moderate, coalesce(sum(r.high), 0) AS high,
        coalesce(sum(r.action), 0) AS action, ${mean} AS mean
      FROM ${facts('all')}`.execute(db);
}

export async function rollupFigures(db: Kysely<Database>, p: OverviewParams) {
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
