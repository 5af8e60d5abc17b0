import type { Kysely } from 'kysely';
import { isPermission, permissions as catalogue } from '../../../../generated/permissions';
import { audit } from '../../audit/audit';
import type { Database } from '../../db/schema';
import { toCsv } from '../../http/csv';
import { permissionsGrid, type PermissionsGridSort } from '../../../../generated/grids';
import { parseDeclaredGridQuery, parseId } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers, RequestWith, TextQuery } from '../../http/handler-types';
import { NAME_TAKEN } from '../../http/database-errors';

/**
 * Permissions (SPEC §2 /admin/add_Permission, /admin/edit_permission/:id; §6 role-view, role-add,
 * role-edit). Two sources, decided so that routes stay safe:
 * - the catalogue (manifest/permissions.yaml) gates routes, menus and API calls at build time; it is
 *   read-only here: a catalogue permission cannot be renamed or removed, or a route would lose its
 *   gate or gain one nobody holds;
 * - permissions added in the admin are stored in custom_permissions, grantable in the roles matrix
 *   and sent to the browser with the user's other permissions (get-user), so pages and services that
 *   read them at run time see them at once. They gate no built-in route until the manifest names them.
 * A new permission is granted to Super_admin at once: that role always holds every permission.
 */
interface PermissionRow {
  id: number | null;
  name: string;
  group: string;
  description: string;
  source: 'catalogue' | 'custom';
  roles: string[];
}
type Sort = PermissionsGridSort;
/** Every permission with the roles that hold it, catalogue first. */
async function allPermissions(db: Kysely<Database>): Promise<PermissionRow[]> {
  const [custom, grants] = await Promise.all([
    db.selectFrom('custom_permissions').select(['id', 'name', 'permission_group', 'description']).execute(),
    db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
      .select(['role_permissions.permission', 'roles.display_name'])
      .execute(),
  ]);
  const holders = new Map<string, string[]>();
  for (const g of grants) holders.set(g.permission, [...(holders.get(g.permission) ?? []), g.display_name]);
  const roles = (name: string) => (holders.get(name) ?? []).sort();
  return [
    ...catalogue.map((p) => ({
      id: null,
      name: p.name,
      group: p.group,
      description: p.description,
      source: 'catalogue' as const,
      roles: roles(p.name),
    })),
    ...custom.map((p) => ({
      id: p.id,
      name: p.name,
      group: p.permission_group,
      description: p.description,
      source: 'custom' as const,
      roles: roles(p.name),
    })),
  ];
}

/** The names in `names` that are neither in the catalogue nor added in the admin. */
export async function unknownPermissions(db: Kysely<Database>, names: readonly string[]): Promise<string[]> {
  const rest = names.filter((n) => !isPermission(n));
  if (!rest.length) return [];
  const found = new Set((await db.selectFrom('custom_permissions').select('name').where('name', 'in', rest).execute()).map((r) => r.name));
  return rest.filter((n) => !found.has(n));
}

/** The grid's rows: the permission list is small (tens), so paging and sorting run over it in memory. */
async function gridRows(db: Kysely<Database>, request: RequestWith<unknown, TextQuery>) {
  const q = parseDeclaredGridQuery(request.query, permissionsGrid);
  if (typeof q === 'string') return q;
  const text = q.q.toLowerCase();
  const rows = (await allPermissions(db))
    .filter((p) => !text || p.name.includes(text) || p.description.toLowerCase().includes(text))
    .filter((p) => !q.filters.group || p.group === q.filters.group)
    .filter((p) => !q.filters.source || p.source === q.filters.source)
    .sort((a, b) => (q.dir === 'asc' ? 1 : -1) * (a[q.sort as Sort].localeCompare(b[q.sort as Sort]) || a.name.localeCompare(b.name)));
  return { q, rows };
}

