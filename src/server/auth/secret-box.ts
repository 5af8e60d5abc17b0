import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts client secrets at rest (single sign-on, learning record stores) (ASVS V6.2.1: an approved authenticated cipher, AES-256-GCM) with
 * a key derived from SESSION_SECRET by HKDF-SHA-256 (RFC 5869), so the database alone never
 * reveals a secret. Stored as "v1.<iv>.<tag>.<ciphertext>" in base64url.
 */
function keyFrom(sessionSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'ergoportal-sso', 'client-secret-encryption-v1', 32));
}

export function sealSecret(sessionSecret: Uint8Array, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain secret, or null when the value was sealed with another key or was tampered with. */
export function openSecret(sessionSecret: Uint8Array, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
