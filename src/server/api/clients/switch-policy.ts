import type { Kysely } from 'kysely';
import type { Caller } from '../../context';
import type { Database } from '../../db/schema';
import { holds } from '../../context';

/** Roles whose switch-client holders run the whole programme and so may open every active client. */
const EVERY_CLIENT_ROLES = new Set(['Super_admin', 'Admin']);

/**
 * Who may switch to which client (SPEC §2 "Switch Client", ARCHITECTURE "Who sees which client"),
 * decided here for the list (GET /clients, /check-domain), the regions (get-client-region) and the
 * switch itself (update-sso-clients):
 * - a holder of switch-client with admin_sso_status 0 whose role is Super_admin or Admin: every
 *   active client, including ones created after they signed in;
 * - other holders, and SSO users choosing their client at sign-in (sso_status 1): the clients
 *   assigned to them, that is their user's client plus those listed for them in user_clients; only
 *   active ones (there is no assignment table of its own yet: user_clients is that list);
 * - everyone else: no other client;
 * - always the client the caller is on now (even if it was made inactive meanwhile), so the list is
 *   never empty and switching away can be undone.
 */
export function mayOpenEveryClient(caller: Caller): boolean {
  return holds(caller, 'switch-client') && caller.profile.admin_sso_status === 0 && EVERY_CLIENT_ROLES.has(caller.roleName);
}

export async function switchableClients(db: Kysely<Database>, caller: Caller) {
  let query = db.selectFrom('clients').select(['id', 'logo', 'company_name', 'company_code', 'regions']);
  if (mayOpenEveryClient(caller)) {
    query = query.where((eb) => eb.or([eb('status', '=', 'active'), eb('id', '=', caller.clientId)]));
  } else if (!holds(caller, 'switch-client') && caller.profile.sso_status !== 1) {
    query = query.where('id', '=', caller.clientId);
  } else {
    const user = await db.selectFrom('users').select('client_id').where('id', '=', caller.userId).executeTakeFirstOrThrow();
    const granted = await db.selectFrom('user_clients').select('client_id').where('user_id', '=', caller.userId).execute();
    const assigned = [...new Set([user.client_id, ...granted.map((g) => g.client_id)])];
    query = query.where((eb) => eb.or([eb.and([eb('id', 'in', assigned), eb('status', '=', 'active')]), eb('id', '=', caller.clientId)]));
  }
  return query.orderBy('company_name').orderBy('id').execute();
}

/**
 * A switch moves the user's own client to the chosen one; for someone limited to their assigned
 * clients, the client they leave is recorded in user_clients so the set they may switch between
 * stays the same (it was theirs already: it is where they were) and they can always switch back.
 */
export async function keepWayBack(db: Kysely<Database>, caller: Caller, toClientId: number): Promise<void> {
  if (mayOpenEveryClient(caller)) return;
  const user = await db.selectFrom('users').select('client_id').where('id', '=', caller.userId).executeTakeFirstOrThrow();
  const left = [...new Set([user.client_id, caller.clientId])].filter((id) => id !== toClientId);
  if (left.length)
    await db
      .insertInto('user_clients')
      .values(left.map((clientId) => ({ user_id: caller.userId, client_id: clientId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
}
