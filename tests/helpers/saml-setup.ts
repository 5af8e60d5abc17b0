import { expect } from 'vitest';
import { Agent } from './agent';
import { ACCOUNTS, PASSWORD } from './accounts';
import { readAuthnRequest, TestSamlIdp, type AuthnRequest } from './saml-idp';
import { startSso } from './sso-setup';
import type { TestServer } from './test-server';

export interface SamlWorld {
  readonly admin: Agent;
  /** Northwind's IdP (northwind.example) and Contoso's (contoso.example). */
  readonly northwindIdp: TestSamlIdp;
  readonly contosoIdp: TestSamlIdp;
  readonly northwindId: number;
  readonly contosoId: number;
}

export const samlForm = (clientId: number, idp: TestSamlIdp, domains: string, extra: Record<string, unknown> = {}) => ({
  client_id: clientId,
  protocol: 'saml',
  issuer: idp.entityId,
  saml_sso_url: idp.ssoUrl,
  saml_certificate: idp.certificate,
  domains,
  enabled: true,
  ...extra,
});

/** Two companies that sign in with SAML, each at its own IdP, configured through the portal's admin call. */
export async function configureSaml(server: TestServer): Promise<SamlWorld> {
  const admin = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  const ids = async (code: string) =>
    (await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', code).executeTakeFirstOrThrow()).id;
  const northwindId = await ids('NW01');
  const contosoId = await ids('CON1');
  const northwindIdp = new TestSamlIdp('https://idp.northwind.example/saml', 'https://idp.northwind.example/sso');
  const contosoIdp = new TestSamlIdp('urn:contoso:idp', 'https://login.contoso.example/saml/sso?tenant=1');
  for (const [clientId, idp, domains] of [
    [northwindId, northwindIdp, 'northwind.example'],
    [contosoId, contosoIdp, 'contoso.example'],
  ] as const) {
    const saved = await admin.post('/admin/sso-configurations', samlForm(clientId, idp, domains));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return { admin, northwindIdp, contosoIdp, northwindId, contosoId };
}

/** Starts SAML sign-in for an e-mail as the login page does; returns the AuthnRequest the portal sent. */
export async function startSaml(server: TestServer, email: string): Promise<{ url: URL; request: AuthnRequest }> {
  const { data } = await startSso(server, email);
  expect(data.authorization_url, JSON.stringify(data)).toBeDefined();
  return { url: new URL(data.authorization_url!), request: readAuthnRequest(data.authorization_url!) };
}
