import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountChangeRefusal,
  LAST_SUPER_ADMIN,
  SUPER_ADMIN_ACCOUNT_ONLY,
  SUPER_ADMIN_ROLE_FIXED,
  SUPER_ADMIN_ROLE_ONLY,
} from '../../src/server/domain/roles/super-admin-guard';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { openCallback, signInAtProvider } from '../helpers/sso-driver';
import { configureSso, startSso, type SsoWorld } from '../helpers/sso-setup';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Nobody but a Super_admin may edit, re-address or demote a Super_admin account, nor hand out the
 * role; the last active Super_admin keeps it. Each path that changes an account is tried as an Admin.
 */
let server: TestServer;
let world: SsoWorld;
let admin: Agent;
let root: Agent;
let ids: { superUser: number; superRole: number; employeeRole: number; northwind: number; employee: number };
const NEW_PASSWORD = 'a-brand-new-password-2026';

beforeAll(async () => {
  server = await startTestServer();
  world = await configureSso(server);
  admin = new Agent(server.url);
  root = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  expect((await root.login(ACCOUNTS.superAdmin, PASSWORD)).status).toBe(200);
  const roles = await server.ctx.db.selectFrom('roles').select(['id', 'name']).execute();
  const user = (email: string) =>
    server.ctx.db.selectFrom('users').select(['id', 'client_id']).where('email', '=', email).executeTakeFirstOrThrow();
  const superUser = await user(ACCOUNTS.superAdmin);
  ids = {
    superUser: superUser.id,
    superRole: roles.find((r) => r.name === 'Super_admin')!.id,
    employeeRole: roles.find((r) => r.name === 'Employee')!.id,
    northwind: superUser.client_id,
    employee: (await user(ACCOUNTS.employee)).id,
  };
});
afterAll(async () => {
  if (server) {
    const refused = await server.ctx.db.selectFrom('audit_log').select('target').where('action', '=', 'permission.denied').execute();
    console.log(`account and role changes refused and audited as denials: ${refused.length}`);
  }
  await world?.provider.close();
  await server?.close();
});

const account = (id: number) =>
  server.ctx.db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'role_id', 'client_id', 'status', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const denials = (target: string) =>
  server.ctx.db
    .selectFrom('audit_log')
    .select(['actor_email', 'details'])
    .where('action', '=', 'permission.denied')
    .where('target', '=', target)
    .execute();
const superForm = (changes: Record<string, unknown>) => ({
  first_name: 'Sam',
  last_name: 'Rivera',
  email: ACCOUNTS.superAdmin,
  role_id: ids.superRole,
  client_id: ids.northwind,
  ...changes,
});

