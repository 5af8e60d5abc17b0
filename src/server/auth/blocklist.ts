import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Passwords known from breach corpora are refused (ASVS V2.1.7, NIST SP 800-63B §5.1.1.2 "passwords
 * obtained from previous breach corpuses"). The list is data shipped with the server
 * (`data/common-passwords.txt.gz`, its source and licence in `data/README.md`), read once at start.
 */
const LIST_FILE = join(import.meta.dirname, 'data', 'common-passwords.txt.gz');

/**
 * Long forms of common passwords that breach lists hold few of, because most sites never asked for
 * 15 characters: people stretch a short favourite by repeating it or counting up to it.
 */
const LONG_COMMON = [
  '123456789012345',
  '1234567890123456',
  '12345678901234567890',
  'qwertyuiopasdfgh',
  'qwertyuiopasdfghjkl',
  'qwertyuiopasdfghjklzxcvbnm',
  '1q2w3e4r5t6y7u8i',
  '1q2w3e4r5t6y7u8i9o0p',
  'passwordpassword',
  'password1234567',
  'password12345678',
  'password123456789',
  'iloveyouiloveyou',
  'aaaaaaaaaaaaaaa',
  '111111111111111',
  '000000000000000',
  'abcdefghijklmnop',
  'abcdefghijklmnopqrstuvwxyz',
  'letmeinletmein1',
  'welcome123456789',
  'changemechangeme',
  'administrator123',
  'administrator1234',
  'correcthorsebatterystaple',
  'trustno1trustno1',
  'qazwsxedcrfvtgb',
  '1qaz2wsx3edc4rfv',
  'zaq12wsxcde34rfv',
  'monkeymonkeymonkey',
  'superman12345678',
  'football12345678',
  'baseball12345678',
  'sunshine12345678',
  'princess12345678',
  'dragondragondragon',
  'masterkey1234567',
  'ergoportal123456',
  'ergoportalpassword',
  'mypasswordismypassword',
  'thisismypassword',
  'passwordpassword1',
];

function load(): Set<string> {
  const words = gunzipSync(readFileSync(LIST_FILE)).toString('utf8').split('\n');
  const set = new Set<string>();
  for (const word of words) if (word) set.add(word.toLowerCase());
  for (const word of LONG_COMMON) set.add(word);
  return set;
}

/** Every listed password in lower case (about 100,000 entries, a few MB of memory). */
export const BLOCKED_PASSWORDS: ReadonlySet<string> = load();

/**
 * True when the password (compared in lower case) is listed, or is a listed password typed again
 * and again ("monkeymonkeymonkey"), which a length rule alone lets through.
 */
export function isBlockedPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (BLOCKED_PASSWORDS.has(lower)) return true;
  for (let size = 1; size <= lower.length / 2; size += 1) {
    if (lower.length % size !== 0) continue;
    const unit = lower.slice(0, size);
    if (unit.repeat(lower.length / size) === lower && (size < 4 || BLOCKED_PASSWORDS.has(unit))) return true;
  }
  return false;
}
