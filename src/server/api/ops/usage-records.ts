import { audit } from '../../audit/audit';
import { ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';

/** What the browser reports of its own use: a report downloaded (to the audit log) and a page viewed. */
export const usageRecordHandlers = {
  async audit_log_for_download(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    await audit(
      ctx.db,
      {
        actorId: caller.userId,
        actorEmail: caller.email,
        clientId: caller.clientId,
        action: 'report.downloaded',
        target: body.report,
        address: request.ip,
        details: { dashboard: body.dashboard, user_name: body.user_name },
      },
      ctx.now(),
    );
    return ok(reply, undefined, 'Download recorded.');
  },

  async page_view(ctx, request, reply) {
    const { path } = request.payload;
    await ctx.db
      .insertInto('page_views')
      .values({ user_id: request.caller?.userId ?? null, path })
      .execute();
    return ok(reply);
  },
} satisfies AreaHandlers<'ops'>;
