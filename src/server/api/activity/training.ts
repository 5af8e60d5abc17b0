import { sql, type Kysely } from 'kysely';
import { activityTrainingGrid, type ActivityTrainingGridSort } from '../../../../generated/grids';
import { audit } from '../../audit/audit';
import { sendTable } from '../../http/table-file';
import { parseDeclaredGridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers, RequestWith } from '../../http/handler-types';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../context';
import { TRAINING_REPORT_STATES, type TrainingReportState } from '../../../shared/training/report-states';
import { allCourses } from '../../../shared/training/localize';
import { COURSE_IDS } from '../../../shared/training/types';
import { reportState } from '../../domain/dashboards/training-figures';
import { clientOf, n, oneOf, pickableClients, rangeDays, rangeOf, type Query, type Range } from '../../domain/dashboards/scope';

/**
 * docs/product.md "Training: the programme manager's figures": /user/training-activity, the
 * enrolments of a client made in a period with their state today (the states the overview's training
 * panel counts, reportState), server-paged, and the same list as CSV or Excel. A list of named records
 * is not a count, so the small-group rule does not withhold rows (src/server/domain/dashboards/README.md).
 */
const MAX_EXPORT_ROWS = 50_000;

/** Each sort key of manifest/grids/activity_training.yaml to its column (a new key is a type error here). */
const SORTABLE: Record<ActivityTrainingGridSort, string> = {
  created_at: 'e.created_at',
  employee: 'lower(u.last_name || u.first_name)',
  region: 'u.region',
  course: 'e.course_id',
  state: 'report_state',
  due_at: 'e.due_at',
  completed_at: 'e.completed_at',
  score: 'e.score',
  attempts: 'attempts',
};

interface Filters {
  readonly clientId: number;
  readonly range: Range;
  readonly region?: string;
  readonly course?: string;
  readonly state?: TrainingReportState;
  readonly q?: string;
}

function filtersOf(ctx: AppContext, query: Query, clientId: number): Filters | string {
  const range = rangeOf(query, ctx.now());
  if (typeof range === 'string') return range;
  const state = oneOf(query.state, TRAINING_REPORT_STATES, 'state');
  if (typeof state === 'object') return state.error;
  const course = oneOf(query.course, COURSE_IDS, 'course');
  if (typeof course === 'object') return course.error;
  const region = query.region ? query.region.slice(0, 100) : undefined;
  const q = query.q?.trim().slice(0, 100) || undefined;
  return { clientId, range, region, course, state, q };
}

/**
 * The enrolments of the filters (without their employee: a filter on the employee is a semi-join, so
 * the count reads migration 047's index alone when no employee filter is set).
 */
function enrolments(db: Kysely<Database>, f: Filters, now: Date) {
  const state = reportState(now);
  let q = db
    .selectFrom('training_enrolments as e')
    .where('e.client_id', '=', f.clientId)
    .where('e.created_at', '>=', f.range.from)
    .where('e.created_at', '<', f.range.to);
  if (f.course) q = q.where('e.course_id', '=', f.course);
  if (f.state) q = q.where(sql`${state}`, '=', f.state);
  if (f.region || f.q) {
    let people = db.selectFrom('users as u').select('u.id');
    if (f.region) people = people.where('u.region', '=', f.region);
    if (f.q) {
      const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      people = people.where((eb) =>
        eb.or([
          eb('u.first_name', 'ilike', like),
          eb('u.last_name', 'ilike', like),
          eb('u.email', 'ilike', like),
          eb(sql`u.first_name || ' ' || u.last_name`, 'ilike', like),
        ]),
      );
    }
    q = q.where('e.user_id', 'in', people);
  }
  return q;
}

