import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { audit } from '../../audit/audit';
import type { Database } from '../../db/schema';
import { toCsv } from '../../http/csv';
import { rolesGrid } from '../../../../generated/grids';
import { likePattern, parseDeclaredGridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import { SUPER_ADMIN, internalName, roleNameProblem } from '../../domain/roles/role-names';
import { SUPER_ADMIN_ROLE_FIXED, refuseChange } from '../../domain/roles/super-admin-guard';
import { unknownPermissions } from './admin-permissions';
import type { AreaHandlers } from '../../http/handler-types';

/** Roles whose shown name or description holds the search text. */
function rolesMatching(db: Kysely<Database>, text: string) {
  const query = db.selectFrom('roles');
  return text
    ? query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['roles.display_name']), 'like', likePattern(text)),
          eb(eb.fn('lower', ['roles.description']), 'like', likePattern(text)),
        ]),
      )
    : query;
}

function rolesWithCounts(db: Kysely<Database>, text: string) {
  return rolesMatching(db, text)
    .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
    .select([
      'roles.id',
      'roles.name',
      'roles.display_name',
      'roles.description',
      (eb) => eb.fn.count<string>('role_permissions.permission').as('permission_count'),
    ])
    .groupBy(['roles.id', 'roles.name', 'roles.display_name', 'roles.description']);
}

interface RoleForm {
  name: string;
  description: string;
  permissions?: string[];
}

/** The granted list without repeats, sorted; or the message for a blank description or for permissions the catalogue lacks. */
async function grantedOrProblem(db: Kysely<Database>, body: RoleForm): Promise<string[] | string> {
  // The schema counts characters; a description of spaces only is still empty (SPEC §5).
  if (!body.description.trim()) return 'Description field is required';
  const permissions = [...new Set(body.permissions ?? [])].sort();
  // The catalogue and the permissions added in the admin (admin-permissions.ts) are grantable.
  const unknown = await unknownPermissions(db, permissions);
  return unknown.length ? `Unknown permission: ${unknown.join(', ')}.` : permissions;
}

export const adminRoleHandlers = {
  /** The roles grid: paged, sorted and filtered by the server like every admin list. */
  async admin_roles(ctx, request, reply) {
    const q = parseDeclaredGridQuery(request.query, rolesGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const [rows, total] = await Promise.all([
      rolesWithCounts(ctx.db, q.q).orderBy(q.sort, q.dir).orderBy('roles.id', q.dir).limit(q.size).offset(q.start).execute(),
      rolesMatching(ctx.db, q.q)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return ok(reply, {
      rows: rows.map((r) => ({ ...r, permission_count: Number(r.permission_count), editable: r.name !== SUPER_ADMIN })),
      total: Number(total.count),
    });
  },

  async admin_roles_export(ctx, request, reply) {
    const q = parseDeclaredGridQuery(request.query, rolesGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const rows = await rolesWithCounts(ctx.db, q.q).orderBy(q.sort, q.dir).orderBy('roles.id', q.dir).execute();
    await audit(
      ctx.db,
      {
        actorId: request.caller.userId,
        actorEmail: request.caller.email,
        action: 'roles.exported',
        address: request.ip,
        details: { rows: rows.length },
      },
      ctx.now(),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="roles.csv"')
      .send(
        toCsv([
          ['name', 'display_name', 'description', 'permission_count'],
          ...rows.map((r) => [r.name, r.display_name, r.description, String(Number(r.permission_count))]),
        ]),
      );
  },

  /**
   * The matrix editor. SPEC §6 "Role name Super_admin restricts the superadmin and roles pages": every
   * roles call is `access: superadmin` in manifest/api/roles.yaml, enforced in app.ts before this runs.
   */
  async admin_role_update(ctx, request, reply) {
    const caller = request.caller;
    const id = Number(request.params.id);
    const body = request.payload;
    const role =
      Number.isInteger(id) && id > 0 && id < 2 ** 31
        ? await ctx.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst()
        : undefined;
    if (!role) return fail(reply, 404, 'Role not found.');
    // The Super_admin role keeps every permission and its name: it is how the system is administered.
    if (role.name === SUPER_ADMIN) return refuseChange(ctx, request, reply, { status: 403, message: SUPER_ADMIN_ROLE_FIXED }, `role:${id}`);
    const permissions = await grantedOrProblem(ctx.db, body);
    if (typeof permissions === 'string') return fail(reply, 400, permissions);
    const nameProblem = await roleNameProblem(ctx.db, body.name, id);
    if (nameProblem) return fail(reply, 400, nameProblem, { name: nameProblem });
    // "before" is read under the role row's lock in the writing transaction, so edits arriving at once
    // each record the version they replaced (ASVS V7.3).
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('roles')
        .select(['display_name', 'description'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) return false;
      const before = (await trx.selectFrom('role_permissions').select('permission').where('role_id', '=', id).execute())
        .map((p) => p.permission)
        .sort();
      await trx
        .updateTable('roles')
        .set({ display_name: body.name.trim(), description: body.description.trim() })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
      if (permissions.length)
        await trx
          .insertInto('role_permissions')
          .values(permissions.map((permission) => ({ role_id: id, permission })))
          .execute();
      // The change and its audit entry commit together or not at all (ASVS V7.3).
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'role.updated',
          target: `role:${id}`,
          address: request.ip,
          details: {
            before: { display_name: current.display_name, description: current.description, permissions: before },
            after: { display_name: body.name.trim(), description: body.description.trim(), permissions },
          },
        },
        ctx.now(),
      );
      return true;
    });
    if (!saved) return fail(reply, 404, 'Role not found.');
    return ok(reply, { id }, 'The role has been saved.');
  },

  /**
   * SPEC §6 role-add: a new role from the manifest role form (the schema already refused missing,
   * too long and unknown fields with the §5 messages); the permissions must be in the catalogue and
   * the name free and not the reserved Super_admin. Audited with the new role's permissions.
   */
  async admin_role_create(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    const permissions = await grantedOrProblem(ctx.db, body);
    if (typeof permissions === 'string') return fail(reply, 400, permissions);
    const nameProblem = await roleNameProblem(ctx.db, body.name, null);
    if (nameProblem) return fail(reply, 400, nameProblem, { name: nameProblem });
    const created = {
      name: internalName(body.name, () => `role_${randomUUID().slice(0, 8)}`),
      display_name: body.name.trim(),
      description: body.description.trim(),
    };
    // The unique index on lower(display_name) (migration 012) settles two administrators racing for one
    // name; the loser hears the look-up's field error (src/server/http/database-errors.ts).
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('roles').values(created).returning('id').executeTakeFirstOrThrow();
      if (permissions.length)
        await trx
          .insertInto('role_permissions')
          .values(permissions.map((permission) => ({ role_id: row.id, permission })))
          .execute();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'role.created',
          target: `role:${row.id}`,
          address: request.ip,
          details: { after: { ...created, permissions } },
        },
        ctx.now(),
      );
      return row.id;
    });
    return ok(reply, { id }, 'The role has been created.');
  },
} satisfies AreaHandlers<'roles'>;
