import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { dataUrl, png } from '../helpers/images';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
const code: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const c of await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute()) code[c.company_code] = c.id;
});
afterAll(async () => {
  await server?.close();
});

const as = (email: string) => signedInAgent(server.url, email, PASSWORD);
const offered = async (agent: Agent, path = '/check-domain') =>
  ((await agent.get(path)).data as { clients: { company_name: string }[] }).clients.map((c) => c.company_name);
const switchTo = (agent: Agent, clientId: number) => agent.post('/update-sso-clients', { client_id: clientId });

describe('Super_admin and Admin holders of switch-client may switch to every active client, and back', () => {
  it('a super admin keeps all four clients after switching to Arcadia and can switch back to Northwind', async () => {
    const superAdmin = await as(ACCOUNTS.superAdmin);
    const before = await offered(superAdmin);
    console.log('super admin on Northwind is offered:', before.join(', '));
    expect(before).toEqual(['Arcadia', 'Contoso', 'Fabrikam', 'Northwind']);
    expect((await switchTo(superAdmin, code.a45)).status).toBe(200);
    const after = await offered(superAdmin, '/clients');
    console.log('super admin on Arcadia is offered:', after.join(', '));
    expect(after).toEqual(before);
    expect((await switchTo(superAdmin, code.NW01)).status).toBe(200);
    expect(((await superAdmin.get('/get-user')).data as { client: { company_code: string } }).client.company_code).toBe('NW01');
  });

  it('an admin is offered Fabrikam and a client created after signing in; an inactive one is not offered nor accepted', async () => {
    const admin = await as(ACCOUNTS.admin);
    expect(await offered(admin)).toEqual(['Arcadia', 'Contoso', 'Fabrikam', 'Northwind']);
    const employeeRole = (await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow()).id;
    const created = await admin.post('/admin/clients', {
      company_name: 'Globex',
      company_code: 'GLX1',
      client_type: 'Enterprise',
      status: 'Active',
      default_user_role: employeeRole,
      report_type: 'Summary',
      logo_file: dataUrl(png(200, 80), 'logo.png', 'image/png'),
      banner_image: dataUrl(png(600, 150), 'banner.png', 'image/png'),
      work_area: ['Office'],
      home: 'Home',
      home_status: 1,
      ergo: 'Ergo',
      ergo_status: 1,
      guideline: 'Guide',
      guideline_status: 1,
      work_better: 'Better',
      work_better_status: 1,
      videos: 'Videos',
      videos_status: 1,
      self_assessment: 'Assess',
      self_assessment_status: 1,
      request_evaluation: 'Request',
      request_evaluation_status: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await offered(admin)).toEqual(['Arcadia', 'Contoso', 'Fabrikam', 'Globex', 'Northwind']);
    await server.ctx.db.updateTable('clients').set({ status: 'inactive' }).where('company_code', '=', 'CON1').execute();
    try {
      expect(await offered(admin)).toEqual(['Arcadia', 'Fabrikam', 'Globex', 'Northwind']);
      expect((await switchTo(admin, code.CON1)).status).toBe(404);
    } finally {
      await server.ctx.db.updateTable('clients').set({ status: 'active' }).where('company_code', '=', 'CON1').execute();
    }
  });

  it('an admin flagged admin_sso_status 1 is limited to the clients assigned to them', async () => {
    await server.ctx.db.updateTable('users').set({ admin_sso_status: 1 }).where('email', '=', ACCOUNTS.admin).execute();
    try {
      const admin = await as(ACCOUNTS.admin);
      expect(await offered(admin)).toEqual(['Arcadia', 'Contoso', 'Northwind']);
      expect((await switchTo(admin, code.FAB1)).status).toBe(404);
    } finally {
      await server.ctx.db.updateTable('users').set({ admin_sso_status: 0 }).where('email', '=', ACCOUNTS.admin).execute();
    }
  });
});

describe('other holders of switch-client switch between their assigned clients only', () => {
  it('a programme manager given switch-client and Arcadia sees Northwind and Arcadia, never Fabrikam, and can switch back', async () => {
    const role = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Program_manager').executeTakeFirstOrThrow();
    await server.ctx.db.insertInto('role_permissions').values({ role_id: role.id, permission: 'switch-client' }).execute();
    const manager = await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.manager).executeTakeFirstOrThrow();
    await server.ctx.db.insertInto('user_clients').values({ user_id: manager.id, client_id: code.a45 }).execute();
    const agent = await as(ACCOUNTS.manager);
    expect(await offered(agent)).toEqual(['Arcadia', 'Northwind']);
    expect((await agent.get(`/get-client-region/${code.FAB1}`)).status).toBe(404);
    expect((await switchTo(agent, code.FAB1)).status).toBe(404);
    expect((await switchTo(agent, code.a45)).status).toBe(200);
    const onArcadia = await offered(agent);
    console.log('manager on Arcadia is offered:', onArcadia.join(', '));
    expect(onArcadia).toEqual(['Arcadia', 'Northwind']);
    expect((await switchTo(agent, code.NW01)).status).toBe(200);
    expect(await offered(agent)).toEqual(['Arcadia', 'Northwind']);
    const me = await server.ctx.db.selectFrom('users').select('client_id').where('id', '=', manager.id).executeTakeFirstOrThrow();
    expect(me.client_id).toBe(code.NW01);
  });

  it('someone without switch-client is offered only their own client and cannot switch', async () => {
    const employee = await as(ACCOUNTS.employee);
    expect(await offered(employee)).toEqual(['Northwind']);
    expect((await switchTo(employee, code.a45)).status).toBe(404);
    expect((await employee.get('/clients')).status).toBe(403);
  });
});
