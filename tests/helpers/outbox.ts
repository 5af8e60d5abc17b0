import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';

/**
 * Waits until the outbox holds at least `count` messages to an address and returns them, oldest
 * first. The password-link call answers before it queues its e-mail (its timing must not tell
 * whether the account exists), so a test reads the outbox a moment later.
 */
export async function waitForOutbox(db: Kysely<Database>, to: string, count = 1, timeoutMs = 10_000) {
  const read = () => db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
  for (let waited = 0; waited < timeoutMs; waited += 25) {
    const rows = await read();
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 25));
  }
  return read();
}
