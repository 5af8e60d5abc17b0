import type { SignedInRequest } from '../../http/handler-types';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { kickOutbox } from '../../mail/outbox-worker';
import { queueEvaluationMail } from '../../domain/evaluations/evaluation-mail';
import { buildInvitation, formatInZone } from './invitation';
import { isAssigned, NOT_FOUND } from '../../policies/client-scope';
import { coded, codedRefusal, term, type CodedMessage } from '../../../shared/server-messages';
import { EVALUATION_MINUTES } from '../../../shared/evaluations/meeting-length';

export interface Refusal {
  readonly status: 404 | 409;
  readonly message: string;
  readonly coded?: CodedMessage;
}
const requestTerm = (status: string) => term('staff.request_status', status, status);

/**
 * Claims a request and books its video meeting, or moves it (same evaluator only), in one
 * transaction with its audit entry and the employee's e-mail carrying the .ics invitation (RFC 5546
 * REQUEST; the SEQUENCE goes up on every move so calendars update the same event).
 */
export async function scheduleMeeting(
  ctx: AppContext,
  request: SignedInRequest,
  id: number,
  meeting: { when: Date; meetingUrl: string; minutes: number },
): Promise<'scheduled' | 'rescheduled' | Refusal> {
  const caller = request.caller;
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<'scheduled' | 'rescheduled' | Refusal> => {
    const row = await trx.selectFrom('evaluation_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row || !(await isAssigned(trx, caller.userId, row.client_id))) return { status: 404, message: NOT_FOUND };
    if (row.status === 'cancelled' || row.status === 'completed')
      return codedRefusal(409, coded('request.not_schedulable', { status: requestTerm(row.status) }));
    if (row.status === 'scheduled' && row.evaluator_id !== caller.userId) {
      const holder = await trx
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', row.evaluator_id!)
        .executeTakeFirst();
      return codedRefusal(409, coded('request.taken', { evaluator: holder ? `${holder.first_name} ${holder.last_name}` : '' }));
    }
    const moving = row.status === 'scheduled';
    const sequence = moving ? row.invitation_sequence + 1 : row.invitation_sequence;
    await trx
      .updateTable('evaluation_requests')
      .set({
        status: 'scheduled',
        evaluator_id: caller.userId,
        scheduled_at: meeting.when,
        meeting_url: meeting.meetingUrl,
        invitation_sequence: sequence,
        updated_at: now,
        ...(moving ? {} : { scheduled_first_at: now }),
      })
      .where('id', '=', id)
      .execute();
    const [employee, evaluator] = await Promise.all([
      trx.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', '=', row.user_id).executeTakeFirstOrThrow(),
      trx.selectFrom('users').select(['email', 'first_name', 'last_name']).where('id', '=', caller.userId).executeTakeFirstOrThrow(),
    ]);
    const evaluatorName = `${evaluator.first_name} ${evaluator.last_name}`;
    const ics = buildInvitation({
      requestId: id,
      sequence,
      method: 'REQUEST',
      start: meeting.when,
      minutes: meeting.minutes,
      meetingUrl: meeting.meetingUrl,
      organizer: { name: evaluatorName, email: evaluator.email },
      attendee: { name: `${employee.first_name} ${employee.last_name}`, email: employee.email },
    });
    await queueEvaluationMail(
      trx,
      moving ? 'evaluation_rescheduled' : 'evaluation_scheduled',
      [employee],
      {
        when: formatInZone(meeting.when, row.time_zone),
        time_zone: row.time_zone,
        meeting_url: meeting.meetingUrl,
        evaluator_name: evaluatorName,
      },
      now,
      [
        {
          filename: 'evaluation.ics',
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
          base64: Buffer.from(ics).toString('base64'),
        },
      ],
    );
    await audit(
      trx,
      {
        actorId: caller.userId,
        actorEmail: caller.email,
        clientId: row.client_id,
        action: moving ? 'evaluation.rescheduled' : 'evaluation.scheduled',
        target: `evaluation_request:${id}`,
        address: request.ip,
        details: {
          before: { status: row.status, scheduled_at: row.scheduled_at?.toISOString?.() ?? null },
          after: { status: 'scheduled', scheduled_at: meeting.when.toISOString(), sequence },
        },
      },
      now,
    );
    return moving ? 'rescheduled' : 'scheduled';
  });
  if (typeof outcome === 'string') kickOutbox(ctx);
  return outcome;
}

/**
 * Cancels a request of an assigned client with a reason. A booked meeting can be cancelled only by
 * the evaluator who booked it, and the employee gets the RFC 5546 CANCEL that removes it from their calendar.
 */
export async function cancelMeeting(ctx: AppContext, request: SignedInRequest, id: number, reason: string): Promise<Refusal | null> {
  const caller = request.caller;
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<Refusal | null> => {
    const row = await trx.selectFrom('evaluation_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row || !(await isAssigned(trx, caller.userId, row.client_id))) return { status: 404, message: NOT_FOUND };
    if (row.status === 'cancelled' || row.status === 'completed')
      return codedRefusal(409, coded('request.already_closed', { status: requestTerm(row.status) }));
    if (row.status === 'scheduled' && row.evaluator_id !== caller.userId)
      return { status: 409, message: 'Only the evaluator who booked this meeting can cancel it.' };
    const sequence = row.invitation_sequence + 1;
    await trx
      .updateTable('evaluation_requests')
      .set({
        status: 'cancelled',
        cancelled_by: caller.userId,
        cancel_reason: reason,
        cancelled_at: now,
        updated_at: now,
        invitation_sequence: sequence,
      })
      .where('id', '=', id)
      .execute();
    if (row.status === 'scheduled' && row.scheduled_at && row.meeting_url) {
      const employee = await trx
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name'])
        .where('id', '=', row.user_id)
        .executeTakeFirstOrThrow();
      const evaluator = await trx
        .selectFrom('users')
        .select(['email', 'first_name', 'last_name'])
        .where('id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      const scheduledAt = new Date(row.scheduled_at);
      const ics = buildInvitation({
        requestId: id,
        sequence,
        method: 'CANCEL',
        start: scheduledAt,
        minutes: EVALUATION_MINUTES,
        meetingUrl: row.meeting_url,
        organizer: { name: `${evaluator.first_name} ${evaluator.last_name}`, email: evaluator.email },
        attendee: { name: `${employee.first_name} ${employee.last_name}`, email: employee.email },
      });
      await queueEvaluationMail(
        trx,
        'evaluation_cancelled',
        [employee],
        { when: formatInZone(scheduledAt, row.time_zone), time_zone: row.time_zone, reason },
        now,
        [
          {
            filename: 'evaluation.ics',
            contentType: 'text/calendar; charset=utf-8; method=CANCEL',
            base64: Buffer.from(ics).toString('base64'),
          },
        ],
      );
    }
    await audit(
      trx,
      {
        actorId: caller.userId,
        actorEmail: caller.email,
        clientId: row.client_id,
        action: 'evaluation.request_cancelled',
        target: `evaluation_request:${id}`,
        address: request.ip,
        details: { before: { status: row.status }, after: { status: 'cancelled' }, reason },
      },
      now,
    );
    return null;
  });
  if (!outcome) kickOutbox(ctx);
  return outcome;
}
