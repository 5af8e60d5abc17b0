import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { LIVE_ACTION_STATES } from '../../../shared/actions/action-rules';
import { RECEIVED_EQUIPMENT_STATES, ROSA_AREAS } from '../../../shared/dashboards/outcomes';
import { employeeIn, type FigureScope } from './figure-definitions';

/**
 * The outcome figures of the risk-reduction panel (docs/product.md "Outcomes: the risk-reduction
 * panel"), each defined here once; their "how this is counted" texts are `staff.figures.how.<key>`
 * (figure-definitions.ts `howCounted`).
 *
 * The measured employees: those with a corrective action raised in the period, each at their first
 * such action. *Before* is their latest submitted self-assessment at or before that moment (the one
 * that raised it, for an action from a self-assessment); *after* is their latest submitted
 * self-assessment later than it and before the period ends. Only employees with both are measured.
 * - moved out of high risk: *before* high risk, *after* not;
 * - ROSA change: *after* − *before* overall score, where both are ROSA areas (ROSA_AREAS); the median;
 * - discomfort: per Cornell body region, the employees reporting it (a score above 0) before and after;
 * - cost: equipment requested by the employees moved out from their first action until their *after*
 *   self-assessment that reached them (RECEIVED_EQUIPMENT_STATES), in the client's equipment currency.
 */
export interface OutcomeRows {
  /** Employees measured (with a before and an after), those high risk before, and those moved out. */
  readonly measured: number;
  readonly highBefore: number;
  readonly movedOut: number;
  /** Employees with a ROSA score before and after, and the median change (null without any). */
  readonly rosaPeople: number;
  readonly rosaMedian: number | null;
  /** Employees reporting discomfort anywhere before and after. */
  readonly anyBefore: number;
  readonly anyAfter: number;
  /** Employees reporting discomfort in each body region before and after (regions nobody reported are absent). */
  readonly regions: ReadonlyMap<string, { before: number; after: number }>;
  /** Equipment cost (minor units) of the employees moved out, and how many requests it came from. */
  readonly costCents: number;
  readonly costRequests: number;
}

const num = (v: unknown) => Number(v ?? 0);
const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/** One row per measured employee: their first action in the period and their before and after self-assessments. */
const measured = (s: FigureScope) => sql`
  first_action AS (
    SELECT a.user_id, min(a.created_at) AS at
    FROM corrective_actions a ${employeeIn(s.regions, sql`a.user_id`)}
    WHERE a.client_id = ${s.clientId} AND a.created_at >= ${s.from} AND a.created_at < ${s.until}
    GROUP BY a.user_id
  ),
  pairs AS MATERIALIZED (
    SELECT f.user_id, f.at, b.risk_band AS b_band, b.overall_score AS b_score, b.area AS b_area, b.body_scores AS b_body,
      n.risk_band AS n_band, n.overall_score AS n_score, n.area AS n_area, n.body_scores AS n_body, n.submitted_at AS n_at
    FROM first_action f
    JOIN LATERAL (
      SELECT t.risk_band, t.overall_score, t.area, t.body_scores FROM assessment_attempts t
      WHERE t.client_id = ${s.clientId} AND t.user_id = f.user_id AND t.status = 'submitted' AND t.submitted_at <= f.at
      ORDER BY t.submitted_at DESC, t.id DESC LIMIT 1) b ON true
    JOIN LATERAL (
      SELECT t.risk_band, t.overall_score, t.area, t.body_scores, t.submitted_at FROM assessment_attempts t
      WHERE t.client_id = ${s.clientId} AND t.user_id = f.user_id AND t.status = 'submitted'
        AND t.submitted_at > f.at AND t.submitted_at < ${s.until}
      ORDER BY t.submitted_at DESC, t.id DESC LIMIT 1) n ON true
  )`;

