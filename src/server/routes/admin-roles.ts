import { audit } from '../audit/audit';
import { fail, ok } from '../http/replies';
import { unknownPermissions } from './admin-permissions';
import type { HandlerTable } from './types';

const SUPER_ADMIN = 'Super_admin';
const FORBIDDEN = 'You do not have permission to perform this action.';

export const adminRoleHandlers: HandlerTable = {
  async admin_roles(ctx, request, reply) {
    if (request.caller!.roleName !== SUPER_ADMIN) return fail(reply, 403, FORBIDDEN);
    const roles = await ctx.db.selectFrom('roles').leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
      .select(['roles.id', 'roles.name', 'roles.display_name', 'roles.description', (eb) => eb.fn.count<string>('role_permissions.permission').as('permission_count')])
      .groupBy(['roles.id', 'roles.name', 'roles.display_name', 'roles.description']).orderBy('roles.display_name').execute();
    return ok(reply, { roles: roles.map((r) => ({ ...r, permission_count: Number(r.permission_count) })) });
  },

  /** The matrix editor: SPEC §6 "Role name Super_admin restricts the superadmin and roles pages". */
  async admin_role_update(ctx, request, reply) {
    const caller = request.caller!;
    if (caller.roleName !== SUPER_ADMIN) return fail(reply, 403, FORBIDDEN);
    const id = Number((request.params as { id: string }).id);
    const body = request.payload as { name: string; description: string; permissions?: string[] };
    const role = Number.isInteger(id) ? await ctx.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!role) return fail(reply, 404, 'Role not found.');
    const permissions = body.permissions ?? [];
    // The catalogue and the permissions added in the admin (admin-permissions.ts) are grantable.
    const unknown = await unknownPermissions(ctx.db, permissions);
    if (unknown.length) return fail(reply, 400, `Unknown permission: ${unknown.join(', ')}.`);
    // The Super_admin role keeps every permission: it is how the system is administered.
    if (role.name === SUPER_ADMIN) return fail(reply, 400, 'The Super_admin role always holds every permission.');
    const before = (await ctx.db.selectFrom('role_permissions').select('permission').where('role_id', '=', id).execute()).map((p) => p.permission).sort();
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('roles').set({ display_name: body.name.trim(), description: body.description.trim() }).where('id', '=', id).execute();
      await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
      if (permissions.length) await trx.insertInto('role_permissions').values([...new Set(permissions)].map((permission) => ({ role_id: id, permission }))).execute();
    });
    await audit(ctx.db, { actorId: caller.userId, actorEmail: caller.email, action: 'role.updated', target: `role:${id}`, address: request.ip,
      details: { before: { display_name: role.display_name, description: role.description, permissions: before }, after: { display_name: body.name, description: body.description, permissions: [...new Set(permissions)].sort() } } }, ctx.now());
    return ok(reply, { id }, 'The role has been saved.');
  },
};
