import { SignJWT, jwtVerify } from 'jose';

/** Lifetime of the access credential; the browser refreshes every 5 minutes (SPEC §4). */
export const ACCESS_TTL_SECONDS = 10 * 60;

export interface AccessClaims {
  readonly userId: number;
  readonly familyId: string;
}

/** Signs the short-lived access credential (HS256, audience and issuer pinned). */
export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ fam: claims.familyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer('ergoportal')
    .setAudience('ergoportal-api')
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TTL_SECONDS)
    .sign(secret);
}

/** Verifies the credential against the (possibly simulated) clock; null when invalid or expired. */
export async function verifyAccessToken(secret: Uint8Array, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'], issuer: 'ergoportal', audience: 'ergoportal-api', currentDate: now,
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.fam !== 'string') return null;
    return { userId, familyId: payload.fam };
  } catch {
    return null;
  }
}
