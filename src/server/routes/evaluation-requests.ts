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
    const row = await ctx.db.insertInto('evaluation_requests').values({
      user_id: caller.userId, client_id: caller.clientId, preferred_times: body.preferred_times.trim(), notes: (body.notes ?? '').trim(),
    }).returning('id').executeTakeFirstOrThrow();
    await audit(ctx.db, { actorId: caller.userId, actorEmail: caller.email, clientId: caller.clientId, action: 'evaluation.requested', target: `evaluation_request:${row.id}`, address: request.ip }, ctx.now());
    return ok(reply, { id: row.id }, 'Your request has been sent.');
  },
};
