import { sql, type Kysely } from 'kysely';
import type { Caller } from '../../context';
import type { Database } from '../../db/schema';
import { activityReportsGrid, type ActivityReportsGridSort } from '../../../../generated/grids';
import { parseDeclaredGridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { clientOf, n, oneOf } from '../../domain/dashboards/scope';
import { holds } from '../../context';
import type { Permission } from '../../../../generated/permissions';

/**
 * A client's reports (SPEC §2 /dashboard-survey-reports/Self-Assessment and /Ergo-Eval,
 * /client-reports/:id?): submitted self-assessments and the reports imported from the survey tool
 * (kind self-assessment), finalized one-to-one evaluation reports (kind ergo-eval), or both (all).
 */
export const REPORT_KINDS = ['self-assessment', 'ergo-eval', 'all'] as const;
type Kind = (typeof REPORT_KINDS)[number];
/** Who may list each kind: the page's own permission, or the client managers' pages. */
const KIND_PERMISSIONS: Record<Kind, readonly Permission[]> = {
  'self-assessment': ['dashboard-pages-self-assessment-view', 'dashboard-pages-client-managers-view'],
  'ergo-eval': ['dashboard-pages-ergo-eval-activity-view', 'dashboard-pages-client-managers-view'],
  all: ['dashboard-pages-client-managers-view'],
};
const mayList = (caller: Caller, kind: Kind) => KIND_PERMISSIONS[kind].some((p) => holds(caller, p));

interface ReportRow {
  type: 'self-assessment' | 'survey' | 'evaluation';
  id: string;
  employee: string;
  email: string;
  title: string;
  date: Date;
  score: number | null;
  band: string | null;
  url: string;
}

/** One list of every report of the kind, so that paging and sorting happen in the database. */
function reportsQuery(clientId: number, kind: Kind) {
  const parts = [];
  if (kind !== 'ergo-eval') {
    parts.push(sql`SELECT 'self-assessment' AS type, a.id::text AS id, u.first_name || ' ' || u.last_name AS employee, u.email, a.area AS title, a.submitted_at AS date,
      a.overall_score::integer AS score, a.risk_band AS band, a.report_token AS url
      FROM assessment_attempts a JOIN users u ON u.id = a.user_id WHERE a.client_id = ${clientId} AND a.status = 'submitted' AND a.report_token IS NOT NULL`);
    parts.push(sql`SELECT 'survey' AS type, s.id::text AS id, u.first_name || ' ' || u.last_name AS employee, u.email, s.survey_name AS title, s.submitted_at AS date,
      NULL::integer AS score, NULL::text AS band, s.report_token AS url
      FROM survey_reports s JOIN users u ON u.id = s.user_id WHERE s.client_id = ${clientId}`);
  }
  if (kind !== 'self-assessment') {
    parts.push(sql`SELECT 'evaluation' AS type, v.id::text AS id, u.first_name || ' ' || u.last_name AS employee, u.email, v.work_area AS title, v.finalized_at AS date,
      NULL::integer AS score, NULL::text AS band, v.id::text AS url
      FROM evaluations v JOIN users u ON u.id = v.employee_id WHERE v.client_id = ${clientId} AND v.status = 'finalized'`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** Each sort key of manifest/grids/ to its column: a key added there is a type error here until it can be sorted by. */
const SORTABLE: Record<ActivityReportsGridSort, string> = {
  date: 'date',
  employee: 'employee',
  title: 'title',
  type: 'type',
  score: 'score',
};
type Sort = ActivityReportsGridSort;

export async function listReports(
  db: Kysely<Database>,
  clientId: number,
  kind: Kind,
  start: number,
  size: number,
  sort: Sort,
  dir: 'asc' | 'desc',
) {
  const all = reportsQuery(clientId, kind);
  const rows =
    await sql<ReportRow>`SELECT * FROM (${all}) r ORDER BY ${sql.ref(SORTABLE[sort])} ${sql.raw(dir)} NULLS LAST, type, id DESC LIMIT ${size} OFFSET ${start}`.execute(
      db,
    );
  const total = await sql<{ c: string }>`SELECT count(*) AS c FROM (${all}) r`.execute(db);
  return { total: n(total.rows[0]?.c), rows: rows.rows.map((r) => ({ ...r, score: r.score === null ? null : Number(r.score) })) };
}

export const reportActivityHandlers = {
  async activity_reports(ctx, request, reply) {
    const query = request.query;
    const named = oneOf(query.kind, REPORT_KINDS, 'kind');
    if (typeof named === 'object') return fail(reply, 400, named.error);
    const caller = request.caller;
    const kind = named ?? REPORT_KINDS.find((k) => mayList(caller, k))!;
    if (!mayList(caller, kind)) return fail(reply, 403, 'You do not have permission to perform this action.');
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    const grid = parseDeclaredGridQuery(query, activityReportsGrid);
    if (typeof grid === 'string') return fail(reply, 400, grid);
    return ok(reply, await listReports(ctx.db, clientId, kind, grid.start, grid.size, grid.sort, query.sort ? grid.dir : 'desc'));
  },
} satisfies AreaHandlers<'activity'>;
