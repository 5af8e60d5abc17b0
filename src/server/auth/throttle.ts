import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Sign-in throttling (ASVS V2.2.1): failures per account and per client address in a window. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

async function failures(db: Kysely<Database>, key: string, now: Date): Promise<number> {
  const row = await db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || now.getTime() - new Date(row.window_start).getTime() >= THROTTLE_WINDOW_MS) return 0;
  return row.failures;
}

/** True when either the account or the address has used up its failures for the window. */
export async function isThrottled(db: Kysely<Database>, email: string, address: string, now: Date): Promise<boolean> {
  return (await failures(db, `account:${email.toLowerCase()}`, now)) >= MAX_FAILURES_PER_ACCOUNT
    || (await failures(db, `address:${address}`, now)) >= MAX_FAILURES_PER_ADDRESS;
}

/** Counts a failure for both keys, starting a new window when the old one has passed. */
export async function recordFailure(db: Kysely<Database>, email: string, address: string, now: Date): Promise<void> {
  for (const key of [`account:${email.toLowerCase()}`, `address:${address}`]) {
    const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
    await sql`INSERT INTO login_throttle (key, failures, window_start) VALUES (${key}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_throttle.window_start <= ${windowStart} THEN 1 ELSE login_throttle.failures + 1 END,
        window_start = CASE WHEN login_throttle.window_start <= ${windowStart} THEN ${now} ELSE login_throttle.window_start END`.execute(db);
  }
}

/** A successful sign-in clears the account's counter (the address keeps its count). */
export async function clearAccount(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', `account:${email.toLowerCase()}`).execute();
}
