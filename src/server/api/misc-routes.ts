import { audit } from '../audit/audit';
import { fail, ok } from '../http/replies';
import type { HandlerTable } from '../http/handler-types';

export const miscHandlers = {
  /** The security hook has already set the CSRF cookie when the browser had none (http/security.ts). */
  async csrf_token(_ctx, _request, reply) {
    return ok(reply, undefined);
  },

  async get_role_permissions(ctx, request, reply) {
    const id = Number(request.params.roleId);
    if (!Number.isInteger(id) || id < 1) return fail(reply, 404, 'Role not found.');
    const role = await ctx.db
      .selectFrom('roles')
      .select(['id', 'name', 'display_name', 'description'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!role) return fail(reply, 404, 'Role not found.');
    const granted = await ctx.db
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', id)
      .orderBy('permission')
      .execute();
    return ok(reply, { records: role, grantedPermissions: granted.map((g) => g.permission) });
  },

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
} satisfies HandlerTable;
