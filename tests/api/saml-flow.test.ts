import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { postToAcs, type AssertionOptions, type TestSamlIdp } from '../helpers/saml-idp';
import { configureSaml, startSaml, type SamlWorld } from '../helpers/saml-setup';
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

type Overrides = Partial<AssertionOptions>;

/** Starts a sign-in for `email` and builds the IdP's answer to it (unsigned) with any overrides. */
async function answerFor(email: string, idp: TestSamlIdp = world.northwindIdp, overrides: Overrides = {}) {
  const { request } = await startSaml(server, email);
  const xml = idp.response({
    inResponseTo: request.id,
    acsUrl: request.acsUrl,
    audience: request.issuer,
    nameId: `id-${email}`,
    email,
    ...overrides,
  });
  return { request, xml };
}

/** An agent holding the session cookies the ACS set, to ask the API who is signed in. */
function sessionOf(cookies: Map<string, string>): Agent {
  const agent = new Agent(server.url);
  for (const [k, v] of cookies) agent.cookies.set(k, v);
  return agent;
}

/** Posts to the ACS and checks that nobody is signed in or created, and why the audit log says it refused. */
async function expectRefused(xml: string, why: RegExp, reason = 'token-rejected') {
  const before = await server.ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const landed = await postToAcs(server.url, xml);
  expect(landed.status).toBe(303);
  expect(landed.location).toBe(`/user/sso-login-error/${reason}`);
  expect((await sessionOf(landed.cookies).get('/get-user')).status).toBe(401);
  const after = await server.ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  expect(after.n).toBe(before.n);
  const audit = await server.ctx.db
    .selectFrom('audit_log')
    .select(['target', 'details'])
    .where('action', '=', 'sso.failure')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(audit.target).toBe(reason);
  expect(JSON.stringify(audit.details)).toMatch(why);
}

