import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CMDQ_REGIONS } from '../../../shared/assessment/cmdq-regions';
import { cmdqRegionScore } from '../../../shared/assessment/cmdq';
import type { CmdqRegionAnswer } from '../../../shared/assessment/types';
import { suppressed } from '../../../shared/dashboards/small-groups';
import type { Database } from '../../db/schema';
import { businessDaysBetweenDays, PROMISE_MAX_DAYS } from '../../domain/evaluations/business-days';
import { zonedDay } from '../../../shared/zoned-day';
import { addMonths, type OverviewParams } from '../../domain/dashboards/overview-params';
import { rollupFigures } from './overview-rollups';
import { employeeIn as employeeJoin, FINALIZED_STATUS, rowsAndPeople, share } from '../../domain/dashboards/figure-definitions';
import { sharedFigures } from './overview-shared';

export { regionFilter } from '../../domain/dashboards/figure-definitions';

/** The employee as `u`, joined only when a region filter needs it (every row names an existing employee). */
const employeeIn = (p: OverviewParams, column: RawBuilder<unknown>): RawBuilder<unknown> => employeeJoin(p.regions, column);

const num = (v: unknown) => Number(v ?? 0);

/**
 * Every figure of the Programme Overview (SPEC §1 "what programme managers see", §2
 * /program-overview) for one client, period and region filter. The self-assessment figures come
 * from the monthly rollups of migration 022 (overview-rollups.ts), the eligible employees from
 * users; figures about fewer than five employees are null (SPEC §1 small groups).
 */
export async function overviewFigures(db: Kysely<Database>, p: OverviewParams, now: Date, shared = sharedFigures(db, p)) {
  // The client's employees by region, once: the eligible total is their sum.
  const [rollups, eligibleRows] = await Promise.all([rollupFigures(db, p, { shared, monthlyPeopleAtLeast: true }), shared.eligible()]);
  const eligibleByRegion = { rows: eligibleRows.map((r) => ({ region: r.region, n: r.count })) };
  const { totals, monthly, findings, body, byRegion } = rollups;
  const findingRows = findings.rows;
  const bodyRows = body.rows;

  const t = totals.rows[0];
  const eligible = eligibleByRegion.rows.reduce((sum, r) => sum + num(r.n), 0);
  const total = num(t.total);
  const participants = num(t.participants);

  const counts = new Map(monthly.rows.map((r) => [r.month, suppressed(num(r.people), num(r.n))]));
  const months: { month: string; count: number | null }[] = [];
  // The chart shows the chosen period, up to this month (SPEC §9: 2021-01 is the earliest one may choose).
  const thisMonth = zonedDay(now, p.zone).slice(0, 7);
  const last = p.toMonth < thisMonth ? p.toMonth : thisMonth;
  for (let m = p.fromMonth; m <= last; m = addMonths(m, 1)) months.push({ month: m, count: counts.has(m) ? counts.get(m)! : 0 });

  const bodyBy = new Map(bodyRows.map((r) => [r.region, r]));
  const eligibleBy = new Map(eligibleByRegion.rows.map((r) => [r.region ?? '', num(r.n)]));
  return {
    eligible,
    participants: suppressed(participants, participants),
    participation_share: suppressed(participants, share(participants, eligible)),
    // A count of assessments by fewer than five people points at them too (SPEC §1 small groups).
    self_assessments: suppressed(participants, total),
    monthly: months,
    bands: suppressed(participants, { low: num(t.low), moderate: num(t.moderate), high: num(t.high) }),
    action_share: suppressed(participants, share(num(t.action), total)),
    mean_score: suppressed(participants, t.mean === null ? null : Number(t.mean)),
    top_findings:
      participants >= 5 // By id: the page words each finding in its reader's language (src/web/components/assessment/finding-titles.ts).
        ? findingRows.map((f) => ({ id: f.id, count: num(f.n), share: share(num(f.n), total) }))
        : null,
    body: CMDQ_REGIONS.map((region) => {
      const row = bodyBy.get(region);
      const people = num(row?.people);
      // A region one to four people reported could point at them; nobody reporting it is safe to say.
      const hidden = participants < 5 || (people > 0 && people < 5);
      return {
        region,
        people: hidden ? null : people,
        share: hidden ? null : share(people, participants),
        mean: hidden || !row ? null : Number(row.mean),
      };
    }),
    regions: [...new Set([...eligibleBy.keys(), ...byRegion.rows.map((r) => r.region ?? '')])].sort().map((name) => {
      const row = byRegion.rows.find((r) => (r.region ?? '') === name);
      const people = num(row?.participants);
      const staff = eligibleBy.get(name) ?? 0;
      const hidden = people < 5 || staff < 5;
      return {
        region: name || null,
        eligible: hidden ? null : staff,
        participants: hidden ? null : people,
        participation_share: hidden ? null : share(people, staff),
        bands: hidden ? null : { low: num(row?.low), moderate: num(row?.moderate), high: num(row?.high) },
        mean_score: hidden || !row?.mean ? null : Number(row.mean),
      };
    }),
  };
}

