import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let admin: Agent;
let employee: Agent;
let ids: { northwind: number; arcadia: number };
const csv = (text: string, name = 'users.csv') => `data:text/csv;name=${name};base64,${Buffer.from(text).toString('base64')}`;
const HEADER = 'first_name,last_name,email,role,client,region';

beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  employee = new Agent(server.url);
  expect((await employee.login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
  const clients = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  ids = { northwind: clients.find((c) => c.company_code === 'NW01')!.id, arcadia: clients.find((c) => c.company_code === 'a45')!.id };
});
afterAll(async () => {
  await server?.close();
});

describe('CSV user import', () => {
  it("previews each row's problems with the user form's messages", async () => {
    const file = [
      HEADER,
      'Ana,Lopez,ana.lopez@northwind.example,Employee,NW01,Europe',
      `${'B'.repeat(21)},Ng,bad-email,Employee,NW01,`,
      'Cy,Ro,ana.lopez@northwind.example,Employee,NW01,',
      `Di,Po,${ACCOUNTS.manager},Employee,NW01,`,
      'Ed,Yu,ed.yu@northwind.example,Super_admin,NW01,',
      'Fa,Ko,fa.ko@northwind.example,Nobody,Nowhere,',
    ].join('\r\n');
    const answer = await admin.post('/admin/users/import/preview', { import_file: csv(file) });
    expect(answer.status).toBe(200);
    const data = answer.data as { valid: number; invalid: number; errors: { row: number; errors: string[] }[] };
    expect(data.valid).toBe(1);
    const byRow = Object.fromEntries(data.errors.map((e) => [e.row, e.errors]));
    expect(byRow[3]).toEqual(
      expect.arrayContaining(['First Name may not be greater than 20 characters', 'Email must be a valid email address']),
    );
    expect(byRow[4]).toContain('This e-mail appears twice in the file (first on row 2)');
    expect(byRow[5]).toContain('The email has already been taken.');
    expect(byRow[6]).toContain('Only a Super_admin may give the Super_admin role.');
    expect(byRow[7]).toEqual(['Unknown role: Nobody', 'Unknown client: Nowhere']);
  });

  it('sends each problem with variable parts as a code and parameters beside the English (SPEC §2 in the reader’s language)', async () => {
    const file = [HEADER, 'Fa,Ko,fa.ko@northwind.example,Nobody,NW01,', 'Gi,Lu,gi.lu@northwind.example,Employee,NW01,Mars'].join('\n');
    const preview = await admin.post('/admin/users/import/preview', { import_file: csv(file) });
    const rows = (preview.data as { errors: { row: number; errors: string[]; codes: unknown[] }[] }).errors;
    expect(rows[0]).toMatchObject({
      row: 2,
      errors: ['Unknown role: Nobody'],
      codes: [{ code: 'import.unknown_role', params: { role: 'Nobody' } }],
    });
    expect(rows[1]!.codes).toEqual([{ code: 'import.unknown_region', params: { region: 'Mars', client: 'Northwind' } }]);

    const refused = await admin.post('/admin/users/import', { import_file: csv(file) });
    expect(refused.status).toBe(400);
    // The English text API clients read is unchanged; the code and parameters come beside it.
    expect(refused.body).toMatchObject({
      errors: 'No users were imported: row 2: Unknown role: Nobody',
      code: 'import.not_imported',
      params: { row: 2, problems: [{ code: 'import.unknown_role', params: { role: 'Nobody' } }] },
    });
    // A user-form message has no code: the problems stay the English text (the page words them from `rows`).
    const formMessage = await admin.post('/admin/users/import', { import_file: csv(`${HEADER}\nX,Y,not-an-email,Employee,NW01,`) });
    expect(formMessage.body).toMatchObject({
      code: 'import.not_imported',
      params: { row: 2, problems: 'Email must be a valid email address' },
    });
    expect((formMessage.body.rows as { codes: unknown[] }[])[0]!.codes).toEqual([null]);

    const header = await admin.post('/admin/users/import/preview', { import_file: csv('first_name,email\nA,a@b.example') });
    expect(header.body).toMatchObject({ code: 'import.missing_columns', params: { missing: 'last_name, role, client' } });
    const unknown = await admin.post('/admin/notifications', {
      audience: 'users',
      recipients: 'nobody@nowhere.example',
      subject: 'S',
      content: 'C',
    });
    expect(unknown.body).toEqual({
      success: false,
      errors: 'These e-mail addresses are not active users: nobody@nowhere.example',
      code: 'notify.unknown_recipients',
      params: { emails: 'nobody@nowhere.example' },
    });
  });

  it('imports all or nothing, and e-mails each new user a set-password link', async () => {
    const good = (n: number) => `User${n},Test,import.${n}@northwind.example,Employee,NW01,Europe`;
    const before = await server.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('c'))
      .executeTakeFirstOrThrow();
    const bad = await admin.post('/admin/users/import', {
      import_file: csv([HEADER, good(1), good(2), 'X,Y,not-an-email,Employee,NW01,'].join('\n')),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toBe('No users were imported: row 4: Email must be a valid email address');
    const still = await server.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('c'))
      .executeTakeFirstOrThrow();
    expect(still.c).toBe(before.c);

    const rows = Array.from({ length: 300 }, (_, i) => good(i + 1));
    const answer = await admin.post('/admin/users/import', { import_file: csv([HEADER, ...rows].join('\n')) });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ created: 300 });
    const mail = await server.ctx.db
      .selectFrom('mail_outbox')
      .select(['body_text', 'status'])
      .where('to_address', '=', 'import.7@northwind.example')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toMatch(/reset-password\?token=/);
    expect(mail.status).toBe('queued');
    const logged = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'users.imported')
      .executeTakeFirstOrThrow();
    expect((logged.details as { after: unknown[] }).after).toHaveLength(300);
  });

  it('refuses what is not CSV, on the server as in the browser', async () => {
    expect(
      (await admin.post('/admin/users/import', { import_file: csv(`${HEADER}\nA,B,a@b.example,Employee,NW01,`, 'users.xlsx') })).body
        .errors,
    ).toBe('Only CSV files are allowed.');
    const png = `data:text/csv;name=users.csv;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe]).toString('base64')}`;
    expect((await admin.post('/admin/users/import', { import_file: png })).body.errors).toBe('Only CSV files are allowed.');
    expect((await admin.post('/admin/users/import', { import_file: '' })).body.errors).toBe('Import file field is required');
    expect((await admin.post('/admin/users/import', { import_file: csv('name,mail\nA,b') })).status).toBe(400);
    expect(
      (await admin.post('/admin/users/import', { import_file: csv(`${HEADER}\nA,B,c@d.example,Employee,NW01,`), role_id: 1 })).body.errors,
    ).toBe('Unknown field: role_id.');
  });

  it('accepts a file larger than other calls may send, up to the documented row limit', async () => {
    const rows = Array.from(
      { length: 5001 },
      (_, i) => `Person${i},Someone,person.number.${i}.with.a.long.address@northwind.example,Employee,NW01,${'Europe '.repeat(20)}`,
    );
    const big = csv([HEADER, ...rows].join('\n'));
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const answer = await admin.post('/admin/users/import/preview', { import_file: big });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toBe('A file may hold at most 5000 users; split it into smaller files.');
    // The raised limit belongs to the import calls only.
    expect((await admin.post('/admin/user-groups', { name: 'Big', client_id: ids.northwind, description: big })).status).toBe(413);
  });

  it('needs a session and users-edit', async () => {
    expect((await new Agent(server.url).post('/admin/users/import', { import_file: csv(HEADER) })).status).toBe(401);
    expect((await employee.post('/admin/users/import', { import_file: csv(HEADER) })).status).toBe(403);
    expect((await employee.post('/admin/users/import/preview', { import_file: csv(HEADER) })).status).toBe(403);
  });
});

