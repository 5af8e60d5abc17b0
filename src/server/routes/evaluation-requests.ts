import { audit } from '../audit/audit';
import { ok } from '../http/replies';
import type { HandlerTable } from './types';

/**
 * SPEC §1 "requests for a one-to-one virtual evaluation with an ergonomist": stored for the client
 * the employee is signed in to (never a client named by the request) and audited.
 */
export const evaluationRequestHandlers: HandlerTable = {
  async request_evaluation(ctx, request, reply) {
    const caller = request.caller!;
    const body = request.payload as { preferred_times: string; notes?: string };
    // The request and its audit entry commit together or not at all (ASVS V7.3).
    const row = await ctx.db.transaction().execute(async (trx) => {
      const created = await trx.insertInto('evaluation_requests').values({
        user_id: caller.userId, client_id: caller.clientId, preferred_times: body.preferred_times.trim(), notes: (body.notes ?? '').trim(),
      }).returning('id').executeTakeFirstOrThrow();
      await audit(trx, { actorId: caller.userId, actorEmail: caller.email, clientId: caller.clientId, action: 'evaluation.requested', target: `evaluation_request:${created.id}`, address: request.ip }, ctx.now());
      return created;
    });
    return ok(reply, { id: row.id }, 'Your request has been sent.');
  },
};