/**
 * The one-to-one evaluation pipeline (SPEC §1): requests and reports by status in the period, and
 * the median business days from request to finalized report against the 2–5 day promise (SPEC §9).
 */
export async function pipelineFigures(db: Kysely<Database>, p: OverviewParams, shared = sharedFigures(db, p)) {
  const [requests, evaluations, turnaround] = await Promise.all([
    // Each status with the employees behind it, for the small-group rule (SPEC §1).
    sql<{ key: string; n: string; people: string }>`${rowsAndPeople(
      sql`r.user_id`,
      sql`evaluation_requests r ${employeeIn(p, sql`r.user_id`)}
      WHERE r.client_id = ${p.clientId} AND r.created_at >= ${p.from} AND r.created_at < ${p.until}`,
      sql`r.status`,
    )}`.execute(db),
    sql<{ key: string; n: string; people: string }>`${rowsAndPeople(
      sql`e.employee_id`,
      sql`evaluations e ${employeeIn(p, sql`e.employee_id`)}
      WHERE e.client_id = ${p.clientId} AND e.created_at >= ${p.from} AND e.created_at < ${p.until}`,
      sql`e.status`,
    )}`.execute(db),
    // One row per pair of days of the reader's zone (a few hundred), not per report: business days
    // depend on the days alone (SPEC §2 dashboards: the reader's days). The reports of
    // figure-definitions.ts "Reports finalized"; the wait runs from the request (or, without one, the
    // start of the report) as on Ergo Eval Activity. Grouped by date first, written as text once per pair.
    sql<{
      requested: string;
      finalized: string;
      n: string;
    }>`SELECT to_char(d.requested, 'YYYY-MM-DD') AS requested, to_char(d.finalized, 'YYYY-MM-DD') AS finalized, d.n FROM (
      SELECT (coalesce(r.created_at, e.created_at) AT TIME ZONE ${p.zone})::date AS requested,
        (e.finalized_at AT TIME ZONE ${p.zone})::date AS finalized, count(*) AS n
      FROM evaluations e LEFT JOIN evaluation_requests r ON r.id = e.request_id ${employeeIn(p, sql`e.employee_id`)}
      WHERE e.client_id = ${p.clientId} AND e.status = ${FINALIZED_STATUS} AND e.finalized_at >= ${p.from} AND e.finalized_at < ${p.until}
      GROUP BY 1, 2) d`.execute(db),
  ]);
  const finalized = await shared.finalized();
  const days = turnaround.rows
    .flatMap((r) => Array<number>(num(r.n)).fill(businessDaysBetweenDays(r.requested, r.finalized)))
    .sort((a, b) => a - b);
  const median =
    days.length === 0 ? null : days.length % 2 ? days[(days.length - 1) / 2] : (days[days.length / 2 - 1] + days[days.length / 2]) / 2;
  return {
    // A status one to four employees are in could point at them: "fewer than 5" (SPEC §1 small groups).
    requests: Object.fromEntries(requests.rows.map((r) => [r.key, suppressed(num(r.people), num(r.n))])),
    evaluations: Object.fromEntries(evaluations.rows.map((r) => [r.key, suppressed(num(r.people), num(r.n))])),
    finalized_reports: suppressed(finalized.people, days.length),
    median_business_days: suppressed(finalized.people, median),
    within_promise_share: suppressed(
      finalized.people,
      days.length ? share(days.filter((d) => d <= PROMISE_MAX_DAYS).length, days.length) : null,
    ),
  };
}

