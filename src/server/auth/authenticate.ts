import type { FastifyRequest } from 'fastify';
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
  const row = await ctx.db.selectFrom('refresh_families')
    .innerJoin('users', 'users.id', 'refresh_families.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['refresh_families.revoked_at', 'refresh_families.created_at', 'refresh_families.last_used_at', 'refresh_families.client_id',
      'users.status', 'users.email', 'users.role_id', 'roles.name as role_name'])
    .where('refresh_families.id', '=', claims.familyId).where('refresh_families.user_id', '=', claims.userId)
    .executeTakeFirst();
  if (!row || row.status !== 'active' || !familyAlive(row, now)) return null;
  const permissions = await ctx.db.selectFrom('role_permissions').select('permission').where('role_id', '=', row.role_id).execute();
  return {
    userId: claims.userId, familyId: claims.familyId, clientId: row.client_id, email: row.email,
    roleName: row.role_name, permissions: permissions.map((p) => p.permission),
  };
}