describe('user groups', () => {
  let groupId = 0;
  it("creates a group of a client's users, lists, filters and exports it", async () => {
    const answer = await admin.post('/admin/user-groups', {
      name: 'Night shift',
      client_id: ids.northwind,
      members: `${ACCOUNTS.employee}, ${ACCOUNTS.manager}`,
    });
    expect(answer.status).toBe(200);
    groupId = (answer.data as { id: number }).id;
    await admin.post('/admin/user-groups', { name: '=Formula', client_id: ids.arcadia, members: ACCOUNTS.arcadiaEmployee });
    const page = (await admin.get(`/admin/user-groups?sort=member_count&dir=desc&client_id=${ids.northwind}`)).data as {
      rows: { name: string; member_count: number }[];
      total: number;
    };
    expect(page).toMatchObject({ total: 1, rows: [{ name: 'Night shift', member_count: 2 }] });
    expect(((await admin.get('/admin/user-groups?q=night')).data as { total: number }).total).toBe(1);
    const csvText = String((await admin.raw('GET', '/blogs/api/admin/user-groups/export?sort=name')).body.text);
    expect(csvText).toContain('"\'=Formula"');
    const logged = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user_group.created')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(logged.details)).toContain('Night shift');
  });

  it('refuses members of another client, unknown groups, mass assignment and bad input', async () => {
    const other = await admin.post(`/admin/user-groups/${groupId}`, {
      name: 'Night shift',
      client_id: ids.northwind,
      members: ACCOUNTS.arcadiaEmployee,
    });
    expect(other.status).toBe(400);
    expect(other.body.errors).toBe(`These e-mail addresses are not users of this client: ${ACCOUNTS.arcadiaEmployee}`);
    expect((await admin.post('/admin/user-groups/999999', { name: 'X', client_id: ids.northwind })).status).toBe(404);
    expect((await admin.get('/admin/user-groups/999999')).status).toBe(404);
    expect((await admin.post('/admin/user-groups', { name: '', client_id: ids.northwind })).body.errors).toBe('Name field is required');
    expect((await admin.post('/admin/user-groups', { name: 'Y', client_id: ids.northwind, id: 5 })).body.errors).toBe('Unknown field: id.');
    expect((await admin.post('/admin/user-groups', { name: 'night SHIFT', client_id: ids.northwind })).status).toBe(400);
    expect((await admin.get('/admin/user-groups?sort=password')).status).toBe(400);
    const kept = (await admin.get(`/admin/user-groups/${groupId}`)).data as { group: { members: string } };
    expect(kept.group.members).toBe(`${ACCOUNTS.employee}, ${ACCOUNTS.manager}`);
  });

  it('needs a session, users-view to read and users-edit to write', async () => {
    expect((await new Agent(server.url).get('/admin/user-groups')).status).toBe(401);
    expect((await employee.get('/admin/user-groups')).status).toBe(403);
    expect((await employee.get('/admin/user-groups/export')).status).toBe(403);
    expect((await employee.get(`/admin/user-groups/${groupId}`)).status).toBe(403);
    expect((await employee.post('/admin/user-groups', { name: 'Z', client_id: ids.northwind })).status).toBe(403);
    expect((await employee.post(`/admin/user-groups/${groupId}`, { name: 'Z', client_id: ids.northwind })).status).toBe(403);
  });
});

