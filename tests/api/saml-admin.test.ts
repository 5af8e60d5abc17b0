import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { TestSamlIdp } from '../helpers/saml-idp';
import { configureSaml, samlForm, type SamlWorld } from '../helpers/saml-setup';
import { selfSignedCertificate } from '../helpers/self-signed';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let world: SamlWorld;
beforeAll(async () => {
  server = await startTestServer();
  world = await configureSaml(server);
});
afterAll(async () => {
  await server?.close();
});

async function as(email: string): Promise<Agent> {
  const agent = new Agent(server.url);
  expect((await agent.login(email, PASSWORD)).status).toBe(200);
  return agent;
}
const stored = () =>
  server.ctx.db.selectFrom('sso_configurations').selectAll().where('client_id', '=', world.northwindId).executeTakeFirstOrThrow();
const form = (extra: Record<string, unknown> = {}) => samlForm(world.northwindId, world.northwindIdp, 'northwind.example', extra);

describe('only administrators with clients-edit change a SAML configuration', () => {
  it.each([ACCOUNTS.employee, ACCOUNTS.manager, ACCOUNTS.evaluator])('%s gets 403 and nothing changes', async (email) => {
    const agent = await as(email);
    const attacker = new TestSamlIdp('https://evil.example/idp');
    const before = await stored();
    expect((await agent.get('/admin/sso-configurations')).status).toBe(403);
    expect(
      (await agent.post('/admin/sso-configurations', form({ issuer: attacker.entityId, saml_certificate: attacker.certificate }))).status,
    ).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('guests get 401 and nothing changes', async () => {
    const guest = new Agent(server.url);
    const before = await stored();
    expect((await guest.get('/admin/sso-configurations')).status).toBe(401);
    expect((await guest.post('/admin/sso-configurations', form({ saml_sso_url: 'https://evil.example/sso' }))).status).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe('the SAML settings', () => {
  it('are listed with the protocol, SSO URL and certificate, and the save is audited before and after', async () => {
    const list = await world.admin.get('/admin/sso-configurations');
    const mine = (list.data as { configurations: Record<string, Record<string, unknown>> }).configurations[world.northwindId];
    expect(mine).toMatchObject({
      protocol: 'saml',
      issuer: world.northwindIdp.entityId,
      saml_sso_url: world.northwindIdp.ssoUrl,
      domains: 'northwind.example',
      has_secret: false,
    });
    expect(String(mine.saml_certificate)).toContain('BEGIN CERTIFICATE');
    const next = new TestSamlIdp('https://idp2.northwind.example/saml', 'https://idp2.northwind.example/sso');
    expect((await world.admin.post('/admin/sso-configurations', samlForm(world.northwindId, next, 'northwind.example'))).status).toBe(200);
    const entry = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'actor_email'])
      .where('action', '=', 'sso_configuration.updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const details = entry.details as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(entry.actor_email).toBe(ACCOUNTS.admin);
    expect(details.before).toMatchObject({ protocol: 'saml', issuer: world.northwindIdp.entityId });
    expect(details.after).toMatchObject({ protocol: 'saml', issuer: next.entityId, saml_sso_url: next.ssoUrl });
    // Back to the original IdP, leaving the certificate out: the stored one is kept.
    expect((await world.admin.post('/admin/sso-configurations', form({ saml_certificate: world.northwindIdp.certificate }))).status).toBe(
      200,
    );
    const { saml_certificate: _omit, ...withoutCertificate } = form();
    expect((await world.admin.post('/admin/sso-configurations', withoutCertificate)).status).toBe(200);
    expect((await stored()).saml_certificate).toBe(world.northwindIdp.certificate.trim());
  });

  const expired = selfSignedCertificate('Old IdP', -1);
  it.each([
    [{ saml_certificate: 'not a certificate' }, 'must be one PEM certificate'],
    [{ saml_certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, 'could not be read as an X.509 certificate'],
    [{ saml_certificate: expired.certificatePem }, 'has expired'],
    [{ saml_certificate: expired.privateKeyPem }, 'must be one PEM certificate'],
    [{ saml_sso_url: undefined }, 'IdP single sign-on URL field is required'],
    [{ saml_sso_url: 'http://idp.example.com/sso' }, 'IdP single sign-on URL must use https'],
    [{ saml_sso_url: 'https://user:pw@idp.example.com/sso' }, 'must not contain credentials'],
    [{ issuer: 'not an entity id' }, 'Issuer URL must be a valid URL'],
  ])('refuses %o with a clear message and changes nothing', async (override, message) => {
    const before = await stored();
    const body = { ...form(), ...override } as Record<string, unknown>;
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const answer = await world.admin.post('/admin/sso-configurations', body);
    expect(answer.status).toBe(400);
    expect(String(answer.body.errors)).toContain(message);
    expect(await stored()).toEqual(before);
  });

  it('refuses two certificates in one field', async () => {
    const other = selfSignedCertificate('Second');
    const answer = await world.admin.post(
      '/admin/sso-configurations',
      form({ saml_certificate: `${world.northwindIdp.certificate}\n${other.certificatePem}` }),
    );
    expect(answer.status).toBe(400);
    expect(String(answer.body.errors)).toContain('must be one PEM certificate');
  });

  it('a client switched to SAML no longer starts OpenID Connect, and switching to OIDC needs a client id', async () => {
    const answer = await world.admin.post('/admin/sso-configurations', {
      ...form(),
      protocol: 'oidc',
      saml_certificate: undefined,
      issuer: 'https://login.example.com',
    });
    expect(answer.status).toBe(400);
    expect(String(answer.body.errors)).toContain('OpenID client id field is required');
    expect((await stored()).protocol).toBe('saml');
    const start = await new Agent(server.url).post('/client/sso-login', { email: 'x@northwind.example' });
    expect(new URL((start.data as { authorization_url: string }).authorization_url).searchParams.get('SAMLRequest')).toBeTruthy();
  });
});
