import * as client from 'openid-client';
import type { SsoSettings } from './config-store';
import { isLoopback } from './config-store';

/** Discovery results by client and configuration version; an edited configuration is discovered afresh. */
const cache = new Map<string, { config: client.Configuration; at: number }>();
const CACHE_MS = 10 * 60 * 1000;

/**
 * The provider's metadata via OpenID Connect Discovery 1.0, with ID token signature checking turned
 * on (openid-client otherwise relies on TLS alone for token-endpoint ID tokens, OIDC Core 3.1.3.7).
 * Plain http is allowed only for an issuer on this machine (docs/architecture.md "Dependencies and their traps": local test providers).
 */
export async function discover(settings: SsoSettings): Promise<client.Configuration> {
  if (settings.protocol !== 'oidc' || !settings.oidcClientId) throw new Error('Not an OpenID Connect configuration');
  const key = `${settings.clientId}:${settings.updatedAt.getTime()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const url = new URL(settings.issuer);
  const insecure = url.protocol === 'http:' && isLoopback(url.hostname);
  const auth = settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None();
  const config = await client.discovery(url, settings.oidcClientId, undefined, auth, {
    timeout: 10,
    execute: insecure ? [client.allowInsecureRequests] : [],
  });
  client.enableNonRepudiationChecks(config);
  for (const old of cache.keys()) if (old.startsWith(`${settings.clientId}:`)) cache.delete(old);
  cache.set(key, { config, at: Date.now() });
  return config;
}

export interface FlowSecrets {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

export function newFlowSecrets(): FlowSecrets {
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
}

/** The provider's authorization URL for the code flow with PKCE (RFC 7636, S256), state and nonce. */
export async function authorizationUrl(
  config: client.Configuration,
  secrets: FlowSecrets,
  redirectUri: string,
  loginHint: string,
): Promise<string> {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
    state: secrets.state,
    nonce: secrets.nonce,
    login_hint: loginHint,
  }).href;
}

/** What the provider says about the person, from the ID token or UserInfo. */
export interface Profile {
  readonly email?: string;
  readonly email_verified?: boolean;
  readonly name?: string;
  readonly given_name?: string;
  readonly family_name?: string;
}

export type ExchangeFailure = 'cancelled' | 'provider-error' | 'code-rejected' | 'token-rejected' | 'provider-unavailable';

/**
 * Redeems the code and checks the ID token: signature against the provider's keys, issuer, audience,
 * expiry, nonce, and state (OIDC Core 3.1.3.7). Any failure is named, never thrown further.
 */
export async function exchangeCode(
  config: client.Configuration,
  callbackUrl: URL,
  secrets: FlowSecrets,
): Promise<{ ok: true; claims: client.IDToken; profile: Profile } | { ok: false; reason: ExchangeFailure; detail: string }> {
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: secrets.codeVerifier,
      expectedState: secrets.state,
      expectedNonce: secrets.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) return { ok: false, reason: 'token-rejected', detail: 'no ID token' };
    // Providers that follow OIDC Core 5.4 strictly return scope claims from UserInfo, not in the ID
    // token; UserInfo's subject must equal the ID token's (OIDC Core 5.3.2).
    const info = claims.email === undefined ? await client.fetchUserInfo(config, tokens.access_token, claims.sub) : claims;
    const pick = (key: keyof Profile) => (typeof info[key] === 'string' ? (info[key] as string) : undefined);
    return {
      ok: true,
      claims,
      profile: {
        email: pick('email'),
        email_verified: typeof info.email_verified === 'boolean' ? info.email_verified : undefined,
        name: pick('name'),
        given_name: pick('given_name'),
        family_name: pick('family_name'),
      },
    };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const detail = error instanceof Error ? `${error.name}: ${error.message}${cause}` : 'unknown';
    if (error instanceof client.AuthorizationResponseError) {
      return { ok: false, reason: error.error === 'access_denied' ? 'cancelled' : 'provider-error', detail };
    }
    // The provider refused the portal itself (for example a wrong client secret: 401 invalid_client).
    if (error instanceof client.WWWAuthenticateChallengeError) return { ok: false, reason: 'provider-error', detail };
    if (error instanceof client.ResponseBodyError)
      return { ok: false, reason: error.error === 'invalid_grant' ? 'code-rejected' : 'provider-error', detail };
    if (error instanceof TypeError || (error instanceof Error && /fetch failed|timeout|ECONNREFUSED/i.test(error.message))) {
      return { ok: false, reason: 'provider-unavailable', detail };
    }
    return { ok: false, reason: 'token-rejected', detail };
  }
}
