import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { dataUrl, png } from '../helpers/images';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let admin: Agent;
const ids = { employee: 0, admin: 0, superAdmin: 0, northwind: 0, fabrikam: 0 };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAgent(server.url, ACCOUNTS.admin, PASSWORD);
  const roles = await server.ctx.db.selectFrom('roles').select(['id', 'name']).execute();
  const clients = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  Object.assign(ids, {
    employee: roles.find((r) => r.name === 'Employee')!.id,
    admin: roles.find((r) => r.name === 'Admin')!.id,
    superAdmin: roles.find((r) => r.name === 'Super_admin')!.id,
    northwind: clients.find((c) => c.company_code === 'NW01')!.id,
    fabrikam: clients.find((c) => c.company_code === 'FAB1')!.id,
  });
});
afterAll(async () => {
  await server?.close();
});

const user = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Rae',
  last_name: 'Lind',
  email: 'rae.lind@northwind.example',
  role_id: ids.employee,
  client_id: ids.northwind,
  ...overrides,
});
const client = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Initech',
  company_code: 'INI1',
  client_type: 'Enterprise',
  status: 'Active',
  default_user_role: ids.employee,
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
  ...overrides,
});
const userCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const clientCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('user form refusals name their field', () => {
  it('a duplicate e-mail (any letter case) is refused on the email field, on create and on edit', async () => {
    const before = await userCount();
    const taken = await admin.post('/admin/users', user({ email: ACCOUNTS.employee.toUpperCase() }));
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({
      errors: 'The email has already been taken.',
      fields: { email: 'The email has already been taken.' },
    });
    expect(await userCount()).toBe(before);
    const target = await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.videoViewer).executeTakeFirstOrThrow();
    const clash = await admin.post(`/admin/users/${target.id}`, user({ email: ACCOUNTS.manager }));
    expect(clash.body).toMatchObject({ fields: { email: 'The email has already been taken.' } });
  });

  it('refuses e-mail addresses that break the RFC 5322 dot-atom, and accepts the odd valid ones', async () => {
    const bad = [
      'john..doe@example.com',
      '.john@example.com',
      'john.@example.com',
      'john doe@example.com',
      'john@-example.com',
      'john@example',
      'jo"hn@example.com',
    ];
    for (const email of bad) {
      const answer = await admin.post('/admin/users', user({ email }));
      expect(answer.status, email).toBe(400);
      expect(answer.body, email).toMatchObject({ fields: { email: 'Email must be a valid email address' } });
    }
    for (const email of ["o'brien+ergo@northwind.example", 'j.doe@mail.north-wind.example']) {
      expect((await admin.post('/admin/users', user({ email }))).status, email).toBe(200);
    }
    console.log(`refused ${bad.length} malformed addresses, accepted 2 unusual valid ones`);
  });

  it('a region the client does not have is refused on the region field; one it has is kept', async () => {
    const before = await userCount();
    const wrong = await admin.post('/admin/users', user({ email: 'r1@northwind.example', client_id: ids.fabrikam, region: 'Europe' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { region: "Region is not one of the client's regions." } });
    expect(await userCount()).toBe(before);
    const right = await admin.post(
      '/admin/users',
      user({ email: 'r2@northwind.example', client_id: ids.fabrikam, region: 'Asia Pacific' }),
    );
    expect(right.status).toBe(200);
    const target = (right.data as { id: number }).id;
    const edit = await admin.post(
      `/admin/users/${target}`,
      user({ email: 'r2@northwind.example', client_id: ids.fabrikam, region: 'Mars' }),
    );
    expect(edit.body).toMatchObject({ fields: { region: "Region is not one of the client's regions." } });
    const row = await server.ctx.db.selectFrom('users').select('region').where('id', '=', target).executeTakeFirstOrThrow();
    expect(row.region).toBe('Asia Pacific');
  });

  it('a weak password and an unknown role or client are refused on their fields', async () => {
    expect(
      (
        await admin.post(
          '/admin/users',
          user({ email: 'w@northwind.example', password: 'comfortable-desk-2026', password_confirmation: 'other-desk-2026-x' }),
        )
      ).body,
    ).toMatchObject({ fields: { password_confirmation: 'The password confirmation does not match.' } });
    expect((await admin.post('/admin/users', user({ email: 'w@northwind.example', role_id: 999999 }))).body).toMatchObject({
      fields: { role_id: 'User Role field is required' },
    });
    expect((await admin.post('/admin/users', user({ email: 'w@northwind.example', client_id: 999999 }))).body).toMatchObject({
      fields: { client_id: 'Client is required' },
    });
  });
});