describe('permissions', () => {
  // SPEC §6: the permission catalogue belongs with the roles pages, Super_admin only (manifest access: superadmin).
  let root: Agent;
  beforeAll(async () => {
    root = new Agent(server.url);
    expect((await root.login(ACCOUNTS.superAdmin, PASSWORD)).status).toBe(200);
  });

  it('lists the catalogue with the roles holding each permission', async () => {
    const page = (await root.get('/admin/permissions?q=users-edit')).data as { rows: { name: string; source: string; roles: string[] }[] };
    expect(page.rows).toEqual([
      expect.objectContaining({ name: 'users-edit', source: 'catalogue', roles: ['Administrator', 'Super Admin'] }),
    ]);
  });

  it('adds a permission that the roles matrix can grant and get-user reports', async () => {
    const created = await root.post('/admin/permissions', {
      name: 'reports-export',
      group: 'admin',
      description: 'Export programme reports',
    });
    expect(created.status).toBe(200);
    const id = (created.data as { id: number }).id;
    expect((await root.post('/admin/permissions', { name: 'users-edit', description: 'Clash' })).body.errors).toBe(
      'A permission with this name already exists.',
    );
    const superAdmin = new Agent(server.url);
    await superAdmin.login(ACCOUNTS.superAdmin, PASSWORD);
    const roles = await server.ctx.db.selectFrom('roles').select(['id', 'name']).execute();
    const videoRole = roles.find((r) => r.name === 'Video_viewer')!.id;
    expect(
      (
        await superAdmin.post(`/admin/roles/${videoRole}`, {
          name: 'Video Viewer',
          description: 'Videos',
          permissions: ['site-video-page-only-view', 'reports-export'],
        })
      ).status,
    ).toBe(200);
    expect(
      (await superAdmin.post(`/admin/roles/${videoRole}`, { name: 'Video Viewer', description: 'Videos', permissions: ['made-up'] }))
        .status,
    ).toBe(400);
    const renamed = await root.post(`/admin/permissions/${id}`, {
      name: 'reports-download',
      group: 'admin',
      description: 'Download programme reports',
    });
    expect(renamed.status).toBe(200);
    const viewer = new Agent(server.url);
    await viewer.login(ACCOUNTS.videoViewer, PASSWORD);
    const me = (await viewer.get('/get-user')).data as { user: { roles: { all_permission: string[] } } };
    expect(me.user.roles.all_permission).toContain('reports-download');
    const listed = (await root.get('/admin/permissions?source=custom')).data as { rows: { name: string; roles: string[] }[] };
    expect(listed.rows).toEqual([expect.objectContaining({ name: 'reports-download', roles: ['Super Admin', 'Video Viewer'] })]);
    const logged = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'permission.updated')
      .executeTakeFirstOrThrow();
    expect(logged.details).toMatchObject({ before: { name: 'reports-export' }, after: { name: 'reports-download' } });

    expect((await root.post(`/admin/permissions/${id}/delete`)).status).toBe(200);
    await viewer.login(ACCOUNTS.videoViewer, PASSWORD);
    const after = (await viewer.get('/get-user')).data as { user: { roles: { all_permission: string[] } } };
    expect(after.user.roles.all_permission).not.toContain('reports-download');
    const removed = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'permission.deleted')
      .executeTakeFirstOrThrow();
    expect(removed.details).toMatchObject({ before: { name: 'reports-download' }, after: null });
    expect((await root.post(`/admin/permissions/${id}/delete`)).status).toBe(404);
  });

  it('refuses bad names, unknown ids and callers without the role permissions', async () => {
    expect((await root.post('/admin/permissions', { name: 'Bad Name', description: 'x' })).body.errors).toBe(
      'Name may contain lower-case letters, digits and dashes only',
    );
    expect((await root.post('/admin/permissions', { name: 'ok-name', description: '' })).body.errors).toBe('Description field is required');
    expect((await root.post('/admin/permissions/999999', { name: 'ok-name', description: 'x' })).status).toBe(404);
    expect((await root.post('/admin/permissions', { name: 'ok-name', description: 'x', source: 'catalogue' })).status).toBe(400);
    expect((await new Agent(server.url).get('/admin/permissions')).status).toBe(401);
    expect((await employee.get('/admin/permissions')).status).toBe(403);
    // An Admin holds role-view, role-add and role-edit, and is still refused: these pages are Super_admin's.
    for (const answer of [
      await admin.get('/admin/permissions'),
      await admin.get('/admin/permissions/1'),
      await admin.post('/admin/permissions', { name: 'sneaky', description: 'x' }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.errors).toBe('Only a Super_admin may use the roles and permissions pages.');
    }
    expect((await employee.get('/admin/permissions/export')).status).toBe(403);
    expect((await employee.get('/admin/permissions/1')).status).toBe(403);
    expect((await employee.post('/admin/permissions', { name: 'sneaky', description: 'x' })).status).toBe(403);
    expect((await employee.post('/admin/permissions/1', { name: 'sneaky', description: 'x' })).status).toBe(403);
    expect((await employee.post('/admin/permissions/1/delete')).status).toBe(403);
    expect((await new Agent(server.url).post('/admin/permissions/1/delete')).status).toBe(401);
  });
});
