import type { Kysely } from 'kysely';
import type { Caller } from '../../context';
import type { Database } from '../../db/schema';
import { holds } from '../../context';
import { visibleClientIds } from '../../policies/client-scope';

/**
 * The clients whose catalogue and fulfilment a caller works on (docs/architecture.md "Who sees which
 * client"): administrators (clients-view) every client; our other staff the clients assigned to them
 * and their own account's client (a client's own fulfilment person).
 */
export async function equipmentClientIds(db: Kysely<Database>, caller: Caller): Promise<number[]> {
  if (holds(caller, 'clients-view')) return (await db.selectFrom('clients').select('id').orderBy('id').execute()).map((r) => r.id);
  const ids = new Set(await visibleClientIds(db, caller));
  ids.add(caller.clientId);
  return [...ids].sort((a, b) => a - b);
}