describe('client form refusals name their field', () => {
  it('a taken company code (any letter case) is refused on company_code and creates nothing', async () => {
    const before = await clientCount();
    const answer = await admin.post('/admin/clients', client({ company_code: 'nw01' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fields: { company_code: 'The company code has already been taken.' } });
    expect(await clientCount()).toBe(before);
  });

  it('offers only default roles that cannot open the admin center, and refuses the others on save', async () => {
    const roles = ((await admin.get('/admin/client-lookups')).data as { roles: { id: number; display_name: string }[] }).roles;
    console.log('default roles offered:', roles.map((r) => r.display_name).join(', '));
    expect(roles.map((r) => r.id)).toContain(ids.employee);
    expect(roles.map((r) => r.id)).not.toContain(ids.admin);
    expect(roles.map((r) => r.id)).not.toContain(ids.superAdmin);
    const before = await clientCount();
    for (const role of [ids.admin, ids.superAdmin]) {
      const answer = await admin.post('/admin/clients', client({ default_user_role: role }));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ fields: { default_user_role: 'The default user role may not open the admin center.' } });
    }
    expect(await clientCount()).toBe(before);
  });
});

describe('user group and permission names already in use are refused on the name field', () => {
  const groupCount = async () =>
    Number(
      (
        await server.ctx.db
          .selectFrom('user_groups')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("a group name the client already has is refused on name, on create and on edit; another client's is free", async () => {
    const TAKEN = 'This client already has a group with this name.';
    const first = await admin.post('/admin/user-groups', { name: 'Night shift', client_id: ids.northwind });
    expect(first.status).toBe(200);
    const before = await groupCount();
    const again = await admin.post('/admin/user-groups', { name: 'Night shift', client_id: ids.northwind });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ errors: TAKEN, fields: { name: TAKEN } });
    expect(await groupCount()).toBe(before);
    const other = await admin.post('/admin/user-groups', { name: 'Day shift', client_id: ids.northwind });
    const id = (other.data as { id: number }).id;
    const rename = await admin.post(`/admin/user-groups/${id}`, { name: 'Night shift', client_id: ids.northwind });
    expect(rename.status).toBe(400);
    expect(rename.body).toMatchObject({ fields: { name: TAKEN } });
    expect((await admin.post('/admin/user-groups', { name: 'Night shift', client_id: ids.fabrikam })).status).toBe(200);
  });

  it('a permission name already in the catalogue or added before is refused on name, on create and on edit', async () => {
    const TAKEN = 'A permission with this name already exists.';
    const superAdmin = await signedInAgent(server.url, ACCOUNTS.superAdmin, PASSWORD);
    const builtIn = await superAdmin.post('/admin/permissions', { name: 'users-view', description: 'A second users-view' });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body).toMatchObject({ errors: TAKEN, fields: { name: TAKEN } });
    const added = await superAdmin.post('/admin/permissions', { name: 'reports-sign', description: 'Signs reports' });
    expect(added.status).toBe(200);
    const other = await superAdmin.post('/admin/permissions', { name: 'reports-print', description: 'Prints reports' });
    const rename = await superAdmin.post(`/admin/permissions/${(other.data as { id: number }).id}`, {
      name: 'reports-sign',
      description: 'Prints reports',
    });
    expect(rename.status).toBe(400);
    expect(rename.body).toMatchObject({ fields: { name: TAKEN } });
  });
});

describe('role, e-mail template, blog post and import refusals name their field', () => {
  it('a taken role name, template name or post address, and a file refused as a whole, each under its field', async () => {
    const superAdmin = await signedInAgent(server.url, ACCOUNTS.superAdmin, PASSWORD);
    const role = await superAdmin.post('/admin/roles', { name: 'employee', description: 'Again', permissions: [] });
    expect(role.status).toBe(400);
    expect(role.body).toMatchObject({ fields: { name: 'The Role Name has already been taken.' } });

    const template = await admin.post('/admin/email-templates', { name: 'password_reset', subject: 'Again', content: 'Again' });
    expect(template.status).toBe(400);
    expect(template.body).toMatchObject({ fields: { name: 'A template with this name already exists.' } });

    const post = { title: 'Meetings', slug: 'too-many-meetings', summary: 'Again.', body: 'Again.', status: 'draft' };
    const blog = await admin.post('/admin/blog/posts', post);
    expect(blog.status).toBe(400);
    expect(blog.body).toMatchObject({ fields: { slug: 'A post with this address already exists.' } });

    const headerOnly = `data:text/csv;name=users.csv;base64,${Buffer.from('first_name,last_name,email,role,client,region').toString('base64')}`;
    const check = await admin.post('/admin/users/import/preview', { import_file: headerOnly });
    expect(check.status).toBe(400);
    const noUsers = 'The CSV file has no users: it needs a header row and at least one user.';
    expect(check.body).toMatchObject({ errors: noUsers, code: 'import.no_users', fields: { import_file: noUsers } });
  });
});
