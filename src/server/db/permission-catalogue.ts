import { sql, type Kysely } from 'kysely';
import { permissionNames, permissions } from '../../../generated/permissions';
import { SUPER_ADMIN } from '../domain/roles/role-names';
import type { Database } from './schema';

/**
 * Run at every start inside the migrate/seed lock (create-context.ts), so servers started together do
 * it once: the Super_admin role holds every permission of manifest/permissions.yaml and every custom
 * permission (SPEC §6), including one added to the manifest after the database was seeded.
 */
export async function syncSuperAdminPermissions(db: Kysely<Database>): Promise<number> {
  const granted = await sql`
    INSERT INTO role_permissions (role_id, permission)
    SELECT r.id, p.name FROM roles r
    CROSS JOIN (SELECT unnest(${sql.val([...permissionNames])}::text[]) AS name UNION SELECT name FROM custom_permissions) AS p
    WHERE r.name = ${SUPER_ADMIN}
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(granted.numAffectedRows ?? 0);
}

/**
 * Run with the above at every start: a permission whose manifest entry names `defaultRoles` is granted
 * to those roles once, the first time this database meets it (so videos-edit, added after many
 * databases were seeded, reaches their Admin role), and recorded in permission_default_grants so a
 * later start never undoes an administrator's decision to take it away. Roles that do not exist are
 * skipped. One statement: the marker and the grants are written together or not at all.
 */
export async function applyDefaultGrants(db: Kysely<Database>): Promise<number> {
  const pairs = permissions.flatMap((p) => (p.defaultRoles ?? []).map((role) => ({ permission: p.name, role })));
  if (pairs.length === 0) return 0;
  const granted = await sql`
    WITH defaults AS (
      SELECT unnest(${sql.val(pairs.map((p) => p.permission))}::text[]) AS permission,
             unnest(${sql.val(pairs.map((p) => p.role))}::text[]) AS role
    ), fresh AS (
      INSERT INTO permission_default_grants (permission)
      SELECT DISTINCT permission FROM defaults
      ON CONFLICT DO NOTHING
      RETURNING permission
    )
    INSERT INTO role_permissions (role_id, permission)
    SELECT r.id, d.permission FROM defaults d
    JOIN fresh f ON f.permission = d.permission
    JOIN roles r ON r.name = d.role
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(granted.numAffectedRows ?? 0);
}
