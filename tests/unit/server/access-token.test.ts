import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TTL_SECONDS, signAccessToken, verifyAccessToken } from '../../../src/server/auth/access-token';

const secret = new TextEncoder().encode('s'.repeat(48));
const now = new Date('2026-03-02T10:00:00Z');
const claims = { userId: 42, familyId: 'family-1' };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header and payload, correctly signed with the secret (an attacker cannot do this). */
function forge(header: unknown, payload: unknown, key: Uint8Array = secret): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

const iat = Math.floor(now.getTime() / 1000);
const validPayload = { fam: 'family-1', sub: '42', iss: 'ergoportal', aud: 'ergoportal-api', iat, exp: iat + ACCESS_TTL_SECONDS };

describe('access credential (HS256, RFC 7515 / RFC 8725)', () => {
  it('verifies what it signs until the expiry second', async () => {
    const token = await signAccessToken(secret, claims, now);
    expect(verifyAccessToken(secret, token, now)).toEqual(claims);
    expect(verifyAccessToken(secret, token, new Date(now.getTime() + (ACCESS_TTL_SECONDS - 1) * 1000))).toEqual(claims);
    expect(verifyAccessToken(secret, token, new Date(now.getTime() + ACCESS_TTL_SECONDS * 1000))).toBeNull();
  });

  it('checks expiry and key on every call, also for a credential verified before', async () => {
    const token = await signAccessToken(secret, claims, now);
    for (let i = 0; i < 3; i += 1) expect(verifyAccessToken(secret, token, now)).toEqual(claims);
    expect(verifyAccessToken(secret, token, new Date(now.getTime() + ACCESS_TTL_SECONDS * 1000))).toBeNull();
    expect(verifyAccessToken(new TextEncoder().encode('s'.repeat(47) + 't'), token, now)).toBeNull();
    expect(verifyAccessToken(secret, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, now)).toBeNull();
  });

  it('accepts credentials jose issued before, so a deployment logs nobody out', async () => {
    const token = await new SignJWT({ fam: 'family-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('42')
      .setIssuer('ergoportal')
      .setAudience('ergoportal-api')
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TTL_SECONDS)
      .sign(secret);
    expect(verifyAccessToken(secret, token, now)).toEqual(claims);
  });

  it('refuses a changed payload, another secret, and garbage', async () => {
    const token = await signAccessToken(secret, claims, now);
    const [header, , signature] = token.split('.');
    expect(verifyAccessToken(secret, `${header}.${b64({ ...validPayload, sub: '1' })}.${signature}`, now)).toBeNull();
    expect(verifyAccessToken(new TextEncoder().encode('t'.repeat(48)), token, now)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', `${token}x`, token.slice(0, -1), `${header}..${signature}`]) {
      expect(verifyAccessToken(secret, junk, now)).toBeNull();
    }
  });

  it('refuses any other header: alg none, other algorithms, extra fields', () => {
    const none = `${b64({ alg: 'none' })}.${b64(validPayload)}.`;
    expect(verifyAccessToken(secret, none, now)).toBeNull();
    expect(verifyAccessToken(secret, forge({ alg: 'HS512' }, validPayload), now)).toBeNull();
    expect(verifyAccessToken(secret, forge({ alg: 'HS256', kid: 'x' }, validPayload), now)).toBeNull();
    expect(verifyAccessToken(secret, forge({ alg: 'HS256' }, validPayload), now)).toEqual(claims);
  });

  it('refuses a wrong issuer or audience, a missing expiry and malformed subjects', () => {
    const header = { alg: 'HS256' };
    expect(verifyAccessToken(secret, forge(header, { ...validPayload, iss: 'someone-else' }), now)).toBeNull();
    expect(verifyAccessToken(secret, forge(header, { ...validPayload, aud: ['ergoportal-api', 'x'] }), now)).toBeNull();
    expect(verifyAccessToken(secret, forge(header, { ...validPayload, exp: undefined }), now)).toBeNull();
    expect(verifyAccessToken(secret, forge(header, { ...validPayload, sub: 42 }), now)).toBeNull();
    expect(verifyAccessToken(secret, forge(header, { ...validPayload, sub: '4.2' }), now)).toBeNull();
    expect(verifyAccessToken(secret, forge(header, { ...validPayload, fam: 7 }), now)).toBeNull();
    expect(verifyAccessToken(secret, forge(header, 'a string'), now)).toBeNull();
  });
});
