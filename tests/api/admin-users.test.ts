import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let admin: Agent;
let ids: { employeeRole: number; superRole: number; northwind: number };
beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  const roles = await server.ctx.db.selectFrom('roles').select(['id', 'name']).execute();
  const northwind = await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow();
  ids = {
    employeeRole: roles.find((r) => r.name === 'Employee')!.id,
    superRole: roles.find((r) => r.name === 'Super_admin')!.id,
    northwind: northwind.id,
  };
});
afterAll(async () => {
  await server?.close();
});

type Page = { rows: { id: number; email: string; company_name: string }[]; total: number };

describe('admin users grid: paging, sorting and filtering on the server', () => {
  it('pages and sorts', async () => {
    const first = (await admin.get('/admin/users?start=0&size=3&sort=email&dir=asc')).data as Page;
    expect(first.total).toBe(12);
    expect(first.rows.map((r) => r.email)).toEqual([
      'admin@ergoportal.example',
      'clientmanager@ergoportal.example',
      'employee@arcadia.example',
    ]);
    const second = (await admin.get('/admin/users?start=3&size=3&sort=email&dir=asc')).data as Page;
    expect(second.rows[0].email).toBe('employee@contoso.example');
    const desc = (await admin.get('/admin/users?size=1&sort=email&dir=desc')).data as Page;
    expect(desc.rows[0].email).toBe('videos@northwind.example');
  });

  it('filters by text and client', async () => {
    const found = (await admin.get('/admin/users?q=ARCADIA')).data as Page;
    expect(found.rows.map((r) => r.email)).toEqual(['employee@arcadia.example']);
    const byClient = (await admin.get(`/admin/users?client_id=${ids.northwind}`)).data as Page;
    expect(byClient.rows.every((r) => r.company_name === 'Northwind')).toBe(true);
    const wildcard = (await admin.get('/admin/users?q=%25')).data as Page;
    expect(wildcard.total).toBe(0);
  });

  it('refuses bad grid parameters with 400', async () => {
    for (const qs of ['sort=password_hash', 'dir=sideways', 'size=100000', 'start=-1', 'client_id=abc', 'status=deleted']) {
      expect((await admin.get(`/admin/users?${qs}`)).status, qs).toBe(400);
    }
  });

  it('exports CSV with formula cells neutralised', async () => {
    await server.ctx.db
      .updateTable('users')
      .set({ first_name: '=HYPERLINK("http://x")' })
      .where('email', '=', ACCOUNTS.videoViewer)
      .execute();
    const answer = await admin.raw('GET', '/blogs/api/admin/users/export?sort=email');
    expect(answer.headers.get('content-type')).toMatch(/text\/csv/);
    const text = String(answer.body.text);
    expect(text.split('\r\n')[0]).toBe('id,first_name,last_name,email,company,role,region,status,created_at');
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);
  });

  it('needs users-view (403) and a session (401)', async () => {
    const employee = new Agent(server.url);
    await employee.login(ACCOUNTS.employee, PASSWORD);
    expect((await employee.get('/admin/users')).status).toBe(403);
    expect((await employee.get('/admin/users/export')).status).toBe(403);
    expect((await new Agent(server.url).get('/admin/users')).status).toBe(401);
  });
});

describe('admin user forms are validated by the server with the SPEC §5 messages', () => {
  const valid = () => ({
    first_name: 'Nora',
    last_name: 'Quinn',
    email: 'nora.quinn@northwind.example',
    role_id: ids.employeeRole,
    client_id: ids.northwind,
  });

  it('creates a user and e-mails a set-password link', async () => {
    const answer = await admin.post('/admin/users', valid());
    expect(answer.status).toBe(200);
    const mail = await server.ctx.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('to_address', '=', 'nora.quinn@northwind.example')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toMatch(/reset-password\?token=/);
    const logged = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user.created')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(logged.details)).toContain('nora.quinn@northwind.example');
  });

  it('refuses what the browser would refuse, with the same messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid(), first_name: '' }, 'First Name field is required'],
      [{ ...valid(), last_name: 'L'.repeat(21) }, 'Last Name may not be greater than 20 characters'],
      [{ ...valid(), email: 'not-an-email' }, 'Email must be a valid email address'],
      [{ ...valid(), password: 'short', password_confirmation: 'short' }, 'Use 15 or more characters.'],
      [
        { ...valid(), password: 'a-long-enough-password', password_confirmation: 'different-password-x' },
        'The password confirmation does not match.',
      ],
      [{ ...valid(), client_id: 0 }, 'Client is required'],
    ];
    for (const [payload, message] of cases) {
      const answer = await admin.post('/admin/users', payload);
      expect(answer.status, message).toBe(400);
      expect(answer.body.errors).toBe(message);
    }
  });

  it('refuses mass assignment and unknown references', async () => {
    expect((await admin.post('/admin/users', { ...valid(), email: 'x1@northwind.example', status: 'active' })).body.errors).toBe(
      'Unknown field: status.',
    );
    expect((await admin.post('/admin/users', { ...valid(), email: 'x2@northwind.example', role_id: 9999 })).status).toBe(400);
    expect((await admin.post('/admin/users/99999', valid())).status).toBe(404);
  });

  it('lets nobody raise their own role, and only a super admin grant Super_admin', async () => {
    const me = await server.ctx.db
      .selectFrom('users')
      .select(['id', 'client_id'])
      .where('email', '=', ACCOUNTS.admin)
      .executeTakeFirstOrThrow();
    const self = await admin.post(`/admin/users/${me.id}`, {
      first_name: 'Alex',
      last_name: 'Morgan',
      email: ACCOUNTS.admin,
      role_id: ids.superRole,
      client_id: me.client_id,
    });
    expect(self.status).toBe(403);
    const target = await server.ctx.db.selectFrom('users').select(['id']).where('email', '=', ACCOUNTS.manager).executeTakeFirstOrThrow();
    const grant = await admin.post(`/admin/users/${target.id}`, {
      first_name: 'Maya',
      last_name: 'Chen',
      email: ACCOUNTS.manager,
      role_id: ids.superRole,
      client_id: ids.northwind,
    });
    expect(grant.status).toBe(403);
    const role = await server.ctx.db.selectFrom('users').select('role_id').where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(role.role_id).not.toBe(ids.superRole);
  });

  it('needs users-edit to write', async () => {
    const employee = new Agent(server.url);
    await employee.login(ACCOUNTS.employee, PASSWORD);
    expect((await employee.post('/admin/users', valid())).status).toBe(403);
  });
});