describe('an Admin cannot take over or change a Super_admin account', () => {
  it('refuses a new password for the Super_admin (the reported takeover), and the old password still signs in', async () => {
    const before = await account(ids.superUser);
    const answer = await admin.post(
      `/admin/users/${ids.superUser}`,
      superForm({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }),
    );
    expect(answer.status).toBe(403);
    expect(answer.body.errors).toBe(SUPER_ADMIN_ACCOUNT_ONLY);
    expect(await account(ids.superUser)).toEqual(before);
    expect((await new Agent(server.url).login(ACCOUNTS.superAdmin, NEW_PASSWORD)).status).toBe(401);
    expect((await new Agent(server.url).login(ACCOUNTS.superAdmin, PASSWORD)).status).toBe(200);
    expect((await denials(`user:${ids.superUser}`)).map((d) => d.actor_email)).toContain(ACCOUNTS.admin);
  });

  it('refuses every other change: e-mail (reset links would go to the attacker), role, name and client', async () => {
    const arcadia = (await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'a45').executeTakeFirstOrThrow()).id;
    const attempts = [
      superForm({ email: 'attacker@ergoportal.example' }),
      superForm({ role_id: ids.employeeRole }),
      superForm({ first_name: 'Mallory' }),
      superForm({ client_id: arcadia }),
    ];
    const before = await account(ids.superUser);
    const denied = (await denials(`user:${ids.superUser}`)).length;
    for (const form of attempts) {
      const answer = await admin.post(`/admin/users/${ids.superUser}`, form);
      expect(answer.status, JSON.stringify(form)).toBe(403);
      expect(answer.body.errors).toBe(SUPER_ADMIN_ACCOUNT_ONLY);
    }
    expect(await account(ids.superUser)).toEqual(before);
    expect((await denials(`user:${ids.superUser}`)).length).toBe(denied + attempts.length);
    // A password reset asked for the unchanged address goes to the Super_admin, nobody else.
    expect((await new Agent(server.url).post('/sendpasswordlink', { email: 'attacker@ergoportal.example' })).status).toBe(200);
    expect(
      await server.ctx.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'attacker@ergoportal.example').execute(),
    ).toEqual([]);
  });

  it('refuses to create a Super_admin or to promote anyone to Super_admin, and does not offer the role', async () => {
    const offered = async (agent: Agent) =>
      ((await agent.get('/admin/lookups')).data as { roles: { name: string }[] }).roles.map((r) => r.name);
    expect(await offered(admin)).not.toContain('Super_admin');
    expect(await offered(root)).toContain('Super_admin');
    const created = await admin.post('/admin/users', {
      first_name: 'Eve',
      last_name: 'Root',
      email: 'eve.root@northwind.example',
      role_id: ids.superRole,
      client_id: ids.northwind,
    });
    expect(created.status).toBe(403);
    expect(created.body.errors).toBe(SUPER_ADMIN_ROLE_ONLY);
    expect(await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'eve.root@northwind.example').execute()).toEqual([]);
    const employeeBefore = await account(ids.employee);
    const promoted = await admin.post(`/admin/users/${ids.employee}`, {
      first_name: 'Erin',
      last_name: 'Walsh',
      email: ACCOUNTS.employee,
      role_id: ids.superRole,
      client_id: ids.northwind,
    });
    expect(promoted.status).toBe(403);
    expect(promoted.body.errors).toBe(SUPER_ADMIN_ROLE_ONLY);
    expect(await account(ids.employee)).toEqual(employeeBefore);
    expect(await denials('user:new')).toHaveLength(1);
  });

  it('refuses a CSV import that gives the Super_admin role, importing nobody', async () => {
    const file = [
      'first_name,last_name,email,role,client,region',
      'Ok,Person,ok.person@northwind.example,Employee,NW01,',
      'Eve,Root,eve.csv@northwind.example,Super_admin,NW01,',
    ].join('\n');
    const answer = await admin.post('/admin/users/import', {
      import_file: `data:text/csv;name=users.csv;base64,${Buffer.from(file).toString('base64')}`,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.errors).toBe(`No users were imported: row 3: ${SUPER_ADMIN_ROLE_ONLY}`);
    expect(
      await server.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', 'in', ['ok.person@northwind.example', 'eve.csv@northwind.example'])
        .execute(),
    ).toEqual([]);
    expect(await denials('users:import')).toHaveLength(1);
  });

  it('keeps every permission on the Super_admin role: no role edit strips it, not even by a Super_admin', async () => {
    const held = async () =>
      (
        await server.ctx.db
          .selectFrom('role_permissions')
          .select('permission')
          .where('role_id', '=', ids.superRole)
          .orderBy('permission')
          .execute()
      ).map((p) => p.permission);
    const before = await held();
    const asRoot = await root.post(`/admin/roles/${ids.superRole}`, {
      name: 'Super Admin',
      description: 'Stripped',
      permissions: ['site-access-admin-center-view'],
    });
    expect(asRoot.status).toBe(403);
    expect(asRoot.body.errors).toBe(SUPER_ADMIN_ROLE_FIXED);
    expect(
      (await admin.post(`/admin/roles/${ids.superRole}`, { name: 'Super Admin', description: 'Stripped', permissions: [] })).status,
    ).toBe(403);
    expect(await held()).toEqual(before);
    expect((await denials(`role:${ids.superRole}`)).length).toBe(1);
  });

  it('never links a single sign-on identity to a Super_admin account, even when an Admin points SSO at its domain', async () => {
    // The Admin (clients-edit) adds the Super_admin's e-mail domain to Northwind's SSO configuration…
    const saved = await admin.post('/admin/sso-configurations', {
      client_id: world.northwindId,
      issuer: world.provider.issuer,
      oidc_client_id: 'northwind-portal',
      oidc_client_secret: world.provider.clients['northwind-portal'],
      domains: 'northwind.example, ergoportal.example',
      enabled: true,
    });
    expect(saved.status).toBe(200);
    // …and signs in at a provider that vouches for the Super_admin's address.
    const { agent, data } = await startSso(server, ACCOUNTS.superAdmin);
    const landed = await openCallback(agent, await signInAtProvider(data.authorization_url!, ACCOUNTS.superAdmin));
    expect(landed.location).toBe('/user/sso-login-error/super-admin-account');
    expect((await agent.get('/get-user')).status).toBe(401);
    expect(await server.ctx.db.selectFrom('sso_identities').select('user_id').where('user_id', '=', ids.superUser).execute()).toEqual([]);
    expect(
      await server.ctx.db
        .selectFrom('audit_log')
        .select('target')
        .where('action', '=', 'sso.failure')
        .where('target', '=', 'super-admin-account')
        .execute(),
    ).toHaveLength(1);
  });
});

