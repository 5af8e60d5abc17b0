import { sql, type Kysely } from 'kysely';
import { suppressed } from '../../../shared/dashboards/small-groups';
import { businessDaysBetween, promiseStatus } from '../../domain/evaluations/business-days';
import type { Database } from '../../db/schema';
import { activityEvaluationRequestsGrid, type ActivityEvaluationRequestsGridSort } from '../../../../generated/grids';
import { parseDeclaredGridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { clientOf, n, oneOf } from '../../domain/dashboards/scope';
import { readerZone } from '../../domain/dashboards/reader-zone';

/**
 * A client's evaluation requests by state (SPEC §2 /dashboard-scheduled-requests/:type?,
 * /client-request/:id?). The page's `type` is one of these states: open (waiting to be booked),
 * scheduled (booked), completed, cancelled, or all.
 */
export const REQUEST_STATES = ['open', 'scheduled', 'completed', 'cancelled', 'all'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
const STATUS_OF = { open: 'requested', scheduled: 'scheduled', completed: 'completed', cancelled: 'cancelled' } as const;

/**
 * Requests per state, for the stat cards; a state one to four employees are in is null ("fewer than
 * 5", SPEC §1 small groups).
 */
export async function requestCounts(db: Kysely<Database>, clientId: number): Promise<Record<Exclude<RequestState, 'all'>, number | null>> {
  const rows = await db
    .selectFrom('evaluation_requests')
    .select(['status', (eb) => eb.fn.countAll<string>().as('c'), sql<string>`count(DISTINCT user_id)`.as('people')])
    .where('client_id', '=', clientId)
    .groupBy('status')
    .execute();
  const of = (status: string) => {
    const row = rows.find((r) => r.status === status);
    return row ? suppressed(n(row.people), n(row.c)) : 0;
  };
  return { open: of('requested'), scheduled: of('scheduled'), completed: of('completed'), cancelled: of('cancelled') };
}

function requests(db: Kysely<Database>, clientId: number, state: RequestState) {
  let q = db
    .selectFrom('evaluation_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as e', 'e.id', 'r.evaluator_id')
    .where('r.client_id', '=', clientId);
  if (state !== 'all') q = q.where('r.status', '=', STATUS_OF[state]);
  return q;
}

/** Each sort key of manifest/grids/ to its column: a key added there is a type error here until it can be sorted by. */
const SORTABLE: Record<ActivityEvaluationRequestsGridSort, string> = {
  created_at: 'r.created_at',
  scheduled_at: 'r.scheduled_at',
  employee: 'u.last_name',
  area: 'r.work_area',
  status: 'r.status',
};

export const evaluationRequestActivityHandlers = {
  async activity_evaluation_requests(ctx, request, reply) {
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    const query = request.query;
    const state = oneOf(query.state, REQUEST_STATES, 'state') ?? 'all';
    if (typeof state === 'object') return fail(reply, 400, state.error);
    const zone = readerZone(query);
    if (typeof zone === 'object') return fail(reply, 400, zone.error);
    const grid = parseDeclaredGridQuery(query, activityEvaluationRequestsGrid);
    if (typeof grid === 'string') return fail(reply, 400, grid);
    // Newest first unless the reader sorts; booked times soonest first.
    const dir = query.sort ? grid.dir : state === 'scheduled' ? 'asc' : 'desc';
    const sort = query.sort ? grid.sort : state === 'scheduled' ? 'scheduled_at' : 'created_at';
    const rows = await requests(ctx.db, clientId, state)
      .select([
        'r.id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'r.work_area',
        'r.status',
        'r.created_at',
        'r.scheduled_at',
        'r.time_zone',
        'r.completed_at',
        'r.cancelled_at',
        'e.first_name as evaluator_first',
        'e.last_name as evaluator_last',
      ])
      .orderBy(sql.ref(SORTABLE[sort]), sql.raw(`${dir} NULLS LAST`))
      .orderBy('r.id', 'desc')
      .limit(grid.size)
      .offset(grid.start)
      .execute();
    const total = n(
      (
        await requests(ctx.db, clientId, state)
          .select((eb) => eb.fn.countAll<string>().as('c'))
          .executeTakeFirst()
      )?.c,
    );
    const now = ctx.now();
    return ok(reply, {
      total,
      rows: rows.map((r) => {
        // An open request's wait against the 2–5 business day promise (SPEC §1), in the reader's days.
        const waited = r.status === 'requested' ? businessDaysBetween(new Date(r.created_at), now, zone) : null;
        return {
          id: r.id,
          employee: `${r.first_name} ${r.last_name}`,
          email: r.email,
          area: r.work_area,
          status: r.status,
          requested_at: r.created_at,
          scheduled_at: r.scheduled_at,
          employee_time_zone: r.time_zone,
          completed_at: r.completed_at,
          cancelled_at: r.cancelled_at,
          evaluator: r.evaluator_first ? `${r.evaluator_first} ${r.evaluator_last}` : null,
          business_days_waited: waited,
          promise: waited === null ? null : promiseStatus(waited),
        };
      }),
    });
  },
} satisfies AreaHandlers<'activity'>;
