import type { Kysely } from 'kysely';
import type { Caller } from '../context';
import type { Database } from '../db/schema';

/**
 * Who sees which client's evaluation records (ARCHITECTURE.md "Who sees which client"): our staff
 * (evaluators, client managers) see the clients an administrator assigned them; a client's own
 * programme manager sees their own client. A record of any other client answers 404, so its
 * existence is not revealed.
 */
export const NOT_FOUND = 'Not found.';
/** The permission that makes a signed-in user one of the client's own programme managers (SPEC §6). */
export const PROGRAMME_MANAGER_PERMISSION = 'dashboard-pages-program-overview-view';

export async function assignedClientIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('staff_client_assignments').select('client_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.client_id);
}

export async function isAssigned(db: Kysely<Database>, userId: number, clientId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('staff_client_assignments').select('client_id').where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst());
}

/** Our staff assigned to the client, or the client's own programme manager signed in to it. */
export async function canSeeClient(db: Kysely<Database>, caller: Caller, clientId: number): Promise<boolean> {
  if (caller.clientId === clientId && caller.permissions.includes(PROGRAMME_MANAGER_PERMISSION)) return true;
  return isAssigned(db, caller.userId, clientId);
}
