import { evaluationWorkflow } from '../../../../generated/workflows';
import type { AppContext, Caller } from '../../context';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { assignedClientIds, NOT_FOUND } from '../../policies/client-scope';
import { startOfZonedDay } from '../../../shared/zoned-day';
import { reviewQueueStates } from '../../domain/evaluations/review-queue';
import { holds } from '../../context';
import type { Permission } from '../../../../generated/permissions';
import { readerZone } from '../../domain/dashboards/reader-zone';

const QUEUE_PERMISSION: Permission = 'evaluator-client-list';
const AUTHOR_PERMISSION: Permission = 'evaluator-start-new-evaluation';
const REVIEWER_PERMISSION: Permission = 'evaluator-reports-in-review';
/** A section shows 10 rows at a time unless asked otherwise, at most 50 (SPEC §2 /user/evaluator: nothing unpaged). */
const SIZE_DEFAULT = 10;
const SIZE_MAX = 50;

export const INBOX_SECTIONS = ['today', 'week', 'drafts', 'returned', 'review'] as const;
type Section = (typeof INBOX_SECTIONS)[number];
const SECTION_PERMISSION: Record<Section, Permission> = {
  today: AUTHOR_PERMISSION,
  week: AUTHOR_PERMISSION,
  drafts: AUTHOR_PERMISSION,
  returned: AUTHOR_PERMISSION,
  review: REVIEWER_PERMISSION,
};
/** Reports sent back to their author: the editable states other than the first (manifest/workflows/evaluation.yaml). */
const returnedStates = () =>
  evaluationWorkflow.states.filter((s) => s.editable && s.key !== evaluationWorkflow.initial).map((s) => s.key as string);

interface Scope {
  readonly ctx: AppContext;
  readonly caller: Caller;
  readonly assigned: readonly number[];
  /** Midnight after today in the reader's time zone: booked meetings before it are today's. */
  readonly tomorrow: Date;
}

/** The booked meetings of the caller in one section, as a query not yet selected. */
function bookings(s: Scope, section: 'today' | 'week') {
  return s.ctx.db
    .selectFrom('evaluation_requests as r')
    .where('r.status', '=', 'scheduled')
    .where('r.evaluator_id', '=', s.caller.userId)
    .where('r.client_id', 'in', [...s.assigned])
    .where('r.scheduled_at', section === 'today' ? '<' : '>=', s.tomorrow);
}

/** The reports of one section: the caller's drafts, those sent back to them, or colleagues' reports waiting for review. */
function reports(s: Scope, section: 'drafts' | 'returned' | 'review') {
  const base = s.ctx.db.selectFrom('evaluations as e').where('e.client_id', 'in', [...s.assigned]);
  if (section === 'review') return base.where('e.status', 'in', reviewQueueStates()).where('e.evaluator_id', '!=', s.caller.userId);
  const states = section === 'drafts' ? [evaluationWorkflow.initial as string] : returnedStates();
  return base.where('e.status', 'in', states).where('e.evaluator_id', '=', s.caller.userId);
}

