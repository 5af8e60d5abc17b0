import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { waitForOutbox } from '../helpers/outbox';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const as = (email: string) => signedInAgent(server.url, email, PASSWORD);

const SESSION_CALLS: [string, string, unknown?][] = [
  ['GET', '/get-user'],
  ['GET', '/clients'],
  ['GET', '/check-domain'],
  ['GET', '/remove-user'],
  ['GET', '/get-client-region/1'],
  ['POST', '/update-sso-clients', { client_id: 1 }],
  ['POST', '/update-user-region', { region: 'Europe' }],
  ['GET', '/get-role-permissions/1'],
  ['POST', '/audit-log-for-download', { report: 'r.pdf', dashboard: 'My Reports', user_name: 'x' }],
];

describe('every session call refuses guests with 401', () => {
  it.each(SESSION_CALLS)('%s %s', async (method, path, payload) => {
    const guest = new Agent(server.url);
    const answer = method === 'GET' ? await guest.get(path) : await guest.post(path, payload);
    expect(answer.status).toBe(401);
    expect(answer.body.success).toBe(false);
  });
});

describe('permissioned calls refuse users without the permission with 403', () => {
  it('GET /clients needs switch-client', async () => {
    const employee = await as(ACCOUNTS.employee);
    const answer = await employee.get('/clients');
    expect(answer.status).toBe(403);
    expect(answer.body.errors).toBe('You do not have permission to perform this action.');
    const denied = await server.ctx.db.selectFrom('audit_log').select('action').where('action', '=', 'permission.denied').execute();
    expect(denied.length).toBeGreaterThan(0);
  });

  it('GET /get-role-permissions needs role-view and the Super_admin role (SPEC §6)', async () => {
    expect((await (await as(ACCOUNTS.manager)).get('/get-role-permissions/1')).status).toBe(403);
    expect((await (await as(ACCOUNTS.admin)).get('/get-role-permissions/1')).status).toBe(403);
    const admin = await as(ACCOUNTS.superAdmin);
    const answer = await admin.get('/get-role-permissions/1');
    expect(answer.status).toBe(200);
    const data = answer.data as { records: { display_name: string }; grantedPermissions: string[] };
    expect(data.records.display_name).toBe('Super Admin');
    expect(data.grantedPermissions).toContain('role-edit');
    expect((await admin.get('/get-role-permissions/999')).status).toBe(404);
  });
});

describe('client switching stays inside what the user was granted', () => {
  it('lists only switchable clients and switches to one of them', async () => {
    const admin = await as(ACCOUNTS.admin);
    const list = await admin.get('/check-domain');
    const names = (list.data as { clients: { company_name: string }[] }).clients.map((c) => c.company_name);
    // Admin with switch-client: every active client (src/server/api/clients/switch-policy.ts).
    expect(names).toEqual(['Arcadia', 'Contoso', 'Fabrikam', 'Northwind']);
    const arcadia = (list.data as { clients: { id: number; company_name: string }[] }).clients.find((c) => c.company_name === 'Arcadia')!;
    const regions = await admin.get(`/get-client-region/${arcadia.id}`);
    expect((regions.data as { regions: { id: string; name: string }[] }).regions).toEqual([
      { id: 'North America', name: 'North America' },
      { id: 'Europe', name: 'Europe' },
    ]);
    const switched = await admin.post('/update-sso-clients', { client_id: arcadia.id, region: 'Europe' });
    expect(switched.status).toBe(200);
    expect((switched.data as { companyCode: string }).companyCode).toBe('a45');
    const me = await admin.get('/get-user');
    expect((me.data as { client: { company_name: string } }).client.company_name).toBe('Arcadia');
    // The client the switch hands back is the one get-user reports: logo, banner, colours, menus and all.
    expect((me.data as { client: unknown }).client).toEqual((switched.data as { companyData: unknown }).companyData);
    expect((await admin.get('/remove-user')).data).toEqual({ delete: 0 });
  });

  it('refuses a client the user was not granted, as if it did not exist', async () => {
    const employee = await as(ACCOUNTS.employee);
    const fabrikam = await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'FAB1').executeTakeFirstOrThrow();
    expect((await employee.get(`/get-client-region/${fabrikam.id}`)).status).toBe(404);
    expect((await employee.post('/update-sso-clients', { client_id: fabrikam.id })).status).toBe(404);
  });
});

