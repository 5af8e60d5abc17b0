import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { fail, ok } from '../../http/replies';
import { NOT_FOUND, visibleClientIds } from '../../policies/client-scope';
import type { AreaHandlers } from '../../http/handler-types';
import { n } from '../../domain/dashboards/scope';
import { addMonths } from '../../domain/dashboards/overview-params';
import { DEFAULT_ZONE, readerZone, zonedMonthStart, zonedToday } from '../../domain/dashboards/reader-zone';
import { eligibleCounts, OPEN_REQUEST_STATUS } from '../../domain/dashboards/figure-definitions';
import { suppressed } from '../../../shared/dashboards/small-groups';
import { CLOSED_EVALUATION_STATES } from '../../../shared/workflow-terms';

/** "count people" → the count, or null when about fewer than five people. */
const counted = (pair: string) => {
  const [count, people] = pair.split(' ').map(Number);
  return suppressed(people, count);
};

/**
 * SPEC §2 /user/client-activity and /user/client-manager (Program Management): for each client the
 * caller may see (visibleClientIds), its employees and this month's and the last twelve months'
 * self-assessments, open requests, evaluations in progress and follow-ups waiting for an answer.
 * Every figure is a count over the whole client; each row opens that client's /user/client-* pages.
 * The months are the reader's (`zone`, reader-zone.ts).
 */
export async function clientActivity(db: Kysely<Database>, clientIds: readonly number[], now: Date, zone = DEFAULT_ZONE) {
  if (!clientIds.length) return [];
  const thisMonth = zonedToday(now, zone).slice(0, 7);
  const month = zonedMonthStart(thisMonth, zone);
  const year = zonedMonthStart(addMonths(thisMonth, -11), zone);
  const rows = await db
    .selectFrom('clients as c')
    .where('c.id', 'in', [...clientIds])
    .select([
      'c.id',
      'c.company_name',
      'c.company_code',
      'c.status',
      // Eligible employees as the overview counts them (figure-definitions.ts).
      sql<string>`(SELECT coalesce(sum(ec.people), 0) FROM ${eligibleCounts(sql`c.id`)})`.as('employees'),
      // Each count with the people behind it, for the small-group rule (SPEC §1): "count people".
      sql<string>`(SELECT count(*) || ' ' || count(DISTINCT a.user_id) FROM assessment_attempts a WHERE a.client_id = c.id AND a.status = 'submitted' AND a.submitted_at >= ${month})`.as(
        'self_assessments_month',
      ),
      sql<string>`(SELECT count(*) || ' ' || count(DISTINCT a.user_id) FROM assessment_attempts a WHERE a.client_id = c.id AND a.status = 'submitted' AND a.submitted_at >= ${year})`.as(
        'self_assessments_year',
      ),
      sql<string>`(SELECT count(*) || ' ' || count(DISTINCT r.user_id) FROM evaluation_requests r WHERE r.client_id = c.id AND r.status = ${OPEN_REQUEST_STATUS})`.as(
        'open_requests',
      ),
      sql<string>`(SELECT count(*) || ' ' || count(DISTINCT v.employee_id) FROM evaluations v WHERE v.client_id = c.id AND NOT (v.status = ANY(${sql.val([...CLOSED_EVALUATION_STATES])}::text[])))`.as(
        'evaluations_in_progress',
      ),
      sql<string>`(SELECT count(*) || ' ' || count(DISTINCT f.employee_id) FROM follow_ups f WHERE f.client_id = c.id AND f.answered_at IS NULL AND f.due_at <= ${now})`.as(
        'follow_ups_due',
      ),
    ])
    .orderBy('c.company_name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.company_name,
    code: r.company_code,
    status: r.status,
    employees: n(r.employees),
    self_assessments_month: counted(r.self_assessments_month),
    self_assessments_year: counted(r.self_assessments_year),
    open_requests: counted(r.open_requests),
    evaluations_in_progress: counted(r.evaluations_in_progress),
    follow_ups_due: counted(r.follow_ups_due),
  }));
}

export const clientActivityHandlers = {
  async activity_clients(ctx, request, reply) {
    const zone = readerZone(request.query);
    if (typeof zone === 'object') return fail(reply, 400, zone.error);
    const visible = await visibleClientIds(ctx.db, request.caller);
    // `client_id` narrows the list to that one client; one the caller may not see answers 404.
    const named = request.query.client_id;
    if (named && !visible.includes(Number(named))) return fail(reply, 404, NOT_FOUND);
    const ids = named ? [Number(named)] : visible;
    return ok(reply, {
      month: zonedToday(ctx.now(), zone).slice(0, 7),
      clients: await clientActivity(ctx.db, ids, ctx.now(), zone),
    });
  },
} satisfies AreaHandlers<'activity'>;
