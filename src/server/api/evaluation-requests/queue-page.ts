import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { businessDaysBetween, promiseStatus } from '../../domain/evaluations/business-days';

/** A page of the evaluator queue is 50 requests unless asked otherwise, at most 100 (SPEC §2 /user/evaluator). */
export const QUEUE_PAGE_MAX = 100;
export const QUEUE_PAGE_DEFAULT = 50;

/**
 * One page of the open requests of the given clients, oldest first by default (SPEC §2
 * /user/evaluator), with the business days each has waited against the 2–5 day promise (SPEC §1),
 * counted in the days of the reader's time zone (`zone`).
 * The queue grid's evaluator_queue_list reads it.
 */
export async function openRequestsPage(
  ctx: AppContext,
  clientIds: readonly number[],
  page: { readonly start: number; readonly size: number; readonly dir: 'asc' | 'desc' },
  zone = 'UTC',
) {
  if (!clientIds.length) return { rows: [], total: 0 };
  // Both reads walk the partial index evaluation_requests_open_by_age (migration 021).
  const open = ctx.db
    .selectFrom('evaluation_requests as r')
    .where('r.status', '=', 'requested')
    .where('r.client_id', 'in', [...clientIds]);
  const [counted, rows] = await Promise.all([
    open.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    open
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('clients as c', 'c.id', 'r.client_id')
      .select([
        'r.id',
        'r.client_id',
        'r.user_id',
        'c.company_name',
        'r.work_area',
        'r.preferred_times',
        'r.time_zone',
        'r.created_at',
        'u.first_name',
        'u.last_name',
        'u.email',
        sql<string>`(SELECT count(*) FROM evaluation_request_photos p WHERE p.request_id = r.id)`.as('photo_count'),
      ])
      .orderBy('r.created_at', page.dir)
      .orderBy('r.id', page.dir)
      .limit(page.size)
      .offset(page.start)
      .execute(),
  ]);
  const now = ctx.now();
  return {
    total: Number(counted.n),
    rows: rows.map(({ first_name, last_name, photo_count, ...row }) => {
      const waited = businessDaysBetween(new Date(row.created_at), now, zone);
      return {
        ...row,
        employee: `${first_name} ${last_name}`,
        photo_count: Number(photo_count),
        business_days_waited: waited,
        promise_status: promiseStatus(waited),
      };
    }),
  };
}
