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

/** Adds one to a key's count, starting a new window when the old one has passed. */
async function count(db: Kysely<Database>, key: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  await sql`INSERT INTO login_throttle (key, failures, window_start) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.window_start <= ${windowStart} THEN 1 ELSE login_throttle.failures + 1 END,
      window_start = CASE WHEN login_throttle.window_start <= ${windowStart} THEN ${now} ELSE login_throttle.window_start END`.execute(db);
}

/** True when either the account or the address has used up its failures for the window. */
export async function isThrottled(db: Kysely<Database>, email: string, address: string, now: Date): Promise<boolean> {
  return (
    (await failures(db, `account:${email.toLowerCase()}`, now)) >= MAX_FAILURES_PER_ACCOUNT ||
    (await failures(db, `address:${address}`, now)) >= MAX_FAILURES_PER_ADDRESS
  );
}

/** Counts a failure for both keys. */
export async function recordFailure(db: Kysely<Database>, email: string, address: string, now: Date): Promise<void> {
  for (const key of [`account:${email.toLowerCase()}`, `address:${address}`]) await count(db, key, now);
}

/** A successful sign-in clears the account's counter (the address keeps its count). */
export async function clearAccount(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', `account:${email.toLowerCase()}`).execute();
}

/**
 * The account calls a stranger can make without signing in, with how many attempts each allows per
 * e-mail address and per client address in the window (ASVS V2.2.1, V2.5.x): enough for a person
 * who mistypes, too few to test addresses or guess reset links in bulk. Every attempt counts, valid
 * or not, whether the e-mail has an account or not, so the limit itself tells nothing.
 */
export const ACCOUNT_CALL_LIMITS = {
  register: { perEmail: 5, perAddress: 20 },
  'password-link': { perEmail: 5, perAddress: 20 },
  // A reset carries no e-mail, only the link's token (256 random bits): the address limit is what
  // stops guessing tokens.
  'password-reset': { perEmail: 0, perAddress: 20 },
} as const;

export type AccountCall = keyof typeof ACCOUNT_CALL_LIMITS;

/**
 * Counts one attempt at an account call and answers false when the e-mail or the client address
 * had already used up its attempts for the window (the attempt is then refused, uncounted).
 */
export async function takeAccountAttempt(
  db: Kysely<Database>,
  call: AccountCall,
  who: { email?: string; address: string },
  now: Date,
): Promise<boolean> {
  const limits = ACCOUNT_CALL_LIMITS[call];
  const keys: [string, number][] = [[`${call}:address:${who.address}`, limits.perAddress]];
  if (who.email && limits.perEmail > 0) keys.push([`${call}:account:${who.email.trim().toLowerCase()}`, limits.perEmail]);
  for (const [key, limit] of keys) if ((await failures(db, key, now)) >= limit) return false;
  for (const [key] of keys) await count(db, key, now);
  return true;
}
