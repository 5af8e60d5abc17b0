import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, SsoFlowsTable } from '../../db/schema';

/** Unfinished sign-in attempts one address may have at once (10 minutes each). */
export const MAX_PENDING_PER_ADDRESS = 20;

/** The advisory-lock class of the per-address cap (the audit chain's lock is 7301). */
const PENDING_LOCK = 7302;

/**
 * Records a sign-in attempt unless its address already has MAX_PENDING_PER_ADDRESS attempts begun
 * since `windowStart`; false when refused. Unfinished attempts are capped per address so nobody can
 * fill the table (ASVS V11.1.4). The count and the insert are one statement, run under a transaction
 * lock on the address: without it, starts arriving at once would each count the others' rows as not
 * there yet and all insert, past the cap.
 */
export async function recordFlowWithinLimit(db: Kysely<Database>, flow: Insertable<SsoFlowsTable>, windowStart: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(PENDING_LOCK)}, hashtext(${flow.address}))`.execute(trx);
    const inserted = await sql<{ id_hash: string }>`
      INSERT INTO sso_flows (id_hash, state, nonce, code_verifier, protocol, client_id, redirect_uri, return_to, address, created_at)
      SELECT ${flow.id_hash}::text, ${flow.state}::text, ${flow.nonce}::text, ${flow.code_verifier}::text,
             ${flow.protocol ?? 'oidc'}::text, ${flow.client_id}::integer, ${flow.redirect_uri}::text,
             ${flow.return_to ?? null}::text, ${flow.address}::text, ${flow.created_at}::timestamptz
      WHERE (SELECT count(*) FROM sso_flows WHERE address = ${flow.address} AND created_at >= ${windowStart}) < ${MAX_PENDING_PER_ADDRESS}
      RETURNING id_hash`.execute(trx);
    return inserted.rows.length === 1;
  });
}
