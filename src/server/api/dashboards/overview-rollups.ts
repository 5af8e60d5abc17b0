import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { addMonths, monthStart, type OverviewParams } from '../../domain/dashboards/overview-params';
import { zonedMonthStart } from '../../domain/dashboards/reader-zone';
import type { SharedFigures } from './overview-shared';

/**
 * The self-assessment figures of the Programme Overview (SPEC §2 /program-overview) read from the
 * monthly rollups of migration 022 instead of the attempts: the same rows, with the same rounding,
 * as the aggregate queries over assessment_attempts give. Distinct people over the period are the
 * rollup rows of its months whose previous month with a submission lies before the period (see the
 * migration).
 *
 * The rollups hold UTC months; the period is whole months of the reader's zone (SPEC §2 dashboards,
 * reader-zone.ts). Between each of the reader's month boundaries and UTC's lies a sliver of at most
 * the zone's offset (under 15 hours, DST and :30/:45 offsets included): an attempt there belongs to
 * one month for the reader and to the next or previous one in UTC. The reader's figures are the
 * rollups of the UTC months plus the attempts of the slivers counted in their reader's month and
 * taken out of their UTC one (`slivers`). Distinct people cannot be summed that way: everyone with an
 * attempt in a sliver is looked at with their attempts of the period, and counted in or out of each
 * month and of the period by whether the reader's or UTC's months hold one of them. A reader 8 hours
 * behind UTC reads about one day of attempts per year of period, through the indexes of migrations
 * 024 and 028, instead of the whole year.
 *
 * Finer rollups (by UTC hour or quarter-hour, which every zone's days are made of) were not chosen:
 * an attempt raises several findings and body regions, so at that grain nearly every (bucket,
 * finding) pair is its own row and the rollup grows to the size of the attempts, and distinct
 * people still could not be summed from it.
 */
const day = (month: string) => sql`${`${month}-01`}::date`;
const regionIn = (regions: readonly string[]): RawBuilder<unknown> =>
  regions.length ? sql`AND r.region IN (${sql.join(regions)})` : sql``;
const mean = sql`CASE WHEN sum(r.scored) > 0 THEN round(sum(r.score_sum) / sum(r.scored), 1) END`;

type Months = Pick<OverviewParams, 'clientId' | 'fromMonth' | 'toMonth' | 'regions' | 'from' | 'until' | 'zone'>;

/**
 * The instants `[lo, hi)` between the reader's start of a month and UTC's, with the month of the
 * period their attempts belong to for the reader and in UTC (null: outside the period). `outer`:
 * only the period's first and last boundary (the inner ones move attempts between two months of
 * the period, which changes no total).
 */
export function slivers(p: Months, outer = false) {
  const inPeriod = (m: string) => (m >= p.fromMonth && m <= p.toMonth ? m : null);
  const last = addMonths(p.toMonth, 1);
  const found: { lo: Date; hi: Date; readerMonth: string | null; utcMonth: string | null }[] = [];
  for (let b = p.fromMonth; b <= last; b = addMonths(b, 1)) {
    if (outer && b !== p.fromMonth && b !== last) continue;
    const zoned = zonedMonthStart(b, p.zone);
    const utc = monthStart(b);
    const before = addMonths(b, -1);
    // Ahead of UTC the reader's month b begins first; behind it, UTC's does.
    if (zoned < utc) found.push({ lo: zoned, hi: utc, readerMonth: inPeriod(b), utcMonth: inPeriod(before) });
    else if (zoned > utc) found.push({ lo: utc, hi: zoned, readerMonth: inPeriod(before), utcMonth: inPeriod(b) });
  }
  return found;
}

type Slivers = ReturnType<typeof slivers>;
const sliverRows = (list: Slivers) =>
  sql`(VALUES ${sql.join(
    list.map(
      (s) => sql`(${s.lo.toISOString()}::timestamptz, ${s.hi.toISOString()}::timestamptz, ${s.readerMonth}::text, ${s.utcMonth}::text)`,
    ),
  )}) s (lo, hi, reader_month, utc_month)`;
/**
 * The employee's region (`u.region`), kept to the region filter. Here and below a lateral subquery
 * with OFFSET 0 (not merged into the join) makes PostgreSQL look up each of the few hundred sliver
 * attempts by index: it cannot estimate ranges given as VALUES and would otherwise hash the whole client.
 */
const employeeOf = (p: Months, column: RawBuilder<unknown>) =>
  sql`CROSS JOIN LATERAL (SELECT coalesce(u.region, '') AS region FROM users u WHERE u.id = ${column}
    ${p.regions.length ? sql`AND coalesce(u.region, '') IN (${sql.join(p.regions)})` : sql``} OFFSET 0) u`;
/** The client's submitted attempts of each sliver `s`, as `a`. */
const inSlivers = (p: Months, columns: RawBuilder<unknown>) =>
  sql`CROSS JOIN LATERAL (SELECT ${columns} FROM assessment_attempts a WHERE a.client_id = ${p.clientId} AND a.status = 'submitted'
    AND a.submitted_at >= s.lo AND a.submitted_at < s.hi OFFSET 0) a`;

