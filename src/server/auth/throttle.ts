import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Sign-in throttling (ASVS V2.2.1): failures per account and per client address in a window. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** A reserved slot of one counter: its key and the window it was counted in (to hand it back). */
export interface Slot {
  readonly key: string;
  readonly windowStart: Date;
}

/**
 * Takes one slot of a key's count in one statement, starting a new window when the old one has
 * passed; null when the key had already used up its `limit` in this window. The insert-or-update
 * locks the row, so attempts arriving at once on any server queue on it and each sees the count the
 * previous one left: a burst can never pass more than `limit` (a read, then a write after an
 * `await`, let every attempt of a burst through).
 */
async function reserve(db: Kysely<Database>, key: string, limit: number, now: Date): Promise<Slot | null> {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const { rows } = await sql<{
    window_start: Date | string;
  }>`INSERT INTO login_throttle (key, failures, window_start) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.window_start <= ${windowStart} THEN 1 ELSE login_throttle.failures + 1 END,
      window_start = CASE WHEN login_throttle.window_start <= ${windowStart} THEN ${now} ELSE login_throttle.window_start END
    WHERE login_throttle.window_start <= ${windowStart} OR login_throttle.failures < ${limit}
    RETURNING window_start`.execute(db);
  return rows[0] ? { key, windowStart: new Date(rows[0].window_start) } : null;
}

/** Hands slots back (an attempt that turned out not to count); a slot of a window since replaced is gone already. */
async function release(db: Kysely<Database>, slots: readonly Slot[]): Promise<void> {
  for (const slot of slots)
    await sql`UPDATE login_throttle SET failures = failures - 1
      WHERE key = ${slot.key} AND window_start = ${slot.windowStart} AND failures > 0`.execute(db);
}

/** Takes a slot of every key, or none: when one key is used up, the slots taken so far go back. */
async function reserveAll(db: Kysely<Database>, keys: readonly (readonly [string, number])[], now: Date): Promise<Slot[] | null> {
  const taken: Slot[] = [];
  for (const [key, limit] of keys) {
    const slot = await reserve(db, key, limit, now);
    if (!slot) {
      await release(db, taken);
      return null;
    }
    taken.push(slot);
  }
  return taken;
}

const accountKey = (email: string) => `account:${email.toLowerCase()}`;

/** A sign-in attempt holding its slots while its password is checked (see `reserveSignIn`). */
export interface SignInAttempt {
  readonly account: Slot;
  readonly address: Slot;
}

/**
 * Reserves a sign-in attempt BEFORE the password is checked: one slot of the account's failures and
 * one of the address's, counted as failures until the attempt is settled; null (answer 429) when
 * either is used up. A failed attempt keeps both slots (they are its failure); a successful one
 * clears the account's count and gives the address's slot back (`signInSucceeded`).
 */
export async function reserveSignIn(db: Kysely<Database>, email: string, address: string, now: Date): Promise<SignInAttempt | null> {
  const slots = await reserveAll(
    db,
    [
      [accountKey(email), MAX_FAILURES_PER_ACCOUNT],
      [`address:${address}`, MAX_FAILURES_PER_ADDRESS],
    ],
    now,
  );
  return slots && { account: slots[0], address: slots[1] };
}

/** A successful sign-in clears the account's counter and does not count against the address. */
export async function signInSucceeded(db: Kysely<Database>, attempt: SignInAttempt): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', attempt.account.key).execute();
  await release(db, [attempt.address]);
}

/**
 * Takes one of a key's `limit` attempts in this window (the contact form's per-address limit);
 * false when they are used up.
 */
export async function takeAttempt(db: Kysely<Database>, key: string, limit: number, now: Date): Promise<boolean> {
  return (await reserve(db, key, limit, now)) !== null;
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
 * Counts one attempt at an account call before any of its work, atomically per key (`reserve`), and
 * answers false when the e-mail or the client address had already used up its attempts for the
 * window (the attempt is then refused, uncounted).
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
  return (await reserveAll(db, keys, now)) !== null;
}
