import { hash, verify } from '@node-rs/argon2';
import { BLOCKED_PASSWORDS } from './blocklist';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane). */
export const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** SPEC §5 minimum; ASVS V2.1.2 allows at least 64 characters, we allow 128. */
export const PASSWORD_MIN = 15;
export const PASSWORD_MAX = 128;

/** The reason a new password is refused, or null when it is acceptable (ASVS V2.1). */
export function passwordProblem(password: string, confirmation?: string): string | null {
  if (password.length < PASSWORD_MIN) return 'Use 15 or more characters.';
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if (BLOCKED_PASSWORDS.has(password.toLowerCase())) return 'This password is too common. Choose another one.';
  if (confirmation !== undefined && confirmation !== password) return 'The password confirmation does not match.';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// A real hash to verify against when the e-mail is unknown, so both answers take the same time.
const decoy = hash('decoy-password-for-timing-only', ARGON2_OPTIONS);

/** Verifies a password; with no stored hash it still spends the same time (ASVS V2.2.1 enumeration). */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  try {
    if (!stored) { await verify(await decoy, password); return false; }
    return await verify(stored, password);
  } catch {
    return false;
  }
}