/** The attempts of the slivers: +1 in the reader's month, -1 in the UTC one, as rows of dashboard_month_facts. */
const sliverFacts = (p: Months, list: Slivers, kind: string) => sql`
  SELECT t.month, u.region, x.key, t.sign AS attempts,
    CASE WHEN x.kind = 'all' AND a.risk_band = 'low' THEN t.sign ELSE 0 END AS low,
    CASE WHEN x.kind = 'all' AND a.risk_band = 'moderate' THEN t.sign ELSE 0 END AS moderate,
    CASE WHEN x.kind = 'all' AND a.risk_band = 'high' THEN t.sign ELSE 0 END AS high,
    CASE WHEN x.kind = 'all' AND a.overall_score >= 5 THEN t.sign ELSE 0 END AS action,
    CASE WHEN x.value IS NOT NULL THEN t.sign ELSE 0 END AS scored, coalesce(t.sign * x.value, 0) AS score_sum
  FROM ${sliverRows(list)} ${inSlivers(p, sql`a.user_id, a.overall_score, a.risk_band, a.finding_ids, a.body_scores`)}
  ${employeeOf(p, sql`a.user_id`)}
  CROSS JOIN LATERAL (VALUES (s.reader_month, 1), (s.utc_month, -1)) t (month, sign)
  CROSS JOIN LATERAL (
    SELECT 'all'::text, ''::text, a.overall_score::numeric
    UNION ALL SELECT 'finding', f, NULL::numeric FROM unnest(a.finding_ids) f
    UNION ALL SELECT 'body', b.key, b.value::numeric FROM jsonb_each_text(a.body_scores) b
  ) x (kind, key, value)
  WHERE t.month IS NOT NULL AND x.kind = ${kind}`;

/**
 * Everyone with an attempt in a sliver, with each of their attempts from the start of the period
 * (theirs or UTC's, the earlier) to its end (the later), the month of the period it is in for the
 * reader and in UTC (null: outside), (`body`) its body regions and (`region`, needed unless every
 * region is counted and the rows are not grouped by region) the employee's region.
 */
const touched = (p: Months, list: Slivers, body = false, region = true) => {
  const utcFrom = monthStart(p.fromMonth);
  const utcUntil = monthStart(addMonths(p.toMonth, 1));
  const lo = p.from < utcFrom ? p.from : utcFrom;
  const hi = p.until > utcUntil ? p.until : utcUntil;
  const utcMonth = sql`CASE WHEN a.submitted_at >= ${utcFrom.toISOString()}::timestamptz AND a.submitted_at < ${utcUntil.toISOString()}::timestamptz
    THEN to_char(a.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM') END`;
  return sql`(
    WITH c AS MATERIALIZED (SELECT DISTINCT a.user_id FROM ${sliverRows(list)} ${inSlivers(p, sql`a.user_id`)})
    SELECT c.user_id, ${region ? sql`u.region` : sql`''::text AS region`}, ${body ? sql`a.body_scores` : sql`NULL::jsonb AS body_scores`},
      CASE WHEN s.lo IS NULL THEN ${utcMonth} ELSE s.reader_month END AS reader_month,
      CASE WHEN s.lo IS NULL THEN ${utcMonth} ELSE s.utc_month END AS utc_month
    FROM c CROSS JOIN LATERAL (SELECT a.submitted_at${body ? sql`, a.body_scores` : sql``} FROM assessment_attempts a
      WHERE a.client_id = ${p.clientId} AND a.user_id = c.user_id AND a.status = 'submitted'
        AND a.submitted_at >= ${lo.toISOString()}::timestamptz AND a.submitted_at < ${hi.toISOString()}::timestamptz OFFSET 0) a
    ${region ? employeeOf(p, sql`c.user_id`) : sql``}
    LEFT JOIN ${sliverRows(list)} ON a.submitted_at >= s.lo AND a.submitted_at < s.hi
  )`;
};

/** Per person (and body region): +1 when the reader's period holds one of their attempts, -1 when the UTC months do. */
const sliverPeople = (p: Months, list: Slivers, kind: string) =>
  kind === 'all'
    ? sql`SELECT t.region, ''::text AS key, bool_or(t.reader_month IS NOT NULL)::int - bool_or(t.utc_month IS NOT NULL)::int AS people
      FROM ${touched(p, list)} t GROUP BY t.user_id, t.region`
    : sql`SELECT t.region, b AS key, bool_or(t.reader_month IS NOT NULL)::int - bool_or(t.utc_month IS NOT NULL)::int AS people
      FROM ${touched(p, list, true)} t CROSS JOIN LATERAL jsonb_object_keys(t.body_scores) b GROUP BY t.user_id, t.region, b`;

