import type { FastifyRequest } from 'fastify';
import type { AppContext, Caller } from '../context';
import { ACCESS_COOKIE } from '../http/cookies';
import { verifyAccessToken } from './access-token';
import { loadCaller, type CallerRow } from './caller-loader';
import { sessionClient } from './profile';
import { familyAlive } from './session-store';
import { isPermission } from '../../../generated/permissions';

/**
 * Resolves the caller from the access cookie. The family is checked on every request so that
 * logout, disabling a user, a password change and the idle and absolute limits take effect at once.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Caller | null> {
  const token = request.cookies[ACCESS_COOKIE];
  if (!token) return null;
  const now = ctx.now();
  const claims = verifyAccessToken(ctx.secret, token, now);
  if (!claims) return null;
  const row = await loadCaller(ctx.db, claims.familyId, claims.userId);
  if (!row || row.status !== 'active' || !familyAlive(row, now)) return null;
  let caller = callers.get(row);
  if (!caller) {
    caller = toCaller(row);
    callers.set(row, caller);
  }
  return caller;
}

/** One caller object per row read: a row served again from memory (caller-loader.ts) reuses it. */
const callers = new WeakMap<CallerRow, Caller>();

function toCaller(row: CallerRow): Caller {
  return {
    userId: row.user_id,
    familyId: row.family_id,
    clientId: row.client_id,
    email: row.email,
    roleName: row.role_name,
    permissions: row.permissions.filter(isPermission),
    profile: {
      id: row.user_id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      role_name: row.role_name,
      roles: { all_permission: row.permissions },
      region: row.region,
      sso_status: row.sso_status === 1 ? 1 : 0,
      admin_sso_status: row.admin_sso_status === 1 ? 1 : 0,
      language: row.language,
    },
    client: sessionClient(row.client_id, row),
    seats: row.seats,
  };
}