const discomfortTotal = (value: unknown) => {
  if (!value || typeof value !== 'object') return 0;
  return Object.entries(value as Record<string, CmdqRegionAnswer>)
    .filter(([region]) => (CMDQ_REGIONS as readonly string[]).includes(region))
    .reduce((sum, [, answer]) => sum + cmdqRegionScore(answer), 0);
};

/**
 * Follow-up outcomes (SPEC §1 follow-ups): the share of recommendations the employees say are done,
 * and Cornell discomfort before (the evaluation request) and after (the follow-up answer), summed
 * over regions. Answers are stored by POST /follow-ups/:id/answers as `recommendations`: one
 * {label, priority, status} per recommendation with status done | in_progress | not_done (a bare
 * status string is read too), `discomfort`: Cornell region answers, and `comment`.
 */
export async function followUpFigures(db: Kysely<Database>, p: OverviewParams) {
  // Recommendations are counted in the database; only answers with discomfort to compare travel, with
  // the discomfort of the request (every follow-up has its evaluation: evaluation_id is NOT NULL).
  const row = (
    await sql<{ answered: string; people: string; recommendations: string; done: string; in_progress: string; compared: unknown }>`
    WITH f AS (
      SELECT f.evaluation_id, f.employee_id, CASE WHEN jsonb_typeof(f.answers) = 'string' THEN (f.answers #>> '{}')::jsonb ELSE f.answers END AS answers
      FROM follow_ups f ${employeeIn(p, sql`f.employee_id`)}
      WHERE f.client_id = ${p.clientId} AND f.answered_at >= ${p.from} AND f.answered_at < ${p.until}
    ), statuses AS (
      SELECT CASE jsonb_typeof(x) WHEN 'string' THEN x #>> '{}' WHEN 'object' THEN x ->> 'status' END AS status
      FROM f CROSS JOIN LATERAL jsonb_array_elements(
        CASE WHEN jsonb_typeof(f.answers -> 'recommendations') = 'array' THEN f.answers -> 'recommendations' ELSE '[]'::jsonb END) x
    )
    SELECT (SELECT count(*) FROM f) AS answered, (SELECT count(DISTINCT f.employee_id) FROM f) AS people,
      (SELECT count(*) FROM statuses) AS recommendations,
      (SELECT count(*) FROM statuses WHERE status = 'done') AS done, (SELECT count(*) FROM statuses WHERE status = 'in_progress') AS in_progress,
      (SELECT json_agg(json_build_array(f.answers -> 'discomfort', r.discomfort, f.employee_id))
        FROM f JOIN evaluations e ON e.id = f.evaluation_id JOIN evaluation_requests r ON r.id = e.request_id
        WHERE f.answers -> 'discomfort' IS NOT NULL AND r.discomfort IS NOT NULL) AS compared`.execute(db)
  ).rows[0];
  const pairs = ((typeof row.compared === 'string' ? JSON.parse(row.compared) : row.compared) ?? []) as [unknown, unknown, number][];
  const recommendations = num(row.recommendations);
  const done = num(row.done);
  const inProgress = num(row.in_progress);
  let before = 0,
    after = 0,
    compared = 0;
  const comparedPeople = new Set<number>();
  for (const [discomfort, asked, employee] of pairs) {
    if (discomfort && asked) {
      compared += 1;
      comparedPeople.add(employee);
      before += discomfortTotal(typeof asked === 'string' ? JSON.parse(asked) : asked);
      after += discomfortTotal(discomfort);
    }
  }
  const answered = num(row.answered);
  // SPEC §1 small groups: the group is the employees who answered, not their answers (one employee
  // may answer the follow-ups of several reports).
  const people = num(row.people);
  return {
    answered: suppressed(people, answered),
    recommendations: suppressed(people, recommendations),
    done_share: suppressed(people, share(done, recommendations)),
    in_progress_share: suppressed(people, share(inProgress, recommendations)),
    discomfort_before: suppressed(comparedPeople.size, compared ? Math.round((before / compared) * 10) / 10 : null),
    discomfort_after: suppressed(comparedPeople.size, compared ? Math.round((after / compared) * 10) / 10 : null),
  };
}
