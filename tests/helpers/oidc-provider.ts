import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** The changes a test makes to an ID token on its way out of the token endpoint. */
export type IdTokenTamper = { claims?: (claims: Record<string, unknown>) => Record<string, unknown>; foreignKey?: boolean };

export interface TestProvider {
  readonly issuer: string;
  /** client id → secret of the OIDC clients registered at the provider. */
  readonly clients: Record<string, string>;
  /** Lifetime of authorization codes in seconds (tests of expired codes shorten it). */
  codeTtl: number;
  /** When set, the next token responses carry an ID token changed this way and signed again. */
  tamper: IdTokenTamper | null;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider, with its development login and consent pages) on
 * 127.0.0.1 at a random port. Any login is accepted; the login is the person's e-mail and subject.
 * Tampering re-signs the ID token with the provider's own key (or a foreign one), so the portal's
 * claim checks are exercised separately from its signature check.
 */
export async function startTestProvider(redirectUris: string[], clientIds = ['northwind-portal', 'contoso-portal']): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' } as JWK;
  const foreign = (await generateKeyPair('RS256', { extractable: true })).privateKey;
  const http = createServer();
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients = Object.fromEntries(clientIds.map((id) => [id, `${id}-secret-${Math.random().toString(36).slice(2)}`]));
  const state: TestProvider = {
    issuer,
    clients,
    codeTtl: 60,
    tamper: null,
    close: () =>
      new Promise<void>((done) => {
        http.closeAllConnections();
        http.close(() => done());
      }),
  };
  const provider = new Provider(issuer, {
    clients: clientIds.map((id) => ({
      client_id: id,
      client_secret: clients[id],
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: () => state.codeTtl,
      Interaction: () => 600,
      Session: () => 600,
      Grant: () => 600,
      AccessToken: () => 600,
      IdToken: () => 600,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const local = id.split('@')[0] ?? id;
      const [given, family] = local.split('.');
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: id,
            email_verified: true,
            given_name: given,
            family_name: family ?? 'Tester',
            name: `${given} ${family ?? 'Tester'}`,
          };
        },
      };
    },
  });
  const handle = provider.callback();
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (state.tamper && req.method === 'POST' && req.url?.startsWith('/token')) interceptToken(res, state.tamper, privateKey, foreign);
    handle(req, res);
  });
  return state;
}

/** Rewrites the ID token of one token-endpoint answer before it leaves the provider. */
function interceptToken(res: ServerResponse, tamper: IdTokenTamper, key: CryptoKey, foreign: CryptoKey): void {
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  (res as unknown as { end: (chunk?: unknown) => ServerResponse }).end = (chunk?: unknown) => {
    const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk ?? '');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return end(chunk);
    }
    if (typeof body.id_token !== 'string') return end(chunk);
    const claims = tamper.claims
      ? tamper.claims(decodeJwt(body.id_token) as Record<string, unknown>)
      : (decodeJwt(body.id_token) as Record<string, unknown>);
    void new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
      .sign(tamper.foreignKey ? foreign : key)
      .then((idToken) => {
        const next = JSON.stringify({ ...body, id_token: idToken });
        res.setHeader('content-length', Buffer.byteLength(next));
        end(next);
      });
    return res;
  };
}