async function rowsOf(
  ctx: AppContext,
  f: Filters,
  sort: ActivityTrainingGridSort,
  dir: 'asc' | 'desc',
  start: number,
  size: number,
  language: string,
) {
  const now = ctx.now();
  const base = enrolments(ctx.db, f, now);
  const [rows, count, catalogue] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select([
        'e.id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.region',
        'e.course_id',
        'e.created_at',
        'e.due_at',
        'e.completed_at',
        'e.score',
        sql<TrainingReportState>`${reportState(now)}`.as('report_state'),
        sql<string>`(SELECT count(*) FROM training_quiz_attempts a WHERE a.enrolment_id = e.id)`.as('attempts'),
      ])
      .orderBy(sql.raw(SORTABLE[sort]), dir)
      .orderBy('e.id', 'desc')
      .limit(size)
      .offset(start)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('c')).executeTakeFirst(),
    allCourses(language),
  ]);
  const titles = new Map<string, string>(catalogue.map((c) => [c.id, c.title]));
  return {
    total: n(count?.c),
    rows: rows.map((r) => ({
      id: String(r.id),
      employee: `${r.first_name} ${r.last_name}`,
      email: r.email,
      region: r.region,
      course_id: r.course_id,
      course: titles.get(r.course_id) ?? r.course_id,
      state: r.report_state,
      created_at: new Date(r.created_at).toISOString(),
      due_at: new Date(r.due_at).toISOString(),
      completed_at: r.completed_at === null ? null : new Date(r.completed_at).toISOString(),
      score: r.score,
      attempts: n(r.attempts),
    })),
  };
}

/** The page's filters and the grid's query, or a message for a 400. */
async function parse(ctx: AppContext, request: RequestWith<unknown, Query>, clientId: number) {
  const grid = parseDeclaredGridQuery(request.query, activityTrainingGrid);
  if (typeof grid === 'string') return grid;
  const f = filtersOf(ctx, request.query, clientId);
  if (typeof f === 'string') return f;
  return { f, grid };
}

/** The export's columns: the grid's, and the rest a spreadsheet needs. */
const EXPORT_COLUMNS = [
  ['id', 'Enrolment'],
  ['employee', 'Employee'],
  ['email', 'E-mail'],
  ['region', 'Region'],
  ['course_id', 'Course id'],
  ['course', 'Course'],
  ['state', 'State'],
  ['created_at', 'Assigned'],
  ['due_at', 'Due'],
  ['completed_at', 'Completed'],
  ['score', 'Score (%)'],
  ['attempts', 'Quiz attempts'],
] as const;

export const trainingActivityHandlers = {
  async activity_training(ctx, request, reply) {
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    const range = rangeOf(request.query, ctx.now());
    if (typeof range === 'string') return fail(reply, 400, range);
    const [clients, client, courses] = await Promise.all([
      pickableClients(ctx, request),
      ctx.db.selectFrom('clients').select('regions').where('id', '=', clientId).executeTakeFirst(),
      allCourses(request.caller.profile.language),
    ]);
    return ok(reply, {
      client_id: clientId,
      clients,
      region_choices: Array.isArray(client?.regions) ? (client.regions as string[]) : [],
      courses: courses.map((c) => ({ id: c.id, title: c.title })),
      range: rangeDays(range),
    });
  },

  async activity_training_rows(ctx, request, reply) {
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    const parsed = await parse(ctx, request, clientId);
    if (typeof parsed === 'string') return fail(reply, 400, parsed);
    const { f, grid } = parsed;
    return ok(reply, await rowsOf(ctx, f, grid.sort, grid.dir, grid.start, grid.size, request.caller.profile.language));
  },

  async activity_training_export(ctx, request, reply) {
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    const parsed = await parse(ctx, request, clientId);
    if (typeof parsed === 'string') return fail(reply, 400, parsed);
    const { f, grid } = parsed;
    const format = request.query.format ?? 'csv';
    const caller = request.caller;
    const { rows, total } = await rowsOf(ctx, f, grid.sort, grid.dir, 0, MAX_EXPORT_ROWS, caller.profile.language);
    if (total > MAX_EXPORT_ROWS)
      return fail(
        reply,
        400,
        `These filters find more than ${MAX_EXPORT_ROWS.toLocaleString('en')} enrolments, the most an export holds. Narrow them.`,
      );
    await audit(
      ctx.db,
      {
        actorId: caller.userId,
        actorEmail: caller.email,
        clientId,
        action: 'training.exported',
        target: 'training_enrolments',
        address: request.ip,
        details: { format, filters: grid.filters, q: f.q ?? null, rows: rows.length },
      },
      ctx.now(),
    );
    const cells = rows.map((r) => EXPORT_COLUMNS.map(([key]) => (r as Record<string, unknown>)[key] ?? ''));
    return sendTable(
      reply,
      format,
      'training-activity',
      'Training activity',
      EXPORT_COLUMNS.map(([, label]) => label),
      cells,
    );
  },
} satisfies AreaHandlers<'activity'>;