/** A permission added here as the audit log records it; `lock` takes its row's lock for the changing transaction. */
async function permissionRecord(db: Kysely<Database>, id: number, lock = false) {
  const query = db.selectFrom('custom_permissions').select(['name', 'permission_group as group', 'description']).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

async function nameInUse(db: Kysely<Database>, name: string, except: number | null): Promise<boolean> {
  if (isPermission(name)) return true;
  let query = db.selectFrom('custom_permissions').select('id').where('name', '=', name);
  if (except) query = query.where('id', '!=', except);
  return Boolean(await query.executeTakeFirst());
}

// Named under the form's Name field (SPEC §5), as every refusal that concerns one field.
const PERMISSION_NAME_TAKEN = NAME_TAKEN.custom_permissions_name_key.message;

export const adminPermissionHandlers = {
  async admin_permissions(ctx, request, reply) {
    const result = await gridRows(ctx.db, request);
    if (typeof result === 'string') return fail(reply, 400, result);
    return ok(reply, {
      rows: result.rows.slice(result.q.start, result.q.start + result.q.size).map((p) => ({ ...p, editable: p.id !== null })),
      total: result.rows.length,
    });
  },

  async admin_permissions_export(ctx, request, reply) {
    const result = await gridRows(ctx.db, request);
    if (typeof result === 'string') return fail(reply, 400, result);
    const body = toCsv([
      ['name', 'group', 'description', 'source', 'roles'],
      ...result.rows.map((p) => [p.name, p.group, p.description, p.source, p.roles.join('; ')]),
    ]);
    await audit(
      ctx.db,
      {
        actorId: request.caller.userId,
        actorEmail: request.caller.email,
        action: 'permissions.exported',
        address: request.ip,
        details: { rows: result.rows.length },
      },
      ctx.now(),
    );
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="permissions.csv"').send(body);
  },

  async admin_permission_get(ctx, request, reply) {
    const id = parseId(request.params.id);
    const row = id
      ? await ctx.db
          .selectFrom('custom_permissions')
          .select(['id', 'name', 'permission_group as group', 'description'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    return row ? ok(reply, { permission: row }) : fail(reply, 404, 'Permission not found.');
  },

  async admin_permission_create(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    if (await nameInUse(ctx.db, body.name, null)) return fail(reply, 400, PERMISSION_NAME_TAKEN, { name: PERMISSION_NAME_TAKEN });
    const after = { name: body.name, group: body.group ?? 'custom', description: body.description.trim() };
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('custom_permissions')
        .values({ name: after.name, permission_group: after.group, description: after.description })
        .returning('id')
        .executeTakeFirstOrThrow();
      const superAdmin = await trx.selectFrom('roles').select('id').where('name', '=', 'Super_admin').executeTakeFirst();
      if (superAdmin) await trx.insertInto('role_permissions').values({ role_id: superAdmin.id, permission: after.name }).execute();
      // The change and its audit entry commit together or not at all (ASVS V7.3).
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'permission.created',
          target: `permission:${row.id}`,
          address: request.ip,
          details: { after },
        },
        ctx.now(),
      );
      return row.id;
    });
    return ok(reply, { id }, 'The permission has been created.');
  },

  async admin_permission_update(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    const exists = id ? await permissionRecord(ctx.db, id) : undefined;
    if (!id || !exists) return fail(reply, 404, 'Permission not found.');
    const body = request.payload;
    if (body.name !== exists.name && (await nameInUse(ctx.db, body.name, id)))
      return fail(reply, 400, PERMISSION_NAME_TAKEN, { name: PERMISSION_NAME_TAKEN });
    // "before" is read under the row's lock in the writing transaction, so edits arriving at once each
    // record the version they replaced and a rename follows the name the roles hold now (ASVS V7.3).
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const before = await permissionRecord(trx, id, true);
      if (!before) return false;
      const after = { name: body.name, group: body.group ?? before.group, description: body.description.trim() };
      await trx
        .updateTable('custom_permissions')
        .set({ name: after.name, permission_group: after.group, description: after.description, updated_at: ctx.now() })
        .where('id', '=', id)
        .execute();
      // A rename follows through to every role that holds it, in the same transaction.
      if (after.name !== before.name)
        await trx.updateTable('role_permissions').set({ permission: after.name }).where('permission', '=', before.name).execute();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'permission.updated',
          target: `permission:${id}`,
          address: request.ip,
          details: { before, after },
        },
        ctx.now(),
      );
      return true;
    });
    if (!saved) return fail(reply, 404, 'Permission not found.');
    return ok(reply, { id }, 'The permission has been saved.');
  },

  /** Only a permission added here can be removed (catalogue entries have no id); roles lose it too. */
  async admin_permission_delete(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    const exists = id ? await permissionRecord(ctx.db, id) : undefined;
    if (!id || !exists) return fail(reply, 404, 'Permission not found.');
    const removedOne = await ctx.db.transaction().execute(async (trx) => {
      const before = await permissionRecord(trx, id, true);
      if (!before) return false;
      const removed = await trx.deleteFrom('role_permissions').where('permission', '=', before.name).returning('role_id').execute();
      await trx.deleteFrom('custom_permissions').where('id', '=', id).execute();
      const holders = removed.map((r) => r.role_id).sort((a, b) => a - b);
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          action: 'permission.deleted',
          target: `permission:${id}`,
          address: request.ip,
          details: { before: { ...before, role_ids: holders }, after: null },
        },
        ctx.now(),
      );
      return true;
    });
    if (!removedOne) return fail(reply, 404, 'Permission not found.');
    return ok(reply, { id }, 'The permission has been removed.');
  },
} satisfies AreaHandlers<'roles'>;