describe('SAML sign-in through HTTP', () => {
  it('sends a deflated AuthnRequest to the IdP and stores its ID server-side', async () => {
    const { url, request } = await startSaml(server, 'someone@northwind.example');
    expect(`${url.origin}${url.pathname}`).toBe(world.northwindIdp.ssoUrl);
    expect(request.id).toMatch(/^_[0-9a-f]{40}$/);
    expect(request.acsUrl).toBe(`${server.url}/blogs/api/sso/saml/acs`);
    expect(request.issuer).toBe(`${server.url}/blogs/api/sso/saml/metadata/${world.northwindId}`);
    expect(request.destination).toBe(world.northwindIdp.ssoUrl);
    const row = await server.ctx.db.selectFrom('sso_flows').selectAll().where('state', '=', request.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ protocol: 'saml', client_id: world.northwindId });
  });

  it('keeps the IdP query string (an SSO URL with parameters)', async () => {
    const { url } = await startSaml(server, 'someone@contoso.example');
    expect(url.origin + url.pathname).toBe('https://login.contoso.example/saml/sso');
    expect(url.searchParams.get('tenant')).toBe('1');
  });

  it('signs a new person in with a signed assertion: created in the client with login type 1, session issued', async () => {
    const { xml } = await answerFor('saml.person@northwind.example', world.northwindIdp, { givenName: 'Sam', surname: 'Lee' });
    const landed = await postToAcs(server.url, world.northwindIdp.signAssertion(xml));
    expect(landed.status).toBe(303);
    expect(landed.location).toBe('/user');
    const me = await sessionOf(landed.cookies).get('/get-user');
    expect(me.status).toBe(200);
    const user = await server.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'saml.person@northwind.example')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ client_id: world.northwindId, login_type: 1, first_name: 'Sam', last_name: 'Lee', password_hash: null });
    const identity = await server.ctx.db.selectFrom('sso_identities').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ issuer: world.northwindIdp.entityId, subject: 'id-saml.person@northwind.example' });
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'login.success')
      .where('actor_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).toContain('"method":"saml"');
  });

  it('accepts a signed response around a signed assertion, and the same person again without a second account', async () => {
    const { xml } = await answerFor('saml.person@northwind.example');
    const landed = await postToAcs(server.url, world.northwindIdp.signResponse(world.northwindIdp.signAssertion(xml)));
    expect(landed.location).toBe('/user');
    const rows = await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'saml.person@northwind.example').execute();
    expect(rows).toHaveLength(1);
  });

  it('tolerates a small clock difference (an assertion that ended 30 seconds ago)', async () => {
    const { xml } = await answerFor('skew@northwind.example', world.northwindIdp, { notOnOrAfter: -30_000 });
    expect((await postToAcs(server.url, world.northwindIdp.signAssertion(xml))).location).toBe('/user');
  });

  it('needs no CSRF token at the ACS, while every other POST still does', async () => {
    const bare = await fetch(`${server.url}/blogs/api/client/sso-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bare.status).toBe(403);
  });
});

describe('the ACS refuses, signs nobody in and creates nobody', () => {
  it('an unsigned response', async () => {
    const { xml } = await answerFor('mallory@northwind.example');
    await expectRefused(xml, /Invalid signature/);
  });

  it('a signed response whose assertion is unsigned (assertions must be signed)', async () => {
    const { xml } = await answerFor('mallory@northwind.example');
    await expectRefused(world.northwindIdp.signResponse(xml), /Invalid signature/);
  });

  it('an assertion signed by another key', async () => {
    const { xml } = await answerFor('mallory@northwind.example');
    await expectRefused(
      world.northwindIdp.signAssertion(xml, selfSignedCertificate('https://idp.northwind.example/saml')),
      /Invalid signature/,
    );
  });

  it("an assertion signed by another client's IdP", async () => {
    const { xml } = await answerFor('mallory@northwind.example', world.northwindIdp);
    await expectRefused(world.contosoIdp.signAssertion(xml), /Invalid signature/);
  });

  it('a NameID changed after signing', async () => {
    const { xml } = await answerFor('pat@northwind.example');
    const signed = world.northwindIdp.signAssertion(xml);
    expect(signed).toContain('>id-pat@northwind.example<');
    await expectRefused(signed.replace('>id-pat@northwind.example<', '>id-admin@northwind.example<'), /Invalid signature/);
  });

  it('an e-mail attribute changed after signing', async () => {
    const { xml } = await answerFor('pat@northwind.example');
    await expectRefused(
      world.northwindIdp.signAssertion(xml).replace('>pat@northwind.example<', '>admin@ergoportal.example<'),
      /Invalid signature/,
    );
  });

  it('the wrong audience', async () => {
    const { xml } = await answerFor('pat@northwind.example', world.northwindIdp, { audience: 'https://other-sp.example/metadata' });
    await expectRefused(world.northwindIdp.signAssertion(xml), /audience mismatch/);
  });

  it('the wrong destination', async () => {
    const { xml } = await answerFor('pat@northwind.example', world.northwindIdp, { destination: 'https://other-sp.example/acs' });
    await expectRefused(world.northwindIdp.signAssertion(xml), /wrong destination/);
  });

  it('the wrong recipient inside the signed assertion', async () => {
    const { xml } = await answerFor('pat@northwind.example', world.northwindIdp, { recipient: 'https://other-sp.example/acs' });
    await expectRefused(world.northwindIdp.signAssertion(xml), /recipient is not our ACS/);
  });

  it('an expired assertion, beyond the clock skew', async () => {
    const { xml } = await answerFor('pat@northwind.example', world.northwindIdp, { notBefore: -20 * 60_000, notOnOrAfter: -5 * 60_000 });
    await expectRefused(world.northwindIdp.signAssertion(xml), /No valid subject confirmation|expired/);
  });

  it('an assertion not yet valid, beyond the clock skew', async () => {
    const { xml } = await answerFor('pat@northwind.example', world.northwindIdp, { notBefore: 10 * 60_000, notOnOrAfter: 15 * 60_000 });
    await expectRefused(world.northwindIdp.signAssertion(xml), /not yet valid/);
  });

  it('an assertion from another IdP entity id, even with the right key', async () => {
    const { xml } = await answerFor('pat@northwind.example', world.northwindIdp, { issuer: 'https://idp.elsewhere.example' });
    await expectRefused(world.northwindIdp.signAssertion(xml), /issuer https:\/\/idp.elsewhere.example/);
  });

  it('an unknown InResponseTo', async () => {
    const { request } = await startSaml(server, 'pat@northwind.example');
    const xml = world.northwindIdp.response({
      inResponseTo: '_0123456789abcdef0123456789abcdef01234567',
      acsUrl: request.acsUrl,
      audience: request.issuer,
      nameId: 'id-pat',
      email: 'pat@northwind.example',
    });
    await expectRefused(world.northwindIdp.signAssertion(xml), /unknown or used request id/, 'expired');
  });

  it('an assertion that does not itself name the request (IdP-initiated, wrapped in a response to ours)', async () => {
    const { xml } = await answerFor('pat@northwind.example', world.northwindIdp, { subjectInResponseTo: null });
    await expectRefused(world.northwindIdp.signAssertion(xml), /assertion not issued for this request/);
  });

  it('an assertion with no e-mail attribute and an opaque NameID', async () => {
    const { request } = await startSaml(server, 'pat@northwind.example');
    const xml = world.northwindIdp.response({
      inResponseTo: request.id,
      acsUrl: request.acsUrl,
      audience: request.issuer,
      nameId: 'opaque-7f3a',
    });
    await expectRefused(world.northwindIdp.signAssertion(xml), /opaque-7f3a/, 'email-missing');
  });

  it('a replayed response, and the same assertion ID answering a fresh request', async () => {
    const { xml } = await answerFor('replay@northwind.example', world.northwindIdp, { assertionId: '_replayed-assertion-1' });
    const signed = world.northwindIdp.signAssertion(xml);
    const first = await postToAcs(server.url, signed);
    expect(first.location).toBe('/user');
    await expectRefused(signed, /unknown or used request id/, 'expired');
    // Even bound to a new, valid request, an assertion ID already accepted is refused (single use).
    const again = await answerFor('replay@northwind.example', world.northwindIdp, { assertionId: '_replayed-assertion-1' });
    await expectRefused(world.northwindIdp.signAssertion(again.xml), /assertion replayed/, 'expired');
    const stored = await server.ctx.db
      .selectFrom('saml_assertions')
      .selectAll()
      .where('assertion_id', '=', '_replayed-assertion-1')
      .executeTakeFirstOrThrow();
    expect(new Date(stored.expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('XML with a DOCTYPE and entities (XXE), even when signed', async () => {
    const { xml } = await answerFor('pat@northwind.example');
    const signed = world.northwindIdp.signAssertion(xml);
    const withDtd = `<?xml version="1.0"?><!DOCTYPE samlp:Response [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${signed.replace('>pat@northwind.example<', '>&xxe;<')}`;
    await expectRefused(withDtd, /DTD in SAMLResponse/);
  });

  it('a body without SAMLResponse, and garbage', async () => {
    const empty = await fetch(`${server.url}/blogs/api/sso/saml/acs`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'RelayState=x',
    });
    expect(empty.status).toBe(303);
    expect(empty.headers.get('location')).toBe('/user/sso-login-error/token-rejected');
    await expectRefused('not xml at all', /no InResponseTo/, 'expired');
  });
});

describe('tenant boundary', () => {
  it("a person of client A's domain asserted by client B's IdP does not land in B (nor in A)", async () => {
    const { xml } = await answerFor('someone@contoso.example', world.contosoIdp, {
      email: 'intruder@northwind.example',
      nameId: 'intruder',
    });
    await expectRefused(world.contosoIdp.signAssertion(xml), /urn:contoso:idp/, 'wrong-company');
    expect(
      await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'intruder@northwind.example').executeTakeFirst(),
    ).toBeUndefined();
  });

  it("an existing Northwind account is never taken over through Contoso's IdP", async () => {
    const { xml } = await answerFor('someone@contoso.example', world.contosoIdp, {
      email: 'employee@northwind.example',
      nameId: 'employee',
    });
    await expectRefused(world.contosoIdp.signAssertion(xml), /urn:contoso:idp/, 'wrong-company');
  });

  it("a Contoso person signs in at Contoso's IdP and lands in Contoso", async () => {
    const { xml } = await answerFor('casey@contoso.example', world.contosoIdp);
    const landed = await postToAcs(server.url, world.contosoIdp.signAssertion(xml));
    expect(landed.location).toBe('/user');
    const user = await server.ctx.db
      .selectFrom('users')
      .select('client_id')
      .where('email', '=', 'casey@contoso.example')
      .executeTakeFirstOrThrow();
    expect(user.client_id).toBe(world.contosoId);
  });
});

describe('SP metadata', () => {
  it('is served per SAML client with its entity id and ACS, and 404 otherwise', async () => {
    const response = await fetch(`${server.url}/blogs/api/sso/saml/metadata/${world.northwindId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await response.text();
    expect(xml).toContain(`entityID="${server.url}/blogs/api/sso/saml/metadata/${world.northwindId}"`);
    expect(xml).toContain(`Location="${server.url}/blogs/api/sso/saml/acs"`);
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect((await fetch(`${server.url}/blogs/api/sso/saml/metadata/999999`)).status).toBe(404);
    // A malformed id is refused before any look-up (src/server/http/request-guards.ts).
    expect((await fetch(`${server.url}/blogs/api/sso/saml/metadata/abc`)).status).toBe(400);
  });
});
