import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { openCallback, signInAtProvider } from '../helpers/sso-driver';
import { configureSso, startSso, type SsoWorld } from '../helpers/sso-setup';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { openSecret } from '../../src/server/auth/secret-box';

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

async function as(email: string): Promise<Agent> {
  const agent = new Agent(server.url);
  expect((await agent.login(email, PASSWORD)).status).toBe(200);
  return agent;
}

const form = (overrides: Record<string, unknown> = {}) => ({
  client_id: world.northwindId,
  issuer: world.provider.issuer,
  oidc_client_id: 'northwind-portal',
  domains: 'northwind.example, shared.example',
  enabled: true,
  ...overrides,
});

describe('only administrators with clients-edit reach the SSO configuration', () => {
  it.each([ACCOUNTS.employee, ACCOUNTS.manager, ACCOUNTS.evaluator])('%s gets 403 on both calls', async (email) => {
    const agent = await as(email);
    expect((await agent.get('/admin/sso-configurations')).status).toBe(403);
    const before = await server.ctx.db
      .selectFrom('sso_configurations')
      .selectAll()
      .where('client_id', '=', world.northwindId)
      .executeTakeFirstOrThrow();
    expect((await agent.post('/admin/sso-configurations', form({ oidc_client_id: 'hijack' }))).status).toBe(403);
    const after = await server.ctx.db
      .selectFrom('sso_configurations')
      .selectAll()
      .where('client_id', '=', world.northwindId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('guests get 401', async () => {
    const guest = new Agent(server.url);
    expect((await guest.get('/admin/sso-configurations')).status).toBe(401);
    expect((await guest.post('/admin/sso-configurations', form())).status).toBe(401);
  });
});

describe('the client secret', () => {
  it('is stored encrypted, never sent back and masked in the audit log', async () => {
    const secret = world.provider.clients['northwind-portal'];
    const list = await world.admin.raw('GET', '/blogs/api/admin/sso-configurations');
    const northwind = (list.data as { configurations: Record<string, { has_secret: boolean; issuer: string }> }).configurations[
      world.northwindId
    ];
    expect(northwind).toMatchObject({ has_secret: true, issuer: world.provider.issuer });
    const stored = await server.ctx.db
      .selectFrom('sso_configurations')
      .select('client_secret_encrypted')
      .where('client_id', '=', world.northwindId)
      .executeTakeFirstOrThrow();
    expect(stored.client_secret_encrypted).not.toContain(secret);
    expect(openSecret(server.ctx.secret, stored.client_secret_encrypted!)).toBe(secret);
    expect(openSecret(new TextEncoder().encode('another-session-secret-of-32-characters!'), stored.client_secret_encrypted!)).toBeNull();
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'like', 'sso_configuration.%')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(JSON.stringify(audit)).toContain('********');
    // Every answer of a whole sign-in and of the admin calls, decoded, is free of the secret.
    const answers: string[] = [JSON.stringify(list.body), JSON.stringify(list.data)];
    const saved = await world.admin.post('/admin/sso-configurations', form());
    answers.push(JSON.stringify(saved.body), JSON.stringify(saved.data));
    const { agent, answer, data } = await startSso(server, 'casey.north@northwind.example');
    answers.push(JSON.stringify(answer.body), JSON.stringify(data));
    const landed = await openCallback(agent, await signInAtProvider(data.authorization_url!, 'casey.north@northwind.example'));
    answers.push(landed.body, landed.location);
    const me = await agent.get('/get-user');
    answers.push(JSON.stringify(me.body), JSON.stringify(me.data));
    expect(landed.location).toBe('/user');
    for (const text of answers) expect(text).not.toContain(secret);
  });

  it('is kept when the form leaves it empty, and replaced when a new one is given', async () => {
    const before = await server.ctx.db
      .selectFrom('sso_configurations')
      .select('client_secret_encrypted')
      .where('client_id', '=', world.northwindId)
      .executeTakeFirstOrThrow();
    expect((await world.admin.post('/admin/sso-configurations', form())).status).toBe(200);
    const kept = await server.ctx.db
      .selectFrom('sso_configurations')
      .select('client_secret_encrypted')
      .where('client_id', '=', world.northwindId)
      .executeTakeFirstOrThrow();
    expect(kept.client_secret_encrypted).toBe(before.client_secret_encrypted);
    // A wrong secret makes the provider refuse the code: SSO fails closed, nobody is signed in.
    expect((await world.admin.post('/admin/sso-configurations', form({ oidc_client_secret: 'not-the-right-secret' }))).status).toBe(200);
    try {
      const { agent, data } = await startSso(server, 'casey.north@northwind.example');
      const landed = await openCallback(agent, await signInAtProvider(data.authorization_url!, 'casey.north@northwind.example'));
      expect(landed.location).toBe('/user/sso-login-error/provider-error');
      expect((await agent.get('/get-user')).status).toBe(401);
    } finally {
      expect(
        (await world.admin.post('/admin/sso-configurations', form({ oidc_client_secret: world.provider.clients['northwind-portal'] })))
          .status,
      ).toBe(200);
    }
  });
});

describe('bad settings get a clear error and change nothing', () => {
  it.each([
    [{ issuer: 'http://idp.example.com' }, 'Issuer URL must use https'],
    [{ issuer: 'not a url' }, 'Issuer URL must be a valid URL'],
    [{ domains: 'northwind.example, not a domain' }, 'Please enter a valid domain name: not a domain'],
    [{ oidc_client_id: '' }, 'OpenID client id field is required'],
    [{ client_id: 99999 }, 'Client is required'],
  ])('%o', async (overrides, message) => {
    const before = await server.ctx.db.selectFrom('sso_configurations').selectAll().orderBy('client_id').execute();
    const answer = await world.admin.post('/admin/sso-configurations', form(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toBe(message);
    expect(await server.ctx.db.selectFrom('sso_configurations').selectAll().orderBy('client_id').execute()).toEqual(before);
  });

  it('refuses Super Admin as the role for new users', async () => {
    const superAdmin = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Super_admin').executeTakeFirstOrThrow();
    const answer = await world.admin.post('/admin/sso-configurations', form({ default_role_id: superAdmin.id }));
    expect(answer.status).toBe(400);
  });
});

describe('the configuration drives sign-in', () => {
  it('new people get the configured role; a turned-off configuration is like none', async () => {
    const viewer = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Video_viewer').executeTakeFirstOrThrow();
    expect(
      (
        await world.admin.post(
          '/admin/sso-configurations',
          form({ client_id: world.contosoId, oidc_client_id: 'contoso-portal', domains: 'contoso.example', default_role_id: viewer.id }),
        )
      ).status,
    ).toBe(200);
    const { agent, data } = await startSso(server, 'dana.video@contoso.example');
    const landed = await openCallback(agent, await signInAtProvider(data.authorization_url!, 'dana.video@contoso.example'));
    expect(landed.location).toBe('/user/video_library');
    expect(
      (
        await world.admin.post(
          '/admin/sso-configurations',
          form({ client_id: world.contosoId, oidc_client_id: 'contoso-portal', domains: 'contoso.example', enabled: false }),
        )
      ).status,
    ).toBe(200);
    expect((await startSso(server, 'dana.video@contoso.example')).data).toEqual({ redirect: '/user/sso-login-error/unknown-domain' });
  });
});

describe('SSO users who may work for several clients choose one first (SPEC §4)', () => {
  it('lands on client selection, must pick a region, and closing the popup ends the pending sign-in', async () => {
    const user = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'casey.north@northwind.example')
      .executeTakeFirstOrThrow();
    await server.ctx.db.insertInto('user_clients').values({ user_id: user.id, client_id: world.contosoId }).execute();
    const signIn = async () => {
      const { agent, data } = await startSso(server, 'casey.north@northwind.example');
      const landed = await openCallback(agent, await signInAtProvider(data.authorization_url!, 'casey.north@northwind.example'));
      expect(landed.location).toBe('/user/select-client');
      expect(((await agent.get('/get-user')).data as { user: { sso_status: number } }).user.sso_status).toBe(1);
      return agent;
    };
    const leaving = await signIn();
    expect((await leaving.get('/remove-user')).data).toEqual({ delete: 1 });
    expect((await leaving.get('/get-user')).status).toBe(401);
    const choosing = await signIn();
    expect((await choosing.post('/update-sso-clients', { client_id: world.contosoId })).body.errors).toBe('Region is required');
    expect((await choosing.post('/update-sso-clients', { client_id: world.contosoId, region: 'Europe' })).status).toBe(200);
    const me = (await choosing.get('/get-user')).data as { user: { sso_status: number; region: string }; client: { company_code: string } };
    expect(me).toMatchObject({ user: { sso_status: 0, region: 'Europe' }, client: { company_code: 'CON1' } });
    expect((await choosing.get('/remove-user')).data).toEqual({ delete: 0 });
  });
});

describe('unfinished attempts are capped per address', () => {
  it('answers 429 once an address has too many attempts in flight, and frees them as they finish or expire', async () => {
    await server.ctx.db.deleteFrom('sso_flows').execute();
    const agent = new Agent(server.url);
    for (let i = 0; i < 20; i += 1)
      expect((await agent.post('/client/sso-login', { email: 'someone@northwind.example' })).status).toBe(200);
    const refused = await agent.post('/client/sso-login', { email: 'someone@northwind.example' });
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toBe('Too many unfinished sign-in attempts. Please wait a few minutes and try again.');
    expect(
      Number(
        (
          await server.ctx.db
            .selectFrom('sso_flows')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(20);
    server.advance(11 * 60 * 1000);
    expect((await agent.post('/client/sso-login', { email: 'someone@northwind.example' })).status).toBe(200);
  });

  it('holds the cap when a burst of starts arrives at once', async () => {
    await server.ctx.db.deleteFrom('sso_flows').execute();
    const agent = new Agent(server.url);
    // The first call fetches the CSRF cookie, so the burst's calls all go straight to sso-login.
    expect((await agent.post('/client/sso-login', { email: 'someone@northwind.example' })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => agent.post('/client/sso-login', { email: 'someone@northwind.example' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(statuses.filter((s) => s === 429)).toHaveLength(41);
    const flows = await server.ctx.db
      .selectFrom('sso_flows')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(flows.n)).toBe(20);
  });
});
