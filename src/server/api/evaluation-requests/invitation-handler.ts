import { fail } from '../../http/replies';
import { parseId } from '../../http/grid-query';
import type { AreaHandlers } from '../../http/handler-types';
import { isAssigned, NOT_FOUND } from '../../policies/client-scope';
import { buildInvitation } from './invitation';

/** The meeting length the booking form offers by default; the invitation re-sent here is the same event. */
const MINUTES = 60;

/**
 * The evaluator's own copy of a booked meeting's calendar invitation (SPEC §2 /user/evaluator: each
 * booking with its invitation): the same UID and SEQUENCE as the employee's, so adding it to a
 * calendar twice keeps one event. Only the evaluator who booked it gets it; anyone else 404.
 */
export const invitationHandlers = {
  async evaluator_request_invitation(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    const row = id
      ? await ctx.db
          .selectFrom('evaluation_requests as r')
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .innerJoin('users as ev', 'ev.id', 'r.evaluator_id')
          .select(['r.id', 'r.client_id', 'r.evaluator_id', 'r.status', 'r.scheduled_at', 'r.meeting_url', 'r.invitation_sequence'])
          .select([
            'u.first_name',
            'u.last_name',
            'u.email',
            'ev.first_name as ev_first',
            'ev.last_name as ev_last',
            'ev.email as ev_email',
          ])
          .where('r.id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (
      !row ||
      row.status !== 'scheduled' ||
      row.evaluator_id !== caller.userId ||
      !row.scheduled_at ||
      !row.meeting_url ||
      !(await isAssigned(ctx.db, caller.userId, row.client_id))
    )
      return fail(reply, 404, NOT_FOUND);
    const ics = buildInvitation({
      requestId: row.id,
      sequence: row.invitation_sequence,
      method: 'REQUEST',
      start: new Date(row.scheduled_at),
      minutes: MINUTES,
      meetingUrl: row.meeting_url,
      organizer: { name: `${row.ev_first} ${row.ev_last}`, email: row.ev_email },
      attendee: { name: `${row.first_name} ${row.last_name}`, email: row.email },
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="evaluation-${row.id}.ics"`)
      .header('Cache-Control', 'private, no-store')
      .send(ics);
  },
} satisfies AreaHandlers<'evaluation-requests'>;