describe('region, downloads and page views', () => {
  it("saves a region only from the client's list", async () => {
    const starter = await as(ACCOUNTS.newStarter);
    expect((await starter.post('/update-user-region', { region: 'Mars' })).status).toBe(400);
    expect((await starter.post('/update-user-region', { region: 'Europe' })).status).toBe(200);
    expect(((await starter.get('/get-user')).data as { user: { region: string } }).user.region).toBe('Europe');
  });

  it('records a report download in the audit log', async () => {
    const employee = await as(ACCOUNTS.employee);
    expect(
      (await employee.post('/audit-log-for-download', { report: 'Summary-Report.pdf', dashboard: 'My Reports', user_name: 'Erin Walsh' }))
        .status,
    ).toBe(200);
    const row = await server.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'report.downloaded').executeTakeFirstOrThrow();
    expect(row.target).toBe('Summary-Report.pdf');
    expect(row.actor_email).toBe(ACCOUNTS.employee);
  });

  it('records page views for guests and users', async () => {
    expect((await new Agent(server.url).post('/page-view', { path: '/webinars' })).status).toBe(200);
    const rows = await server.ctx.db.selectFrom('page_views').select('path').where('path', '=', '/webinars').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('registration and password reset', () => {
  it('registers with a company code compared case-insensitively and refuses weak passwords', async () => {
    const guest = new Agent(server.url);
    const base = { first_name: 'Rae', last_name: 'Kim', email: 'rae.kim@arcadia.example', password_confirmation: '' };
    expect(
      (await guest.post('/register', { ...base, password: 'short', password_confirmation: 'short', company_code: 'A45' })).status,
    ).toBe(400);
    const common = await guest.post('/register', {
      ...base,
      password: 'passwordpassword',
      password_confirmation: 'passwordpassword',
      company_code: 'A45',
    });
    expect(common.status).toBe(400);
    expect(common.body.errors).toMatch(/too common/);
    expect(
      (
        await guest.post('/register', {
          ...base,
          password: 'a-long-pass-phrase-1',
          password_confirmation: 'a-long-pass-phrase-1',
          company_code: 'nope',
        })
      ).status,
    ).toBe(400);
    const ok = await guest.post('/register', {
      ...base,
      password: 'a-long-pass-phrase-1',
      password_confirmation: 'a-long-pass-phrase-1',
      company_code: 'A45',
    });
    expect(ok.status).toBe(200);
    const rae = new Agent(server.url);
    expect((await rae.login('rae.kim@arcadia.example', 'a-long-pass-phrase-1')).status).toBe(200);
    const me = (await rae.get('/get-user')).data as { user: { role_name: string }; client: { company_code: string } };
    expect(me.user.role_name).toBe('Employee');
    expect(me.client.company_code).toBe('a45');
  });

  it('e-mails a single-use reset link, answers the same for unknown addresses, and ends old sessions', async () => {
    const session = await as(ACCOUNTS.evaluator);
    const guest = new Agent(server.url);
    const unknown = await guest.post('/sendpasswordlink', { email: 'nobody@nowhere.example' });
    const known = await guest.post('/sendpasswordlink', { email: ACCOUNTS.evaluator });
    expect(unknown.body).toEqual(known.body);
    const [mail] = await waitForOutbox(server.ctx.db, ACCOUNTS.evaluator);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.body_text)![1];
    const reset = await guest.post('/reset-password', {
      token,
      password: 'evaluator-new-pass-2026',
      password_confirmation: 'evaluator-new-pass-2026',
    });
    expect(reset.status).toBe(200);
    expect(
      (
        await guest.post('/reset-password', {
          token,
          password: 'evaluator-other-pass-2026',
          password_confirmation: 'evaluator-other-pass-2026',
        })
      ).status,
    ).toBe(400);
    expect((await session.get('/get-user')).status).toBe(401);
    expect((await new Agent(server.url).login(ACCOUNTS.evaluator, 'evaluator-new-pass-2026')).status).toBe(200);
  });
});

describe('profile', () => {
  it('saves names and language, refusing extra fields such as a role', async () => {
    const agent = await as(ACCOUNTS.fabrikamEmployee);
    expect((await agent.post('/profile', { first_name: 'Fumiko', last_name: 'Sato', language: 'ja' })).status).toBe(200);
    const me = (await agent.get('/get-user')).data as { user: { first_name: string; language: string; role_name: string } };
    expect(me.user).toMatchObject({ first_name: 'Fumiko', language: 'ja', role_name: 'Employee' });
    const raise = await agent.post('/profile', { first_name: 'Fumiko', last_name: 'Sato', language: 'ja', role_id: 1 });
    expect(raise.status).toBe(400);
    expect(raise.body.errors).toBe('Unknown field: role_id.');
    expect((await agent.post('/profile', { first_name: 'A'.repeat(21), last_name: 'Sato', language: 'ja' })).status).toBe(400);
    expect((await new Agent(server.url).post('/profile', { first_name: 'X', last_name: 'Y', language: 'en' })).status).toBe(401);
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const other = await as(ACCOUNTS.contosoEmployee);
    const agent = await as(ACCOUNTS.contosoEmployee);
    expect(
      (
        await agent.post('/change-password', {
          current_password: 'wrong-current-password',
          password: 'contoso-new-password-1',
          password_confirmation: 'contoso-new-password-1',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await agent.post('/change-password', {
          current_password: PASSWORD,
          password: 'contoso-new-password-1',
          password_confirmation: 'contoso-new-password-1',
        })
      ).status,
    ).toBe(200);
    expect((await agent.get('/get-user')).status).toBe(200);
    expect((await other.get('/get-user')).status).toBe(401);
    expect((await new Agent(server.url).login(ACCOUNTS.contosoEmployee, 'contoso-new-password-1')).status).toBe(200);
  });
});
