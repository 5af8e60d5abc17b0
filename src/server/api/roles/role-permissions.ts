import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';

export const rolePermissionHandlers = {
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
} satisfies AreaHandlers<'roles'>;