/** The outcome figures of a client, period and regions, in one statement (the measured employees are found once). */
export async function outcomeRows(db: Kysely<Database>, s: FigureScope, currency: string): Promise<OutcomeRows> {
  const rosa = list(ROSA_AREAS);
  const rows = await sql<{ k: string; region: string | null; a: string | null; b: string | null; c: string | null; m: number | null }>`
    WITH ${measured(s)},
    moved AS (SELECT user_id, at, n_at FROM pairs WHERE b_band = 'high' AND n_band <> 'high')
    SELECT 'all' AS k, NULL AS region, count(*) AS a, count(*) FILTER (WHERE b_band = 'high') AS b,
      count(*) FILTER (WHERE b_band = 'high' AND n_band <> 'high') AS c, NULL::float8 AS m FROM pairs
    UNION ALL
    SELECT 'rosa', NULL, count(*), NULL, NULL, percentile_cont(0.5) WITHIN GROUP (ORDER BY n_score - b_score)
    FROM pairs WHERE b_area IN (${rosa}) AND n_area IN (${rosa}) AND b_score IS NOT NULL AND n_score IS NOT NULL
    UNION ALL
    SELECT 'any', NULL, count(*) FILTER (WHERE b_body <> '{}'::jsonb), count(*) FILTER (WHERE n_body <> '{}'::jsonb), NULL, NULL FROM pairs
    UNION ALL
    SELECT 'before', r.region, count(*), NULL, NULL, NULL FROM pairs, jsonb_object_keys(pairs.b_body) r (region) GROUP BY r.region
    UNION ALL
    SELECT 'after', r.region, count(*), NULL, NULL, NULL FROM pairs, jsonb_object_keys(pairs.n_body) r (region) GROUP BY r.region
    UNION ALL
    SELECT 'cost', NULL, coalesce(sum(q.quantity::bigint * q.unit_price_cents), 0), count(q.*), NULL, NULL
    FROM moved m JOIN equipment_requests q ON q.user_id = m.user_id
      AND q.state IN (${list(RECEIVED_EQUIPMENT_STATES)}) AND q.client_id = ${s.clientId} AND q.currency = ${currency}
      AND q.created_at >= m.at AND q.created_at < m.n_at`.execute(db);
  const by = (k: string) => rows.rows.find((r) => r.k === k);
  const regions = new Map<string, { before: number; after: number }>();
  for (const r of rows.rows)
    if ((r.k === 'before' || r.k === 'after') && r.region) {
      const entry = regions.get(r.region) ?? { before: 0, after: 0 };
      entry[r.k] = num(r.a);
      regions.set(r.region, entry);
    }
  const median = by('rosa')?.m;
  return {
    measured: num(by('all')?.a),
    highBefore: num(by('all')?.b),
    movedOut: num(by('all')?.c),
    rosaPeople: num(by('rosa')?.a),
    rosaMedian: median === null || median === undefined ? null : Number(median),
    anyBefore: num(by('any')?.a),
    anyAfter: num(by('any')?.b),
    regions,
    costCents: num(by('cost')?.a),
    costRequests: num(by('cost')?.b),
  };
}

/**
 * Open and overdue actions today (whatever the period, like open requests): actions in a live state
 * (LIVE_ACTION_STATES: open, done awaiting verification, not possible, help needed), and of them the
 * ones still `open` past their due date; with the employees who own each, for the small-group rule.
 */
export async function liveActions(db: Kysely<Database>, clientId: number, regions: readonly string[], now: Date) {
  const row = (
    await sql<{ live: string; live_people: string; overdue: string; overdue_people: string }>`
      SELECT coalesce(sum(g.live), 0) AS live, count(*) AS live_people,
        coalesce(sum(g.overdue), 0) AS overdue, count(*) FILTER (WHERE g.overdue > 0) AS overdue_people
      FROM (SELECT a.user_id, count(*) AS live, count(*) FILTER (WHERE a.state = 'open' AND a.due_at < ${now}) AS overdue
            FROM corrective_actions a ${employeeIn(regions, sql`a.user_id`)}
            WHERE a.client_id = ${clientId} AND a.state IN (${list(LIVE_ACTION_STATES)})
            GROUP BY a.user_id) g`.execute(db)
  ).rows[0];
  return { live: num(row?.live), livePeople: num(row?.live_people), overdue: num(row?.overdue), overduePeople: num(row?.overdue_people) };
}