describe('a Super_admin administers Super_admins, and the last one keeps the role', () => {
  it('lets a Super_admin create and edit another Super_admin', async () => {
    const created = await root.post('/admin/users', {
      first_name: 'Bea',
      last_name: 'Second',
      email: 'bea.second@ergoportal.example',
      role_id: ids.superRole,
      client_id: ids.northwind,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(created.status).toBe(200);
    const id = (created.data as { id: number }).id;
    expect(
      (
        await root.post(`/admin/users/${id}`, {
          first_name: 'Beatrice',
          last_name: 'Second',
          email: 'bea.second@ergoportal.example',
          role_id: ids.superRole,
          client_id: ids.northwind,
        })
      ).status,
    ).toBe(200);
    expect((await account(id)).first_name).toBe('Beatrice');
  });

  it('lets two Super_admins demoting each other at once leave one Super_admin, never none', async () => {
    const second = new Agent(server.url);
    expect((await second.login('bea.second@ergoportal.example', NEW_PASSWORD)).status).toBe(200);
    const secondId = (
      await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'bea.second@ergoportal.example').executeTakeFirstOrThrow()
    ).id;
    const demote = (agent: Agent, id: number, email: string, first: string, last: string) =>
      agent.post(`/admin/users/${id}`, { first_name: first, last_name: last, email, role_id: ids.employeeRole, client_id: ids.northwind });
    const answers = await Promise.all([
      demote(root, secondId, 'bea.second@ergoportal.example', 'Beatrice', 'Second'),
      demote(second, ids.superUser, ACCOUNTS.superAdmin, 'Sam', 'Rivera'),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    // One wins; the other is refused as the last Super_admin (409), or, when the winner's change
    // ended its session first, is no longer signed in (401).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const left = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', ids.superRole)
      .where('status', '=', 'active')
      .execute();
    expect(left).toHaveLength(1);
  });

  it('refuses to demote or disable the last active Super_admin with 409', async () => {
    const [last] = await server.ctx.db
      .selectFrom('users')
      .select(['id', 'role_id', 'status'])
      .where('role_id', '=', ids.superRole)
      .where('status', '=', 'active')
      .execute();
    const caller = { roleName: 'Super_admin' };
    expect(await accountChangeRefusal(server.ctx.db, caller, last, { role_id: ids.employeeRole, status: 'active' })).toEqual({
      status: 409,
      message: LAST_SUPER_ADMIN,
    });
    expect(await accountChangeRefusal(server.ctx.db, caller, last, { role_id: ids.superRole, status: 'disabled' })).toEqual({
      status: 409,
      message: LAST_SUPER_ADMIN,
    });
    expect(await accountChangeRefusal(server.ctx.db, caller, last, { role_id: ids.superRole, status: 'active' })).toBeNull();
    // Through the server: nobody changes their own role, so the last Super_admin cannot step down either.
    const agent = new Agent(server.url);
    const email = last.id === ids.superUser ? ACCOUNTS.superAdmin : 'bea.second@ergoportal.example';
    expect((await agent.login(email, last.id === ids.superUser ? PASSWORD : NEW_PASSWORD)).status).toBe(200);
    const self = await account(last.id);
    expect(
      (
        await agent.post(`/admin/users/${last.id}`, {
          first_name: self.first_name,
          last_name: self.last_name,
          email,
          role_id: ids.employeeRole,
          client_id: ids.northwind,
        })
      ).status,
    ).toBe(403);
    expect((await account(last.id)).role_id).toBe(ids.superRole);
  });
});
