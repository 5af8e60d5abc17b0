import { availableParallelism } from 'node:os';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { isBlockedPassword } from './blocklist';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane). */
export const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** SPEC §5 minimum; ASVS V2.1.2 allows at least 64 characters, we allow 128. */
export const PASSWORD_MIN = 15;
export const PASSWORD_MAX = 128;

/** The reason a new password is refused, or null when it is acceptable (ASVS V2.1). */
export function passwordProblem(password: string, confirmation?: string): string | null {
  if (password.length < PASSWORD_MIN) return 'Use 15 or more characters.';
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if (isBlockedPassword(password)) return 'This password is too common. Choose another one.';
  if (confirmation !== undefined && confirmation !== password) return 'The password confirmation does not match.';
  return null;
}

/**
 * At most one argon2 computation per processor core at a time. Each holds 19 MiB while it runs, and
 * more of them at once than there are cores only take turns on the CPU while their memory adds up
 * (a burst of sign-ins would otherwise grow the server by 19 MiB per thread-pool thread).
 */
const slots = Math.max(1, availableParallelism());
let running = 0;
const queue: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((resolve) => queue.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}

const hash = (password: string, options: typeof ARGON2_OPTIONS) => limited(() => argonHash(password, options));
const verify = (stored: string, password: string) => limited(() => argonVerify(stored, password));

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// A real hash to verify against when the e-mail is unknown, so both answers take the same time.
const decoy = hash('decoy-password-for-timing-only', ARGON2_OPTIONS);

/** Verifies a password; with no stored hash it still spends the same time (ASVS V2.2.1 enumeration). */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  try {
    if (!stored) {
      await verify(await decoy, password);
      return false;
    }
    return await verify(stored, password);
  } catch {
    return false;
  }
}
