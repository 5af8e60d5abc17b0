import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CMDQ_REGIONS } from '../../../shared/assessment/cmdq-regions';
import { suppressed } from '../../../shared/dashboards/small-groups';
import type { Database } from '../../db/schema';
import { addMonths, type OverviewParams } from '../../domain/dashboards/overview-params';
import { zonedMonthStart } from '../../domain/dashboards/reader-zone';
import { regionFilter } from './overview-figures';
import type { RequestStatus, WorkArea } from '../../db/evaluation-schema';

/** The figures a reader can open into the records behind them (SPEC §2 /program-overview). */
export const DRILL_KINDS = ['all', 'month', 'band', 'action', 'finding', 'body', 'region', 'request_status'] as const;
export type DrillKind = (typeof DRILL_KINDS)[number];
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const MAX_PAGE = 500;

export interface DrillQuery {
  kind: DrillKind;
  value: string;
  start: number;
  size: number;
}

/** Checks kind, value and paging; a message for bad input (400). */
export function drillQuery(query: Record<string, string | undefined>): DrillQuery | string {
  const kind = query.kind as DrillKind;
  if (!DRILL_KINDS.includes(kind)) return `kind must be one of ${DRILL_KINDS.join(', ')}.`;
  const value = query.value ?? '';
  if (value.length > 120) return 'value is too long.';
  if (kind === 'month' && !MONTH.test(value)) return 'value must be a month written YYYY-MM.';
  if (kind === 'band' && !['low', 'moderate', 'high'].includes(value)) return 'value must be low, moderate or high.';
  if (kind === 'finding' && !/^[a-z0-9_.-]{1,120}$/.test(value)) return 'value must be a finding id.';
  if (kind === 'body' && !(CMDQ_REGIONS as readonly string[]).includes(value))
    return 'value must be a body region of the Cornell questionnaire.';
  if (kind === 'request_status' && !['requested', 'scheduled', 'completed', 'cancelled'].includes(value))
    return 'value must be requested, scheduled, completed or cancelled.';
  const start = query.start === undefined ? 0 : Number(query.start);
  const size = query.size === undefined ? 100 : Number(query.size);
  if (!Number.isSafeInteger(start) || start < 0) return 'start must be a whole number.';
  if (!Number.isSafeInteger(size) || size < 1 || size > MAX_PAGE) return `size must be between 1 and ${MAX_PAGE}.`;
  return { kind, value, start, size };
}

/**
 * The records behind one figure, a page at a time, newest first, each self-assessment with the
 * address of its report (/user/program-overview-reports/:url). A group of fewer than five
 * employees is not listed (`suppressed`), like its figure (SPEC §1 small groups).
 */
export async function drillRecords(db: Kysely<Database>, p: OverviewParams, q: DrillQuery) {
  if (q.kind === 'request_status') {
    const where = sql`r.client_id = ${p.clientId} AND r.status = ${q.value} AND r.created_at >= ${p.from} AND r.created_at < ${p.until} ${regionFilter(p.regions)}`;
    const [count, rows] = await Promise.all([
      sql<{
        n: string;
        people: string;
      }>`SELECT count(*) AS n, count(DISTINCT r.user_id) AS people FROM evaluation_requests r JOIN users u ON u.id = r.user_id WHERE ${where}`.execute(
        db,
      ),
      sql<{
        id: number;
        created_at: Date;
        // The CHECK constraints of migration 017 (evaluation_requests_status, work_area) hold them to these.
        status: RequestStatus;
        work_area: WorkArea;
        first_name: string;
        last_name: string;
        region: string | null;
      }>`
        SELECT r.id, r.created_at, r.status, r.work_area, u.first_name, u.last_name, u.region
        FROM evaluation_requests r JOIN users u ON u.id = r.user_id WHERE ${where}
        ORDER BY r.created_at DESC, r.id DESC OFFSET ${q.start} LIMIT ${q.size}`.execute(db),
    ]);
    // The status's figure is "fewer than 5" for fewer than five employees: its records stay hidden too.
    if (suppressed(Number(count.rows[0].people), true) === null) return { kind: q.kind, suppressed: true, total: 0, rows: [] };
    return {
      kind: q.kind,
      suppressed: false,
      total: Number(count.rows[0].n),
      rows: rows.rows.map((r) => ({ ...r, employee: `${r.first_name} ${r.last_name}` })),
    };
  }
  const period =
    q.kind === 'month'
      ? sql`AND a.submitted_at >= ${zonedMonthStart(q.value, p.zone)} AND a.submitted_at < ${zonedMonthStart(addMonths(q.value, 1), p.zone)}`
      : sql`AND a.submitted_at >= ${p.from} AND a.submitted_at < ${p.until}`;
  const filter: RawBuilder<unknown> = {
    all: sql``,
    month: sql``,
    band: sql`AND a.risk_band = ${q.value}`,
    action: sql`AND a.overall_score >= 5`,
    finding: sql`AND a.finding_ids @> ARRAY[${q.value}]::text[]`,
    body: sql`AND a.body_scores ? ${q.value}`,
    region: q.value ? sql`AND u.region = ${q.value}` : sql`AND u.region IS NULL`,
  }[q.kind];
  const where = sql`a.client_id = ${p.clientId} AND a.status = 'submitted' ${period} ${filter} ${regionFilter(p.regions)}`;
  const [count, rows] = await Promise.all([
    sql<{
      n: string;
      people: string;
    }>`SELECT count(*) AS n, count(DISTINCT a.user_id) AS people FROM assessment_attempts a JOIN users u ON u.id = a.user_id WHERE ${where}`.execute(
      db,
    ),
    sql<{
      id: string;
      submitted_at: Date;
      area: string;
      overall_score: number | null;
      risk_band: string | null;
      first_name: string;
      last_name: string;
      region: string | null;
      url: string | null;
      finding_ids: string[] | null;
    }>`
      SELECT a.id, a.submitted_at, a.area, a.overall_score, a.risk_band, a.finding_ids, a.report_token AS url, u.first_name, u.last_name, u.region
      FROM assessment_attempts a JOIN users u ON u.id = a.user_id WHERE ${where}
      ORDER BY a.submitted_at DESC, a.id DESC OFFSET ${q.start} LIMIT ${q.size}`.execute(db),
  ]);
  const people = Number(count.rows[0].people);
  // Body regions, regions and months are figures shown as "fewer than 5" about their own people: their
  // records stay hidden too (the others are hidden with the period's participants, overview-figures.ts).
  if (['body', 'region', 'month'].includes(q.kind) && suppressed(people, true) === null)
    return { kind: q.kind, suppressed: true, total: 0, rows: [] };
  return {
    kind: q.kind,
    suppressed: false,
    total: Number(count.rows[0].n),
    rows: rows.rows.map(({ finding_ids, first_name, last_name, ...r }) => ({
      ...r,
      id: String(r.id),
      employee: `${first_name} ${last_name}`,
      // The grid's "Open report" shows where there is a report (manifest/grids/overview_attempts.yaml `when`).
      has_report: r.url !== null,
      findings: (finding_ids ?? []).length,
      top_finding: finding_ids?.[0] ?? null,
    })),
  };
}
