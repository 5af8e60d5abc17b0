import { sql } from 'kysely';
import { audit } from '../../audit/audit';
import { CMDQ_REGIONS } from '../../../shared/assessment/cmdq-regions';
import { parseId } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { clientWorkAreas } from '../../domain/assessments/access';
import { acceptPhoto, type AcceptedPhoto } from './photos';
import { isTimeZone } from './invitation';
import { NOT_FOUND } from '../../policies/client-scope';

const KNOWN_REGIONS: ReadonlySet<string> = new Set(CMDQ_REGIONS);

/**
 * The employee's side of SPEC §1 "requests for a one-to-one virtual evaluation" (/user/schedule_eval):
 * the request is stored for the client the employee is signed in to (never one named by the request),
 * with its photos checked by their bytes and stripped of metadata, and audited in the same transaction.
 */
export const evaluationRequestHandlers = {
  async request_evaluation(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    const unknownRegion = Object.keys(body.discomfort ?? {}).find((region) => !KNOWN_REGIONS.has(region));
    if (unknownRegion) return fail(reply, 400, `Unknown body region: ${unknownRegion}.`);
    const timeZone = (body.time_zone ?? 'UTC').trim();
    if (!isTimeZone(timeZone)) return fail(reply, 400, 'The time zone is not a known IANA time zone (for example Europe/Paris).');
    const photos: AcceptedPhoto[] = [];
    for (const [index, value] of (body.photos ?? []).entries()) {
      const photo = acceptPhoto(value, index + 1);
      if (typeof photo === 'string') return fail(reply, 400, photo);
      photos.push(photo);
    }
    // Only the work areas the client offers (its settings and content access, /admin/self_assesment).
    const offered = await clientWorkAreas(ctx.db, caller.clientId);
    const workArea = body.work_area ?? (offered.includes('office') ? 'Office' : undefined);
    if (!workArea || !offered.includes(workArea.toLowerCase() as (typeof offered)[number])) {
      return fail(reply, 400, 'Your company does not offer evaluations for that work area.', {
        work_area: 'Your company does not offer evaluations for that work area.',
      });
    }
    // The latest submitted self-assessment for the same work area gives the evaluator a head start.
    const attempt = await ctx.db
      .selectFrom('assessment_attempts')
      .select('id')
      .where('user_id', '=', caller.userId)
      .where('client_id', '=', caller.clientId)
      .where('area', '=', workArea.toLowerCase())
      .where('status', '=', 'submitted')
      .orderBy('submitted_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const now = ctx.now();
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('evaluation_requests')
        .values({
          user_id: caller.userId,
          client_id: caller.clientId,
          preferred_times: body.preferred_times.trim(),
          notes: (body.notes ?? '').trim(),
          work_area: workArea,
          discomfort: JSON.stringify(body.discomfort ?? {}),
          time_zone: timeZone,
          assessment_attempt_id: attempt ? String(attempt.id) : null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [index, photo] of photos.entries()) {
        await trx
          .insertInto('evaluation_request_photos')
          .values({
            request_id: row.id,
            position: index + 1,
            content_type: photo.contentType,
            data: photo.bytes,
            sha256: photo.sha256,
            size_bytes: photo.bytes.length,
          })
          .execute();
      }
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: caller.clientId,
          action: 'evaluation.requested',
          target: `evaluation_request:${row.id}`,
          address: request.ip,
          details: { work_area: workArea, photos: photos.map((p) => p.sha256) },
        },
        now,
      );
      return row.id;
    });
    return ok(reply, { id }, 'Your request has been sent.');
  },

  async my_evaluation_requests(ctx, request, reply) {
    const caller = request.caller;
    const rows = await ctx.db
      .selectFrom('evaluation_requests')
      .leftJoin('users as evaluator', 'evaluator.id', 'evaluation_requests.evaluator_id')
      .select([
        'evaluation_requests.id',
        'evaluation_requests.status',
        'evaluation_requests.work_area',
        'evaluation_requests.preferred_times',
        'evaluation_requests.time_zone',
        'evaluation_requests.notes',
        'evaluation_requests.scheduled_at',
        'evaluation_requests.meeting_url',
        'evaluation_requests.created_at',
        'evaluation_requests.cancel_reason',
        'evaluator.first_name as evaluator_first_name',
        'evaluator.last_name as evaluator_last_name',
        sql<string>`(SELECT count(*) FROM evaluation_request_photos p WHERE p.request_id = evaluation_requests.id)`.as('photo_count'),
      ])
      .where('evaluation_requests.user_id', '=', caller.userId)
      .where('evaluation_requests.client_id', '=', caller.clientId)
      .orderBy('evaluation_requests.created_at', 'desc')
      .orderBy('evaluation_requests.id', 'desc')
      .limit(100)
      .execute();
    return ok(reply, {
      requests: rows.map(({ evaluator_first_name, evaluator_last_name, photo_count, ...row }) => ({
        ...row,
        photo_count: Number(photo_count),
        evaluator: evaluator_first_name ? `${evaluator_first_name} ${evaluator_last_name}` : null,
        // Only a request nobody has scheduled yet may be cancelled by the employee.
        can_cancel: row.status === 'requested',
      })),
    });
  },

  async cancel_evaluation_request(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    if (!id) return fail(reply, 404, NOT_FOUND);
    const now = ctx.now();
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('evaluation_requests')
        .select(['id', 'status'])
        .where('id', '=', id)
        .where('user_id', '=', caller.userId)
        .where('client_id', '=', caller.clientId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return 404 as const;
      if (row.status !== 'requested') return 409 as const;
      await trx
        .updateTable('evaluation_requests')
        .set({ status: 'cancelled', cancelled_by: caller.userId, cancelled_at: now, updated_at: now })
        .where('id', '=', id)
        .execute();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: caller.clientId,
          action: 'evaluation.request_cancelled',
          target: `evaluation_request:${id}`,
          address: request.ip,
          details: { before: { status: 'requested' }, after: { status: 'cancelled' } },
        },
        now,
      );
      return 200 as const;
    });
    if (outcome === 404) return fail(reply, 404, NOT_FOUND);
    if (outcome === 409)
      return fail(reply, 409, 'This request is already scheduled, completed or cancelled; ask your evaluator to cancel a booked meeting.');
    return ok(reply, { id, status: 'cancelled' }, 'Your request has been cancelled.');
  },
} satisfies AreaHandlers<'evaluation-requests'>;
