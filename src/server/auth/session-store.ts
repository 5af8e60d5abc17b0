import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Session limits (docs/architecture.md "Sessions": idle 30 min without a refresh, absolute 12 h). */
export const IDLE_EXPIRY_MS = 30 * 60 * 1000;
export const ABSOLUTE_EXPIRY_MS = 12 * 60 * 60 * 1000;
/** A token rotated less than this long ago is answered 409 (another tab), not treated as reuse. */
export const ROTATION_GRACE_MS = 10 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export type RefreshOutcome =
  | { kind: 'rotated'; token: string; familyId: string; userId: number; clientId: number }
  | { kind: 'in-progress' }
  | { kind: 'invalid'; reason: 'unknown' | 'revoked' | 'reuse' | 'idle' | 'absolute'; userId?: number };

/** Starts a refresh-token family for a new sign-in; returns the family id and its first token. */
export async function startFamily(db: Kysely<Database>, userId: number, clientId: number, now: Date) {
  const familyId = randomUUID();
  const token = newToken();
  await db
    .insertInto('refresh_families')
    .values({ id: familyId, user_id: userId, client_id: clientId, created_at: now, last_used_at: now })
    .execute();
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: sha256(token), family_id: familyId, created_at: now })
    .execute();
  return { familyId, token };
}

export async function revokeFamily(db: Kysely<Database>, familyId: string, reason: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_families')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Logout, disabling a user and changing a password end every session of the user. */
export async function revokeUserFamilies(db: Kysely<Database>, userId: number, reason: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_families')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** True when a family may still be used for requests (not revoked, within idle and absolute limits). */
export function familyAlive(family: { revoked_at: Date | null; created_at: Date; last_used_at: Date }, now: Date): boolean {
  return (
    !family.revoked_at &&
    now.getTime() - new Date(family.created_at).getTime() < ABSOLUTE_EXPIRY_MS &&
    now.getTime() - new Date(family.last_used_at).getTime() < IDLE_EXPIRY_MS
  );
}

/**
 * Rotates a refresh token within its family (OWASP / RFC 6819 refresh-token rotation). Replaying a
 * token rotated more than the grace period ago revokes the whole family: old and new tokens die.
 */
export async function rotate(db: Kysely<Database>, presented: string, now: Date): Promise<RefreshOutcome> {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('refresh_families', 'refresh_families.id', 'refresh_tokens.family_id')
    .select([
      'refresh_tokens.family_id',
      'refresh_tokens.rotated_at',
      'refresh_families.user_id',
      'refresh_families.client_id',
      'refresh_families.revoked_at',
      'refresh_families.created_at',
      'refresh_families.last_used_at',
    ])
    .where('refresh_tokens.token_hash', '=', sha256(presented))
    .executeTakeFirst();
  if (!row) return { kind: 'invalid', reason: 'unknown' };
  if (row.revoked_at) return { kind: 'invalid', reason: 'revoked', userId: row.user_id };
  if (row.rotated_at) {
    if (now.getTime() - new Date(row.rotated_at).getTime() < ROTATION_GRACE_MS) return { kind: 'in-progress' };
    await revokeFamily(db, row.family_id, 'reuse', now);
    return { kind: 'invalid', reason: 'reuse', userId: row.user_id };
  }
  if (now.getTime() - new Date(row.created_at).getTime() >= ABSOLUTE_EXPIRY_MS) {
    await revokeFamily(db, row.family_id, 'absolute', now);
    return { kind: 'invalid', reason: 'absolute', userId: row.user_id };
  }
  if (now.getTime() - new Date(row.last_used_at).getTime() >= IDLE_EXPIRY_MS) {
    await revokeFamily(db, row.family_id, 'idle', now);
    return { kind: 'invalid', reason: 'idle', userId: row.user_id };
  }
  // Only one concurrent caller wins the update; the others see no row and answer 409.
  const claimed = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: now })
    .where('token_hash', '=', sha256(presented))
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { kind: 'in-progress' };
  const token = newToken();
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: sha256(token), family_id: row.family_id, created_at: now })
    .execute();
  await db.updateTable('refresh_families').set({ last_used_at: now }).where('id', '=', row.family_id).execute();
  return { kind: 'rotated', token, familyId: row.family_id, userId: row.user_id, clientId: row.client_id };
}
