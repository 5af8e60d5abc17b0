import { sql, type Kysely } from 'kysely';
import { evaluationWorkflow } from '../../../../generated/workflows';
import type { Database } from '../../db/schema';
import { businessDaysBetween, PROMISE_MAX_DAYS, PROMISE_MIN_DAYS } from '../../domain/evaluations/business-days';
import { activityEvaluationsGrid, type ActivityEvaluationsGridSort } from '../../../../generated/grids';
import { parseDeclaredGridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { requestCounts } from './evaluation-requests';
import { FINALIZED_STATUS } from '../../domain/dashboards/figure-definitions';
import { suppressed } from '../../../shared/dashboards/small-groups';
import { clientOf, monthOf, monthsIn, n, oneOf, pickableClients, rangeDays, rangeOf, type Range } from '../../domain/dashboards/scope';
import { zonedDay } from '../../../shared/zoned-day';
import { readerZone } from '../../domain/dashboards/reader-zone';
import { CLOSED_EVALUATION_STATES, EVALUATION_STATES } from '../../../shared/workflow-terms';

/**
 * SPEC §2 /user/ergo-eval-activity: a client's one-to-one evaluations: requests by state, reports by
 * workflow state (codes of manifest/workflows/evaluation.yaml, worded by the page), per month, and the wait against
 * the promise of a report in 2 to 5 business days (SPEC §1): from the request (or, without one, the
 * start of the report) to its finalization.
 */
const CLOSED: readonly string[] = CLOSED_EVALUATION_STATES;

function evaluations(db: Kysely<Database>, clientId: number) {
  return db
    .selectFrom('evaluations as v')
    .innerJoin('users as u', 'u.id', 'v.employee_id')
    .leftJoin('evaluation_requests as r', 'r.id', 'v.request_id')
    .where('v.client_id', '=', clientId);
}

export async function evaluationFigures(db: Kysely<Database>, clientId: number, range: Range, now: Date) {
  const byStatus = await db
    .selectFrom('evaluations')
    .select(['status', (eb) => eb.fn.countAll<string>().as('c'), sql<string>`count(DISTINCT employee_id)`.as('people')])
    .where('client_id', '=', clientId)
    .groupBy('status')
    .execute();
  const requested = await db
    .selectFrom('evaluation_requests')
    .select([
      monthOf('created_at', range.zone).as('month'),
      (eb) => eb.fn.countAll<string>().as('c'),
      sql<string>`count(DISTINCT user_id)`.as('people'),
    ])
    .where('client_id', '=', clientId)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .groupBy(sql`1`)
    .execute();
  // "Reports finalized" of figure-definitions.ts: a report hidden since is no longer counted.
  const finalizedRows = await evaluations(db, clientId)
    .select(['v.created_at', 'v.finalized_at', 'r.created_at as requested_at', 'v.employee_id'])
    .where('v.status', '=', FINALIZED_STATUS)
    .where('v.finalized_at', 'is not', null)
    .where('v.finalized_at', '>=', range.from)
    .where('v.finalized_at', '<', range.to)
    .execute();
  const openRows = await evaluations(db, clientId)
    .select(['v.created_at', 'r.created_at as requested_at', 'v.employee_id'])
    .where('v.status', 'not in', CLOSED)
    .execute();
  const start = (r: { created_at: Date; requested_at: Date | null }) => new Date(r.requested_at ?? r.created_at);
  // SPEC §1 small groups: the finalized reports' figures are about their employees.
  const people = new Set(finalizedRows.map((r) => r.employee_id)).size;
  // Business days of the reader's zone (SPEC §2 dashboards: the period's days are theirs).
  const waits = finalizedRows.map((r) => businessDaysBetween(start(r), new Date(r.finalized_at!), range.zone));
  const openWaits = openRows.map((r) => businessDaysBetween(start(r), now, range.zone));
  const months = monthsIn(range);
  // Each month's finalized reports with their employees, for the small-group rule per month.
  const finalizedPerMonth = new Map<string, { reports: number; people: Set<number> }>();
  for (const r of finalizedRows) {
    const m = zonedDay(new Date(r.finalized_at!), range.zone).slice(0, 7);
    const month = finalizedPerMonth.get(m) ?? { reports: 0, people: new Set<number>() };
    month.reports += 1;
    month.people.add(r.employee_id);
    finalizedPerMonth.set(m, month);
  }
  const openPeople = new Set(openRows.map((r) => r.employee_id)).size;
  const overduePeople = new Set(openRows.filter((_, i) => openWaits[i] > PROMISE_MAX_DAYS).map((r) => r.employee_id)).size;
  const counted = (row: { c: string; people: string } | undefined) => (row ? suppressed(n(row.people), n(row.c)) : 0);
  return {
    range: rangeDays(range),
    requests: await requestCounts(db, clientId),
    statuses: evaluationWorkflow.states.map((s) => ({
      status: s.key,
      count: counted(byStatus.find((r) => r.status === s.key)),
    })),
    months: months.map((m) => ({
      month: m,
      requested: counted(requested.find((r) => r.month === m)),
      finalized: finalizedPerMonth.has(m) ? suppressed(finalizedPerMonth.get(m)!.people.size, finalizedPerMonth.get(m)!.reports) : 0,
    })),
    promise: {
      min_days: PROMISE_MIN_DAYS,
      max_days: PROMISE_MAX_DAYS,
      finalized: suppressed(people, waits.length),
      within: suppressed(people, waits.filter((d) => d <= PROMISE_MAX_DAYS).length),
      late: suppressed(people, waits.filter((d) => d > PROMISE_MAX_DAYS).length),
      average_days: suppressed(people, waits.length ? Math.round((waits.reduce((s, d) => s + d, 0) / waits.length) * 10) / 10 : null),
      open: suppressed(openPeople, openWaits.length),
      open_overdue: suppressed(overduePeople, openWaits.filter((d) => d > PROMISE_MAX_DAYS).length),
    },
  };
}

/** Each sort key of manifest/grids/ to its column: a key added there is a type error here until it can be sorted by. */
const SORTABLE: Record<ActivityEvaluationsGridSort, string> = {
  updated_at: 'v.updated_at',
  created_at: 'v.created_at',
  finalized_at: 'v.finalized_at',
  employee: 'u.last_name',
  area: 'v.work_area',
  status: 'v.status',
};
const STATUSES = EVALUATION_STATES;

export const evaluationActivityHandlers = {
  async activity_evaluations(ctx, request, reply) {
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    const range = rangeOf(request.query, ctx.now());
    if (typeof range === 'string') return fail(reply, 400, range);
    return ok(reply, {
      client_id: clientId,
      clients: await pickableClients(ctx, request),
      ...(await evaluationFigures(ctx.db, clientId, range, ctx.now())),
    });
  },
  async activity_evaluation_rows(ctx, request, reply) {
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    const query = request.query;
    const status = oneOf(query.status, STATUSES, 'status');
    if (typeof status === 'object') return fail(reply, 400, status.error);
    const zone = readerZone(query);
    if (typeof zone === 'object') return fail(reply, 400, zone.error);
    const grid = parseDeclaredGridQuery(query, activityEvaluationsGrid);
    if (typeof grid === 'string') return fail(reply, 400, grid);
    const base = () => (status ? evaluations(ctx.db, clientId).where('v.status', '=', status) : evaluations(ctx.db, clientId));
    const rows = await base()
      .select([
        'v.id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'v.work_area',
        'v.status',
        'v.created_at',
        'v.updated_at',
        'v.finalized_at',
        'r.created_at as requested_at',
      ])
      .orderBy(sql.ref(SORTABLE[grid.sort]), sql.raw(`${query.sort ? grid.dir : 'desc'} NULLS LAST`))
      .orderBy('v.id', 'desc')
      .limit(grid.size)
      .offset(grid.start)
      .execute();
    const total = n(
      (
        await base()
          .select((eb) => eb.fn.countAll<string>().as('c'))
          .executeTakeFirst()
      )?.c,
    );
    const now = ctx.now();
    return ok(reply, {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        employee: `${r.first_name} ${r.last_name}`,
        email: r.email,
        area: r.work_area,
        status: r.status,
        created_at: r.created_at,
        updated_at: r.updated_at,
        finalized_at: r.finalized_at,
        business_days:
          CLOSED.includes(r.status) && !r.finalized_at
            ? null
            : businessDaysBetween(new Date(r.requested_at ?? r.created_at), r.finalized_at ? new Date(r.finalized_at) : now, zone),
      })),
    });
  },
} satisfies AreaHandlers<'activity'>;
