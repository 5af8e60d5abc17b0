import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCallback, signInAtProvider } from '../helpers/sso-driver';
import { configureSso, startSso, type SsoWorld } from '../helpers/sso-setup';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let world: SsoWorld;
beforeAll(async () => {
  server = await startTestServer();
  world = await configureSso(server);
});
afterAll(async () => {
  await world?.provider.close();
  await server?.close();
});

/** sso-login → provider login and consent → callback; returns the agent and the portal's redirect. */
async function fullSignIn(email: string, login = email, extra: Record<string, unknown> = {}) {
  const { agent, data } = await startSso(server, email, extra);
  expect(data.authorization_url).toBeDefined();
  const back = await signInAtProvider(data.authorization_url!, login);
  const landed = await openCallback(agent, back);
  return { agent, back, landed };
}

describe('the authorization code flow through HTTP', () => {
  it('asks the provider for a code with PKCE (S256), state and nonce, and keeps them off the browser', async () => {
    const { agent, data } = await startSso(server, 'someone@northwind.example');
    const url = new URL(data.authorization_url!);
    expect(url.origin).toBe(world.provider.issuer);
    expect(url.searchParams.get('client_id')).toBe('northwind-portal');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.url}/blogs/api/sso/callback`);
    for (const key of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(key)?.length).toBeGreaterThanOrEqual(32);
    // The browser holds only a random attempt id; state, nonce and verifier are not in any cookie.
    const flowCookie = agent.cookies.get('ep_sso_flow');
    expect(flowCookie).toBeTruthy();
    const row = await server.ctx.db
      .selectFrom('sso_flows')
      .selectAll()
      .where('state', '=', url.searchParams.get('state')!)
      .executeTakeFirstOrThrow();
    expect([...agent.cookies.values()].join(' ')).not.toContain(row.code_verifier);
    expect([...agent.cookies.values()].join(' ')).not.toContain(row.nonce);
  });

  it('signs a new person in, creates them in the client with its default role and lands them', async () => {
    const { agent, landed } = await fullSignIn('robin.hale@northwind.example');
    expect(landed.status).toBe(303);
    expect(landed.location).toBe('/user');
    const me = await agent.get('/get-user');
    expect(me.status).toBe(200);
    const { user, client } = me.data as {
      user: { email: string; first_name: string; last_name: string; role_name: string; sso_status: number };
      client: { company_code: string };
    };
    expect(user).toMatchObject({
      email: 'robin.hale@northwind.example',
      first_name: 'robin',
      last_name: 'hale',
      role_name: 'Employee',
      sso_status: 0,
    });
    expect(client.company_code).toBe('NW01');
    const stored = await server.ctx.db
      .selectFrom('users')
      .select(['id', 'login_type', 'password_hash'])
      .where('email', '=', 'robin.hale@northwind.example')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ login_type: 1, password_hash: null });
    const identity = await server.ctx.db
      .selectFrom('sso_identities')
      .selectAll()
      .where('user_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ issuer: world.provider.issuer, subject: 'robin.hale@northwind.example' });
    // The session is the ordinary one: it refreshes and logs out like a password session.
    expect((await agent.post('/refresh-token')).status).toBe(200);
    expect((await agent.get('/logout')).status).toBe(200);
    expect((await agent.get('/get-user')).status).toBe(401);
  });

  it('signs the same person in again without a second account, and links an existing account of the same client', async () => {
    await fullSignIn('robin.hale@northwind.example');
    const count = await server.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', 'robin.hale@northwind.example')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const { agent, landed } = await fullSignIn('manager@northwind.example');
    expect(landed.location).toBe('/user/program-overview');
    expect(((await agent.get('/get-user')).data as { user: { role_name: string } }).user.role_name).toBe('Program_manager');
  });

  it('honours a return path on this site and ignores any other return address', async () => {
    expect((await fullSignIn('robin.hale@northwind.example', undefined, { redirect: '/user/profile' })).landed.location).toBe(
      '/user/profile',
    );
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect((await fullSignIn('robin.hale@northwind.example', undefined, { redirect: evil })).landed.location).toBe('/user');
    }
  });

  it('sends a person who cancels at the provider to the SSO error page', async () => {
    const { agent, data } = await startSso(server, 'robin.hale@northwind.example');
    const back = await signInAtProvider(data.authorization_url!, 'robin.hale@northwind.example', { cancel: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect((await openCallback(agent, back)).location).toBe('/user/sso-login-error/cancelled');
    expect((await agent.get('/get-user')).status).toBe(401);
  });
});

describe('attacks on the callback are refused and sign nobody in', () => {
  it('a wrong state', async () => {
    const { agent, data } = await startSso(server, 'robin.hale@northwind.example');
    const back = await signInAtProvider(data.authorization_url!, 'robin.hale@northwind.example');
    back.searchParams.set('state', 'forged-state-forged-state-forged-state');
    expect((await openCallback(agent, back)).location).toBe('/user/sso-login-error/expired');
    expect((await agent.get('/get-user')).status).toBe(401);
  });

  it("a callback without the browser's attempt cookie (login CSRF)", async () => {
    const { agent, data } = await startSso(server, 'robin.hale@northwind.example');
    const back = await signInAtProvider(data.authorization_url!, 'robin.hale@northwind.example');
    agent.cookies.delete('ep_sso_flow');
    expect((await openCallback(agent, back)).location).toBe('/user/sso-login-error/expired');
  });

  it('a wrong nonce', async () => {
    const { agent, data } = await startSso(server, 'robin.hale@northwind.example');
    const state = new URL(data.authorization_url!).searchParams.get('state')!;
    const back = await signInAtProvider(data.authorization_url!, 'robin.hale@northwind.example');
    await server.ctx.db
      .updateTable('sso_flows')
      .set({ nonce: 'a-different-nonce-than-the-provider-saw' })
      .where('state', '=', state)
      .execute();
    expect((await openCallback(agent, back)).location).toBe('/user/sso-login-error/token-rejected');
    expect((await agent.get('/get-user')).status).toBe(401);
  });

  const tampered: [string, { claims?: (c: Record<string, unknown>) => Record<string, unknown>; foreignKey?: boolean }, RegExp][] = [
    ['a wrong audience', { claims: (c) => ({ ...c, aud: 'contoso-portal' }) }, /"aud" \(audience\)/],
    ['a wrong issuer', { claims: (c) => ({ ...c, iss: 'http://127.0.0.1:1/evil' }) }, /"iss" \(issuer\)/],
    [
      'an expired ID token',
      { claims: (c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }) },
      /"exp" \(expiration time\)/,
    ],
    ['an ID token signed with another key', { foreignKey: true }, /signature verification failed/],
  ];

  it("(control) an ID token re-signed unchanged with the provider's key is accepted", async () => {
    const { agent, data } = await startSso(server, 'robin.hale@northwind.example');
    const back = await signInAtProvider(data.authorization_url!, 'robin.hale@northwind.example');
    world.provider.tamper = { claims: (c) => c };
    try {
      expect((await openCallback(agent, back)).location).toBe('/user');
    } finally {
      world.provider.tamper = null;
    }
  });

  it.each(tampered)('%s', async (_name, tamper, reason) => {
    const { agent, data } = await startSso(server, 'robin.hale@northwind.example');
    const back = await signInAtProvider(data.authorization_url!, 'robin.hale@northwind.example');
    world.provider.tamper = tamper;
    try {
      expect((await openCallback(agent, back)).location).toBe('/user/sso-login-error/token-rejected');
    } finally {
      world.provider.tamper = null;
    }
    expect((await agent.get('/get-user')).status).toBe(401);
    // The refusal names the check that failed (kept in the audit log, never shown to the browser).
    const entry = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'sso.failure')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(String(entry.details.detail)).toMatch(reason);
  });

  it('a replayed callback, and a replayed code even if the attempt were restored', async () => {
    const { agent, data } = await startSso(server, 'robin.hale@northwind.example');
    const state = new URL(data.authorization_url!).searchParams.get('state')!;
    const back = await signInAtProvider(data.authorization_url!, 'robin.hale@northwind.example');
    const attempt = await server.ctx.db.selectFrom('sso_flows').selectAll().where('state', '=', state).executeTakeFirstOrThrow();
    const cookie = agent.cookies.get('ep_sso_flow')!;
    expect((await openCallback(agent, back)).status).toBe(303);
    const attacker = new (agent.constructor as typeof import('../helpers/agent').Agent)(server.url);
    attacker.cookies.set('ep_sso_flow', cookie);
    expect((await openCallback(attacker, back)).location).toBe('/user/sso-login-error/expired');
    // Defence in depth: the provider itself refuses a code used once.
    await server.ctx.db.insertInto('sso_flows').values(attempt).execute();
    attacker.cookies.set('ep_sso_flow', cookie);
    expect((await openCallback(attacker, back)).location).toBe('/user/sso-login-error/code-rejected');
    expect((await attacker.get('/get-user')).status).toBe(401);
  });

  it('an expired code', async () => {
    world.provider.codeTtl = 1;
    try {
      const { agent, data } = await startSso(server, 'robin.hale@northwind.example');
      const back = await signInAtProvider(data.authorization_url!, 'robin.hale@northwind.example');
      await new Promise((done) => setTimeout(done, 2100));
      expect((await openCallback(agent, back)).location).toBe('/user/sso-login-error/code-rejected');
      expect((await agent.get('/get-user')).status).toBe(401);
    } finally {
      world.provider.codeTtl = 60;
    }
  });
});

describe('tenant boundaries', () => {
  it("a person from client A's domain cannot land in client B", async () => {
    // Starts as Contoso but authenticates at the shared provider as a Northwind person.
    const { agent, landed } = await fullSignIn('someone@contoso.example', 'robin.hale@northwind.example');
    expect(landed.location).toBe('/user/sso-login-error/wrong-company');
    expect((await agent.get('/get-user')).status).toBe(401);
    // Choosing Contoso for a Northwind address is the same as no configuration.
    const chosen = await startSso(server, 'robin.hale@northwind.example', { client_id: world.contosoId });
    expect(chosen.data).toEqual({ redirect: '/user/sso-login-error/unknown-domain' });
  });

  it('a shared domain asks which client, and a person of one of them cannot enter the other', async () => {
    const { data } = await startSso(server, 'pat.lee@shared.example');
    expect(data.redirect).toBe('/user/select-client/shared.example');
    expect(data.clients?.map((c) => c.company_name)).toEqual(['Contoso', 'Northwind']);
    const first = await fullSignIn('pat.lee@shared.example', undefined, { client_id: world.northwindId });
    expect(first.landed.location).toBe('/user');
    const second = await fullSignIn('pat.lee@shared.example', undefined, { client_id: world.contosoId });
    expect(second.landed.location).toBe('/user/sso-login-error/wrong-company');
    expect((await second.agent.get('/get-user')).status).toBe(401);
  });

  it('an e-mail already used in another client is not taken over', async () => {
    await server.ctx.db
      .updateTable('sso_configurations')
      .set({ domains: JSON.stringify(['contoso.example', 'shared.example', 'fabrikam.example']) })
      .where('client_id', '=', world.contosoId)
      .execute();
    const { landed } = await fullSignIn('employee@fabrikam.example');
    expect(landed.location).toBe('/user/sso-login-error/account-conflict');
  });

  it('a disabled account is not signed in', async () => {
    await server.ctx.db.updateTable('users').set({ status: 'disabled' }).where('email', '=', 'robin.hale@northwind.example').execute();
    try {
      const { agent, landed } = await fullSignIn('robin.hale@northwind.example');
      expect(landed.location).toBe('/user/sso-login-error/account-disabled');
      expect((await agent.get('/get-user')).status).toBe(401);
    } finally {
      await server.ctx.db.updateTable('users').set({ status: 'active' }).where('email', '=', 'robin.hale@northwind.example').execute();
    }
  });

  it('an unknown domain reaches the SSO error page', async () => {
    const { agent, data } = await startSso(server, 'someone@unknown-company.example');
    expect(data).toEqual({ redirect: '/user/sso-login-error/unknown-domain' });
    expect(agent.cookies.has('ep_sso_flow')).toBe(false);
  });
});

describe('the role of a person created by a first SSO sign-in', () => {
  const roleId = async (name: string) =>
    (await server.ctx.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const roleOf = async (email: string) =>
    (
      await server.ctx.db
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select('roles.name')
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow()
    ).name;
  const setRoles = async (sso: number | null, client: number | null) => {
    await server.ctx.db
      .updateTable('sso_configurations')
      .set({ default_role_id: sso })
      .where('client_id', '=', world.northwindId)
      .execute();
    await server.ctx.db.updateTable('clients').set({ default_role_id: client }).where('id', '=', world.northwindId).execute();
  };
  afterAll(async () => {
    await setRoles(null, await roleId('Employee'));
  });

  it("is the SSO configuration's role when one is set, even if the client has its own default", async () => {
    await setRoles(await roleId('Evaluator'), await roleId('Video_viewer'));
    expect((await fullSignIn('first.sso@northwind.example')).landed.status).toBe(303);
    expect(await roleOf('first.sso@northwind.example')).toBe('Evaluator');
  });

  it("is the client's default user role when the SSO configuration names none", async () => {
    await setRoles(null, await roleId('Video_viewer'));
    expect((await fullSignIn('second.sso@northwind.example')).landed.status).toBe(303);
    expect(await roleOf('second.sso@northwind.example')).toBe('Video_viewer');
  });

  it('is Employee when neither names one', async () => {
    await setRoles(null, null);
    expect((await fullSignIn('third.sso@northwind.example')).landed.status).toBe(303);
    expect(await roleOf('third.sso@northwind.example')).toBe('Employee');
  });
});
