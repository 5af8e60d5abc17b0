import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** Lifetime of the access credential; the browser refreshes every 5 minutes (SPEC §4). */
export const ACCESS_TTL_SECONDS = 10 * 60;
const ISSUER = 'ergoportal';
const AUDIENCE = 'ergoportal-api';

export interface AccessClaims {
  readonly userId: number;
  readonly familyId: string;
}

/**
 * A compact JWS (RFC 7515) signed with HS256 (RFC 7518 §3.2), done with node:crypto's synchronous
 * HMAC: it is checked on every API call, and WebCrypto's per-call key import and thread-pool hop cost
 * more than the whole database round trip. The protected header is fixed, and a token is accepted
 * only with exactly this header, so no other algorithm (or "none") can ever be negotiated
 * (RFC 8725 §3.1, §3.2). The header is byte-for-byte the one jose wrote, so credentials issued before
 * stay valid.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const keys = new WeakMap<Uint8Array, KeyObject>();

function keyFor(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

const mac = (secret: Uint8Array, signingInput: string) => createHmac('sha256', keyFor(secret)).update(signingInput).digest('base64url');

/** Signs the short-lived access credential (issuer and audience pinned). */
export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = { fam: claims.familyId, sub: String(claims.userId), iss: ISSUER, aud: AUDIENCE, iat, exp: iat + ACCESS_TTL_SECONDS };
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signingInput}.${mac(secret, signingInput)}`;
}

/**
 * Credentials whose signature and claims were found well-formed: the same credential comes with
 * every call for ten minutes, and the signature of a given text under a given key never changes.
 * Expiry is checked against the clock on every call, whether the credential was kept or not.
 */
const verified = new Map<string, { secret: Uint8Array; claims: AccessClaims; exp: number }>();
const VERIFIED_LIMIT = 10_000;

/** Verifies the credential against the (possibly simulated) clock; null when invalid or expired. */
export function verifyAccessToken(secret: Uint8Array, token: string, now: Date): AccessClaims | null {
  let known = verified.get(token);
  if (!known || known.secret !== secret) {
    const checked = checkAccessToken(secret, token);
    if (!checked) return null;
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
    known = { secret, ...checked };
    verified.set(token, known);
  }
  return Math.floor(now.getTime() / 1000) < known.exp ? known.claims : null;
}

/** Signature, issuer, audience and claim shapes; expiry is the caller's to check. */
function checkAccessToken(secret: Uint8Array, token: string): { claims: AccessClaims; exp: number } | null {
  const firstDot = token.indexOf('.');
  const lastDot = token.lastIndexOf('.');
  if (firstDot === -1 || lastDot === firstDot || token.slice(0, firstDot) !== HEADER) return null;
  const expected = Buffer.from(mac(secret, token.slice(0, lastDot)));
  const given = Buffer.from(token.slice(lastDot + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(token.slice(firstDot + 1, lastDot), 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object' || payload.iss !== ISSUER || payload.aud !== AUDIENCE) return null;
  if (typeof payload.exp !== 'number') return null;
  const userId = Number(payload.sub);
  if (typeof payload.sub !== 'string' || !Number.isInteger(userId) || typeof payload.fam !== 'string') return null;
  return { claims: { userId, familyId: payload.fam }, exp: payload.exp };
}