async function count(s: Scope, section: Section): Promise<number> {
  const row =
    section === 'today' || section === 'week'
      ? await bookings(s, section)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      : await reports(s, section)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function page(s: Scope, section: Section, start: number, size: number) {
  if (section === 'today' || section === 'week') {
    const rows = await bookings(s, section)
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('clients as c', 'c.id', 'r.client_id')
      .select(['r.id', 'r.client_id', 'c.company_name', 'r.user_id', 'u.first_name', 'u.last_name', 'r.work_area'])
      .select(['r.scheduled_at', 'r.status', 'r.meeting_url', 'r.time_zone'])
      .orderBy('r.scheduled_at')
      .orderBy('r.id')
      .limit(size)
      .offset(start)
      .execute();
    return rows.map((r) => ({
      kind: 'request' as const,
      id: r.id,
      client_id: r.client_id,
      company_name: r.company_name,
      employee_id: r.user_id,
      employee: `${r.first_name} ${r.last_name}`,
      work_area: r.work_area,
      at: r.scheduled_at!,
      status: r.status,
      label: null,
      author: null,
      meeting_url: r.meeting_url,
      employee_time_zone: r.time_zone,
      request_id: r.id,
    }));
  }
  // Sent back and drafts: the longest waiting first; reviews: the oldest submission first (first come, first served).
  const rows = await reports(s, section)
    .innerJoin('users as u', 'u.id', 'e.employee_id')
    .innerJoin('users as a', 'a.id', 'e.evaluator_id')
    .innerJoin('clients as c', 'c.id', 'e.client_id')
    .select(['e.id', 'e.client_id', 'c.company_name', 'e.employee_id', 'u.first_name', 'u.last_name', 'e.work_area'])
    .select(['e.updated_at', 'e.status', 'e.request_id', 'a.first_name as author_first', 'a.last_name as author_last'])
    .orderBy('e.updated_at', 'asc')
    .orderBy('e.id', 'asc')
    .limit(size)
    .offset(start)
    .execute();
  return rows.map((r) => ({
    kind: 'report' as const,
    id: r.id,
    client_id: r.client_id,
    company_name: r.company_name,
    employee_id: r.employee_id,
    employee: `${r.first_name} ${r.last_name}`,
    work_area: r.work_area,
    at: r.updated_at,
    status: r.status,
    author: section === 'review' ? `${r.author_first} ${r.author_last}` : null,
    meeting_url: null,
    employee_time_zone: null,
    request_id: r.request_id,
  }));
}

async function scopeOf(ctx: AppContext, caller: Caller, zone: string): Promise<Scope> {
  return { ctx, caller, assigned: await assignedClientIds(ctx.db, caller.userId), tomorrow: startOfZonedDay(ctx.now(), zone, 1) };
}

/**
 * SPEC §2 /user/evaluator, the evaluator's inbox: what waits for them, section by section, counted
 * and paged by the server; a section their permissions do not give is null (counts) or 403 (rows).
 * Records of clients not assigned to them are never counted (policies/client-scope.ts).
 */
export const inboxHandlers = {
  async evaluator_inbox(ctx, request, reply) {
    const caller = request.caller;
    // The reader's zone, read as every dashboard reads it (reader-zone.ts).
    const zone = readerZone(request.query);
    if (typeof zone !== 'string') return fail(reply, 400, zone.error);
    const s = await scopeOf(ctx, caller, zone);
    const counted = async (section: Section) =>
      holds(caller, SECTION_PERMISSION[section]) ? (s.assigned.length ? await count(s, section) : 0) : null;
    const requests = holds(caller, QUEUE_PERMISSION)
      ? s.assigned.length
        ? Number(
            (
              await ctx.db
                .selectFrom('evaluation_requests')
                .where('status', '=', 'requested')
                .where('client_id', 'in', [...s.assigned])
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          )
        : 0
      : null;
    const [today, week, drafts, returned, review] = await Promise.all(INBOX_SECTIONS.map(counted));
    return ok(reply, { requests, today, week, drafts, returned, review });
  },

  async evaluator_inbox_list(ctx, request, reply) {
    const caller = request.caller;
    const section = request.params.section as Section;
    if (!(INBOX_SECTIONS as readonly string[]).includes(section)) return fail(reply, 404, NOT_FOUND);
    if (!holds(caller, SECTION_PERMISSION[section])) return fail(reply, 403, 'You do not have permission to see this list.');
    // The reader's zone, read as every dashboard reads it (reader-zone.ts).
    const zone = readerZone(request.query);
    if (typeof zone !== 'string') return fail(reply, 400, zone.error);
    const start = request.query.start === undefined ? 0 : Number(request.query.start);
    const size = request.query.size === undefined ? SIZE_DEFAULT : Number(request.query.size);
    if (!Number.isInteger(start) || start < 0 || start > 1_000_000)
      return fail(reply, 400, 'start must be a whole number from 0 to 1000000.');
    if (!Number.isInteger(size) || size < 1 || size > SIZE_MAX)
      return fail(reply, 400, `size must be a whole number from 1 to ${SIZE_MAX}.`);
    const s = await scopeOf(ctx, caller, zone);
    if (!s.assigned.length) return ok(reply, { rows: [], total: 0 });
    const [total, rows] = await Promise.all([count(s, section), page(s, section, start, size)]);
    return ok(reply, { rows, total });
  },
} satisfies AreaHandlers<'evaluation-requests'>;
