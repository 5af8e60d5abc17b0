import { sql } from 'kysely';
import { parseDeclaredGridQuery, parseId } from '../../http/grid-query';
import { evaluatorQueueGrid } from '../../../../generated/grids';
import { openRequestsPage, QUEUE_PAGE_DEFAULT, QUEUE_PAGE_MAX } from './queue-page';
import { fail, failWith, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { businessDaysBetween } from '../../domain/evaluations/business-days';
import { assignedClientIds, isAssigned, NOT_FOUND } from '../../policies/client-scope';
import { readerZone } from '../../domain/dashboards/reader-zone';
import { scheduleMeeting, cancelMeeting } from './meeting';
import { EVALUATION_MINUTES } from '../../../shared/evaluations/meeting-length';

/**
 * The evaluator's dashboard (SPEC §2 /user/evaluator, evaluator-client-list): the clients assigned
 * to them, the queue of open requests across those clients (oldest first, with the business days
 * waited against the 2–5 day promise of SPEC §1), a request's details and photos, and the meeting.
 */
export const evaluatorHandlers = {
  async evaluator_clients(ctx, request, reply) {
    const caller = request.caller;
    const count = (status: string) =>
      sql<string>`(SELECT count(*) FROM evaluation_requests r WHERE r.client_id = c.id AND r.status = ${status})`;
    const clients = await ctx.db
      .selectFrom('staff_client_assignments as a')
      .innerJoin('clients as c', 'c.id', 'a.client_id')
      .select([
        'c.id',
        'c.company_name',
        'c.company_code',
        'c.logo',
        count('requested').as('open_requests'),
        count('scheduled').as('scheduled_requests'),
      ])
      .where('a.user_id', '=', caller.userId)
      .orderBy('c.company_name')
      .execute();
    return ok(reply, {
      clients: clients.map((c) => ({ ...c, open_requests: Number(c.open_requests), scheduled_requests: Number(c.scheduled_requests) })),
    });
  },

  /**
   * The queue as the grid manifest/grids/evaluator_queue.yaml declares it: oldest first unless
   * `dir=desc`, 50 to a page unless `size` says otherwise (at most 100), optionally one of the
   * evaluator's clients (any other client_id answers 404, so another client's queue stays unseen).
   */
  async evaluator_queue_list(ctx, request, reply) {
    const q = parseDeclaredGridQuery({ ...request.query, size: request.query.size ?? String(QUEUE_PAGE_DEFAULT) }, evaluatorQueueGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    if (q.size > QUEUE_PAGE_MAX) return fail(reply, 400, `size must be a whole number from 1 to ${QUEUE_PAGE_MAX}.`);
    if (q.start > 1_000_000) return fail(reply, 400, 'start must be a whole number from 0 to 1000000.');
    const zone = readerZone(request.query);
    if (typeof zone === 'object') return fail(reply, 400, zone.error);
    const assigned = await assignedClientIds(ctx.db, request.caller.userId);
    const clientId = q.filters.client_id === undefined ? null : parseId(q.filters.client_id);
    if (clientId !== null && !assigned.includes(clientId)) return fail(reply, 404, NOT_FOUND);
    return ok(reply, await openRequestsPage(ctx, clientId === null ? assigned : [clientId], q, zone));
  },

  async evaluator_request(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    // Business days waited are the reader's days, as on the queue (SPEC §2 dashboards).
    const zone = readerZone(request.query);
    if (typeof zone === 'object') return fail(reply, 400, zone.error);
    const row = id
      ? await ctx.db
          .selectFrom('evaluation_requests as r')
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .innerJoin('clients as c', 'c.id', 'r.client_id')
          .select([
            'r.id',
            'r.client_id',
            'r.user_id',
            'c.company_name',
            'r.status',
            'r.work_area',
            'r.discomfort',
            'r.preferred_times',
            'r.time_zone',
            'r.notes',
            'r.assessment_attempt_id',
            'r.evaluator_id',
            'r.scheduled_at',
            'r.meeting_url',
            'r.created_at',
            'u.first_name',
            'u.last_name',
            'u.email',
          ])
          .where('r.id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (!row || !(await isAssigned(ctx.db, caller.userId, row.client_id))) return fail(reply, 404, NOT_FOUND);
    const [photos, assessment] = await Promise.all([
      ctx.db
        .selectFrom('evaluation_request_photos')
        .select(['position', 'content_type', 'size_bytes', 'sha256'])
        .where('request_id', '=', row.id)
        .orderBy('position')
        .execute(),
      // Beside the evaluation form (SPEC §1): the self-assessment the request names, else the employee's latest.
      ctx.db
        .selectFrom('assessment_attempts')
        .select(['report_token', 'area', 'submitted_at', 'overall_score', 'risk_band'])
        .where('user_id', '=', row.user_id)
        .where('status', '=', 'submitted')
        .orderBy(sql`(id::text = ${row.assessment_attempt_id ?? ''})`, 'desc')
        .orderBy('submitted_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return ok(reply, {
      request: {
        ...row,
        business_days_waited: businessDaysBetween(new Date(row.created_at), ctx.now(), zone),
        assessment: assessment ?? null,
        photos,
      },
    });
  },

  async evaluator_request_photo(ctx, request, reply) {
    const caller = request.caller;
    const params = request.params;
    const id = parseId(params.id);
    const position = parseId(params.position);
    const photo =
      id && position
        ? await ctx.db
            .selectFrom('evaluation_request_photos as p')
            .innerJoin('evaluation_requests as r', 'r.id', 'p.request_id')
            .select(['p.content_type', 'p.data', 'r.client_id'])
            .where('p.request_id', '=', id)
            .where('p.position', '=', position)
            .executeTakeFirst()
        : undefined;
    if (!photo || !(await isAssigned(ctx.db, caller.userId, photo.client_id))) return fail(reply, 404, NOT_FOUND);
    // The stored type comes from the sniffed bytes; nosniff and a sandbox CSP keep it an image (ASVS V12.5).
    return reply
      .type(photo.content_type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(Buffer.from(photo.data));
  },

  async evaluator_request_schedule(ctx, request, reply) {
    const id = parseId(request.params.id);
    if (!id) return fail(reply, 404, NOT_FOUND);
    const body = request.payload;
    const when = new Date(body.scheduled_at);
    if (Number.isNaN(when.getTime())) return fail(reply, 400, 'The meeting time is not a valid date and time.');
    if (when.getTime() <= ctx.now().getTime()) return fail(reply, 400, 'The meeting time must be in the future.');
    const outcome = await scheduleMeeting(ctx, request, id, {
      when,
      meetingUrl: body.meeting_url,
      minutes: body.duration_minutes ?? EVALUATION_MINUTES,
    });
    if (typeof outcome === 'object') return failWith(reply, outcome);
    return ok(
      reply,
      { id, status: 'scheduled', scheduled_at: when.toISOString() },
      outcome === 'rescheduled'
        ? 'The meeting has been moved and the employee invited again.'
        : 'The meeting is booked and the employee has been invited.',
    );
  },

  async evaluator_request_cancel(ctx, request, reply) {
    const id = parseId(request.params.id);
    if (!id) return fail(reply, 404, NOT_FOUND);
    const outcome = await cancelMeeting(ctx, request, id, request.payload.reason.trim());
    if (outcome) return failWith(reply, outcome);
    return ok(reply, { id, status: 'cancelled' }, 'The request has been cancelled and the employee told.');
  },
} satisfies AreaHandlers<'evaluation-requests'>;
