import { sql, type Kysely } from 'kysely';
import { permissionNames } from '../../../generated/permissions';
import { SUPER_ADMIN } from '../roles/role-names';
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