const scoped = (p: Months) => {
  const from = day(p.fromMonth);
  const until = day(addMonths(p.toMonth, 1));
  const all = slivers(p);
  const outer = slivers(p, true);
  return {
    /** Rows of dashboard_month_facts (month as YYYY-MM of the reader) of the period, as `r`. */
    facts: (kind: string) => sql`(
      SELECT to_char(r.month, 'YYYY-MM') AS month, r.region, r.key, r.attempts, r.low, r.moderate, r.high, r.action, r.scored, r.score_sum
      FROM dashboard_month_facts r WHERE r.client_id = ${p.clientId} AND r.kind = ${kind} AND r.month >= ${from} AND r.month < ${until} ${regionIn(p.regions)}
      ${all.length ? sql`UNION ALL ${sliverFacts(p, all, kind)}` : sql``}) r`,
    /** Rows whose people sum to the distinct people of the period, as `r` (region, key, people). */
    people: (kind: string) => sql`(
      SELECT r.region, r.key, r.people FROM dashboard_month_people r WHERE r.client_id = ${p.clientId} AND r.kind = ${kind}
        AND r.month >= ${from} AND r.month < ${until} AND r.prev_month < ${from} ${regionIn(p.regions)}
      ${outer.length ? sql`UNION ALL ${sliverPeople(p, outer, kind)}` : sql``}) r`,
    /** The distinct people of each month of the period (the reader's months). */
    monthlyPeople: sql`(
      SELECT to_char(r.month, 'YYYY-MM') AS month, r.people FROM dashboard_month_people r WHERE r.client_id = ${p.clientId} AND r.kind = 'all'
        AND r.month >= ${from} AND r.month < ${until} ${regionIn(p.regions)}
      ${
        all.length
          ? sql`UNION ALL SELECT d.month, d.sign FROM (SELECT DISTINCT t.user_id, x.month, x.sign FROM ${touched(p, all, false, p.regions.length > 0)} t
              CROSS JOIN LATERAL (VALUES (t.reader_month, 1), (t.utc_month, -1)) x (month, sign) WHERE x.month IS NOT NULL) d`
          : sql``
      }) r`,
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

/**
 * Each month of the chart with its self-assessments and, for the small-group rule per month, the people
 * who submitted in it. `atLeast`: a reader off UTC gets, for each month whose UTC rollup shows that
 * at least five people stay in it after the slivers took out one attempt each, that lower bound
 * instead of the exact count (which reads every sliver person's attempts of the period): the rule
 * only asks whether five or more people are behind a count, so the chart is the same. Any month
 * below five is counted exactly.
 */
async function monthlyRows(db: Kysely<Database>, p: Months, atLeast: boolean) {
  const { facts, monthlyPeople } = scoped(p);
  const exact = () =>
    sql<{ month: string; n: string; people: string }>`SELECT f.month, f.n, coalesce(m.people, 0) AS people FROM
      (SELECT r.month, sum(r.attempts) AS n FROM ${facts('all')} GROUP BY r.month HAVING sum(r.attempts) > 0) f
      LEFT JOIN (SELECT r.month, sum(r.people) AS people FROM ${monthlyPeople} GROUP BY r.month) m ON m.month = f.month
      ORDER BY f.month`.execute(db);
  if (!atLeast || !slivers(p).length) return exact();
  // Rollup rows never count below zero: the negative rows are the sliver attempts leaving a UTC month.
  const bound = await sql<{
    month: string;
    n: string;
    people: string;
  }>`SELECT f.month, f.n, coalesce(m.people, 0) - f.leaving AS people FROM
      (SELECT r.month, sum(r.attempts) AS n, coalesce(sum(-r.attempts) FILTER (WHERE r.attempts < 0), 0) AS leaving
        FROM ${facts('all')} GROUP BY r.month HAVING sum(r.attempts) > 0) f
      LEFT JOIN (SELECT to_char(r.month, 'YYYY-MM') AS month, sum(r.people) AS people FROM dashboard_month_people r
        WHERE r.client_id = ${p.clientId} AND r.kind = 'all' AND r.month >= ${day(p.fromMonth)} AND r.month < ${day(addMonths(p.toMonth, 1))}
        ${regionIn(p.regions)} GROUP BY 1) m ON m.month = f.month
      ORDER BY f.month`.execute(db);
  return bound.rows.every((r) => Number(r.people) >= 5) ? bound : exact();
}

export async function rollupFigures(
  db: Kysely<Database>,
  p: OverviewParams,
  options: { shared?: Pick<SharedFigures, 'totals'>; monthlyPeopleAtLeast?: boolean } = {},
) {
  const { facts, people } = scoped(p);
  const [totals, monthly, findings, body, byRegion] = await Promise.all([
    options.shared ? options.shared.totals() : rollupTotals(db, p),
    // The chart follows the chosen period (SPEC §9: January 2021 is the earliest month one may choose).
    monthlyRows(db, p, options.monthlyPeopleAtLeast ?? false),
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
