import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NAME_TAKEN } from '../../http/database-errors';

/** SPEC §6: the role whose name is Super_admin opens the superadmin and roles pages; no other role may take it. */
export const SUPER_ADMIN = 'Super_admin';

/**
 * The internal role name kept in roles.name, made from the name the administrator typed:
 * "Arcadia Employee" → "Arcadia_Employee". A name with no Latin letters or digits gets a generated one.
 */
export function internalName(displayName: string, fallback: () => string): string {
  const slug = displayName
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  return slug || fallback();
}

/** "Super Admin", "super-admin" and "SUPER_ADMIN" all read as the reserved name. */
const normalised = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');

/**
 * Why this role name may not be used, or null. Names are compared case-insensitively and ignoring
 * spaces, hyphens and underscores, against both the shown and the internal names of the other roles,
 * so the roles page never lists two roles a person cannot tell apart.
 */
export async function roleNameProblem(db: Kysely<Database>, displayName: string, exceptId: number | null): Promise<string | null> {
  if (!displayName.trim()) return 'Role Name field is required';
  const wanted = normalised(displayName);
  if (wanted === normalised(SUPER_ADMIN)) return 'The name Super_admin is reserved.';
  let others = db.selectFrom('roles').select(['id', 'name', 'display_name']);
  if (exceptId !== null) others = others.where('id', '!=', exceptId);
  const clash = (await others.execute()).find((r) => normalised(r.display_name) === wanted || normalised(r.name) === wanted);
  return clash ? NAME_TAKEN.roles_display_name_lower.message : null;
}
