import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** SPEC §2 /user/roles, §5 role form, §6 role-add: adding a role, Super_admin only. */
let server: TestServer;
let superAdmin: Agent;
const EMPLOYEE_SITE = ['dashboard-pages-employee-dashboard-view', 'site-ergo-ally-site-view', 'site-video-page-only-view'];
const roleCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('roles')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  server = await startTestServer();
  superAdmin = new Agent(server.url);
  expect((await superAdmin.login(ACCOUNTS.superAdmin, PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('adding a role', () => {
  it('creates the role with its permissions, lists it, and audits the new role with its permissions', async () => {
    const saved = await superAdmin.post('/admin/roles', {
      name: '  Site Visitor ',
      description: 'Guidance pages and videos only.',
      permissions: [...EMPLOYEE_SITE].reverse(),
    });
    expect(saved.status).toBe(200);
    const { id } = saved.data as { id: number };
    const role = await server.ctx.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(role).toMatchObject({ name: 'Site_Visitor', display_name: 'Site Visitor', description: 'Guidance pages and videos only.' });
    expect((await superAdmin.get(`/get-role-permissions/${id}`)).data).toMatchObject({
      records: { display_name: 'Site Visitor' },
      grantedPermissions: expect.arrayContaining(EMPLOYEE_SITE),
    });
    const { rows: roles } = (await superAdmin.get('/admin/roles')).data as { rows: { id: number; permission_count: number }[] };
    expect(roles.find((r) => r.id === id)?.permission_count).toBe(3);
    const entry = await server.ctx.db
      .selectFrom('audit_log')
      .select(['details', 'target', 'actor_email'])
      .where('action', '=', 'role.created')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      target: `role:${id}`,
      actor_email: ACCOUNTS.superAdmin,
      details: { after: { display_name: 'Site Visitor', permissions: EMPLOYEE_SITE } },
    });
  });

  it.each([
    [{ name: 'Auditors', description: 'x', permissions: ['root-access', 'role-view'] }, 'Unknown permission: root-access.'],
    [{ name: 'employee', description: 'Same name in other letters', permissions: [] }, 'The Role Name has already been taken.'],
    [
      { name: 'VIDEO-VIEWER', description: 'Clashes with the internal name Video_viewer', permissions: [] },
      'The Role Name has already been taken.',
    ],
    [{ name: 'Super_admin', description: 'x', permissions: [] }, 'The name Super_admin is reserved.'],
    [{ name: 'super admin', description: 'x', permissions: [] }, 'The name Super_admin is reserved.'],
    [{ name: '', description: 'x', permissions: [] }, 'Role Name field is required'],
    [{ name: '   ', description: 'x', permissions: [] }, 'Role Name field is required'],
    [{ description: 'x', permissions: [] }, 'Role Name field is required'],
    [{ name: 'Auditors', description: '', permissions: [] }, 'Description field is required'],
    [{ name: 'Auditors', description: '  ', permissions: [] }, 'Description field is required'],
    [{ name: 'A'.repeat(51), description: 'x', permissions: [] }, 'Role Name may not be greater than 50 characters'],
    [{ name: 'Auditors', description: 'x', permissions: [], name_internal: 'Super_admin' }, 'Unknown field: name_internal.'],
  ])('refuses %j with "%s" and changes nothing', async (body, message) => {
    const before = await roleCount();
    const reply = await superAdmin.post('/admin/roles', body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toBe(message);
    expect(await roleCount()).toBe(before);
  });

  it("refuses renaming a role to another role's name or to Super_admin", async () => {
    const employee = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
    expect(
      (await superAdmin.post(`/admin/roles/${employee.id}`, { name: 'Administrator', description: 'x', permissions: [] })).body.errors,
    ).toBe('The Role Name has already been taken.');
    expect(
      (await superAdmin.post(`/admin/roles/${employee.id}`, { name: 'Super Admin', description: 'x', permissions: [] })).body.errors,
    ).toBe('The name Super_admin is reserved.');
    expect(
      (await server.ctx.db.selectFrom('roles').select('display_name').where('id', '=', employee.id).executeTakeFirstOrThrow()).display_name,
    ).toBe('Employee');
  });

  it('is Super_admin only: guests get 401, an Admin holding role-add and a role without it get 403', async () => {
    const body = { name: 'Sneaky', description: 'x', permissions: ['site-access-admin-center-view'] };
    expect((await new Agent(server.url).post('/admin/roles', body)).status).toBe(401);
    for (const account of [ACCOUNTS.admin, ACCOUNTS.employee]) {
      const agent = new Agent(server.url);
      expect((await agent.login(account, PASSWORD)).status).toBe(200);
      expect((await agent.post('/admin/roles', body)).status).toBe(403);
    }
    expect(await server.ctx.db.selectFrom('roles').select('id').where('display_name', '=', 'Sneaky').executeTakeFirst()).toBeUndefined();
  });
});
