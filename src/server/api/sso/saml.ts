import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { SsoSettings } from './config-store';

/** Accepted clock difference between the IdP and this server for NotBefore/NotOnOrAfter (SAML Profiles §4.1.4.2). */
export const CLOCK_SKEW_MS = 60_000;

/** Where this portal is reached as a SAML service provider: one ACS for every client, metadata per client. */
export interface SpEndpoints {
  readonly entityId: string;
  readonly acsUrl: string;
}

export function spEndpoints(origin: string, clientId: number): SpEndpoints {
  return { entityId: `${origin}/blogs/api/sso/saml/metadata/${clientId}`, acsUrl: `${origin}/blogs/api/sso/saml/acs` };
}

/**
 * A request-id store holding exactly the one id this attempt may answer. node-saml checks the
 * response's InResponseTo (and each SubjectConfirmationData's) against it, so only the AuthnRequest
 * this server sent and stored is accepted (SAML Profiles §4.1.4.3).
 */
function oneRequest(expected: { id: string; createdAt: Date } | null, onSave: (id: string) => void = () => undefined): CacheProvider {
  return {
    async saveAsync(key, value) {
      onSave(key);
      return { value, createdAt: Date.now() };
    },
    // node-saml reads the value as the request's issue time and applies requestIdExpirationPeriodMs.
    async getAsync(key) {
      return expected !== null && key === expected.id ? expected.createdAt.toISOString() : null;
    },
    async removeAsync(key) {
      return key;
    },
  };
}

/**
 * The node-saml instance for one client: signed assertions required (wantAssertionsSigned) and
 * checked against the configured certificate only, audience = our SP entity id, InResponseTo
 * always required, and a small clock skew (SAML Core §2.5.1.2, §3.4.1.4).
 */
function samlFor(settings: SsoSettings, sp: SpEndpoints, cache: CacheProvider): SAML {
  return new SAML({
    entryPoint: settings.samlSsoUrl!,
    idpCert: settings.samlCertificate!,
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60 * 1000,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    cacheProvider: cache,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

/** SP-initiated sign-in: the IdP address with a deflated AuthnRequest (HTTP-Redirect binding) and its ID. */
export async function authnRequestUrl(settings: SsoSettings, sp: SpEndpoints): Promise<{ url: string; requestId: string }> {
  let requestId = '';
  const saml = samlFor(
    settings,
    sp,
    oneRequest(null, (id) => {
      requestId = id;
    }),
  );
  const url = await saml.getAuthorizeUrlAsync('', undefined, {});
  if (!requestId) throw new Error('node-saml did not report the AuthnRequest ID');
  return { url, requestId };
}

export function spMetadata(settings: SsoSettings, sp: SpEndpoints): string {
  return samlFor(settings, sp, oneRequest(null)).generateServiceProviderMetadata(null, null);
}

export type SamlFailure = 'token-rejected' | 'provider-error' | 'cancelled';

/**
 * Checks a posted SAMLResponse for the attempt whose AuthnRequest was `request`. Beyond what
 * node-saml checks (signature, InResponseTo, audience, NotBefore/NotOnOrAfter), the assertion's
 * issuer must be the configured IdP and the signed SubjectConfirmationData's Recipient must be our
 * ACS and name this request in InResponseTo (SAML Profiles §4.1.4.2-3). The response's Destination is checked by the caller.
 */
export async function validateResponse(
  settings: SsoSettings,
  sp: SpEndpoints,
  samlResponse: string,
  request: { id: string; createdAt: Date },
): Promise<{ ok: true; profile: Profile; assertionId: string; expiresAt: Date } | { ok: false; reason: SamlFailure; detail: string }> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(settings, sp, oneRequest(request)).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unknown';
    if (/AuthnFailed|RequestDenied/.test(detail)) return { ok: false, reason: 'cancelled', detail };
    if (/SAML provider returned/.test(detail)) return { ok: false, reason: 'provider-error', detail };
    return { ok: false, reason: 'token-rejected', detail };
  }
  if (!profile) return { ok: false, reason: 'token-rejected', detail: 'no assertion' };
  if (profile.issuer !== settings.issuer) return { ok: false, reason: 'token-rejected', detail: `issuer ${String(profile.issuer)}` };
  // getAssertion() is node-saml's parse of the signature-verified assertion only.
  const assertion = (profile.getAssertion?.() as { Assertion?: SignedAssertion } | undefined)?.Assertion;
  const assertionId = assertion?.$?.ID;
  if (!assertionId) return { ok: false, reason: 'token-rejected', detail: 'assertion without ID' };
  const confirmations = assertion.Subject?.[0]?.SubjectConfirmation ?? [];
  const data = confirmations.flatMap((c) => c.SubjectConfirmationData ?? []).map((d) => d.$ ?? {});
  if (data.length === 0 || data.some((d) => d.Recipient !== sp.acsUrl))
    return { ok: false, reason: 'token-rejected', detail: 'recipient is not our ACS' };
  // The signed confirmation must itself name our request (Profiles §4.1.4.2), not only the unsigned Response.
  if (data.some((d) => d.InResponseTo !== request.id))
    return { ok: false, reason: 'token-rejected', detail: 'assertion not issued for this request' };
  const ends = [assertion.Conditions?.[0]?.$?.NotOnOrAfter, ...data.map((d) => d.NotOnOrAfter)]
    .filter((t): t is string => Boolean(t))
    .map((t) => Date.parse(t));
  if (ends.length === 0 || ends.some(Number.isNaN))
    return { ok: false, reason: 'token-rejected', detail: 'assertion without NotOnOrAfter' };
  return { ok: true, profile, assertionId, expiresAt: new Date(Math.max(...ends) + CLOCK_SKEW_MS) };
}

interface SignedAssertion {
  $?: { ID?: string };
  Subject?: {
    SubjectConfirmation?: { SubjectConfirmationData?: { $?: { Recipient?: string; NotOnOrAfter?: string; InResponseTo?: string } }[] }[];
  }[];
  Conditions?: { $?: { NotOnOrAfter?: string } }[];
}
