import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext, Caller } from '../context';
import { ACCESS_COOKIE } from '../http/cookies';
import { verifyAccessToken } from './access-token';
import { familyAlive } from './session-store';

/**
 * Resolves the caller from the access cookie. The family is checked on every request so that
 * logout, disabling a user, a password change and the idle and absolute limits take effect at once.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Caller | null> {
  const token = request.cookies[ACCESS_COOKIE];
  if (!token) return null;
  const now = ctx.now();
  const claims = await verifyAccessToken(ctx.secret, token, now);
  if (!claims) return null;
  // One round trip: the family, the user and the role's permissions (hot path of every call).
  const row = await ctx.db.selectFrom('refresh_families')
    .innerJoin('users', 'users.id', 'refresh_families.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['refresh_families.revoked_at', 'refresh_families.created_at', 'refresh_families.last_used_at', 'refresh_families.client_id',
      'users.status', 'users.email', 'users.first_name', 'users.last_name', 'users.region', 'users.sso_status', 'users.admin_sso_status',
      'users.language', 'roles.name as role_name',
      sql<string[]>`coalesce((SELECT array_agg(permission ORDER BY permission) FROM role_permissions WHERE role_id = users.role_id), '{}')`.as('permissions')])
    .where('refresh_families.id', '=', claims.familyId).where('refresh_families.user_id', '=', claims.userId)
    .executeTakeFirst();
  if (!row || row.status !== 'active' || !familyAlive(row, now)) return null;
  return {
    userId: claims.userId, familyId: claims.familyId, clientId: row.client_id, email: row.email,
    roleName: row.role_name, permissions: row.permissions,
    profile: {
      id: claims.userId, email: row.email, first_name: row.first_name, last_name: row.last_name, role_name: row.role_name,
      roles: { all_permission: row.permissions }, region: row.region, sso_status: row.sso_status === 1 ? 1 : 0,
      admin_sso_status: row.admin_sso_status === 1 ? 1 : 0, language: row.language,
    },
  };
}
