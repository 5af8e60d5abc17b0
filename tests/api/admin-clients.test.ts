import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { dataUrl, png } from '../helpers/images';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let admin: Agent;
let employeeRole: number;

const LOGO = dataUrl(png(200, 80), 'logo.png', 'image/png');
const BANNER = dataUrl(png(600, 150, [26, 25, 28]), 'banner.png', 'image/png');

/** A complete, valid SPEC §5 client form. */
export function validClient(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    company_name: 'Globex',
    company_code: 'GLX1',
    client_type: 'Enterprise',
    status: 'Active',
    default_user_role: employeeRole,
    report_type: 'Summary',
    logo_file: LOGO,
    banner_image: BANNER,
    hex_color: '#0055AA',
    secondary_hex_color: '#222222',
    site_footer: 'Globex people first.',
    regions: ['Europe', 'Asia Pacific'],
    access_list: ['Home Menu', 'Home', 'Office'],
    work_area: ['Office', 'Home'],
    home: 'Start',
    home_status: 1,
    ergo: 'Basics',
    ergo_status: 1,
    guideline: 'Set up',
    guideline_status: 0,
    work_better: 'Thrive',
    work_better_status: 1,
    videos: 'Watch',
    videos_status: 1,
    self_assessment: 'Check yourself',
    self_assessment_status: 1,
    request_evaluation: 'Ask an expert',
    request_evaluation_status: 1,
    ...overrides,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  employeeRole = (await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

async function signIn(email: string): Promise<Agent> {
  const agent = new Agent(server.url);
  expect((await agent.login(email, PASSWORD)).status).toBe(200);
  return agent;
}

describe('adding, reading and editing a client', () => {
  let id: number;
  it('creates a client whose form reads back the same, with its images served safely', async () => {
    const created = await admin.post('/admin/clients', validClient());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    id = (created.data as { id: number }).id;
    const form = ((await admin.get(`/admin/clients/${id}`)).data as { client: Record<string, unknown> }).client;
    expect(form).toMatchObject({ ...validClient(), hex_color: '#0055AA' });
    const row = await server.ctx.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.site_menu_details.SetupGuidelines).toEqual({ status: 0, custom_menu_text: 'Set up' });
    expect(row.logo).toMatch(new RegExp(`^/blogs/api/client-images/${id}/logo\\?v=[0-9a-f]{16}$`));
    const image = await admin.raw('GET', row.logo!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('audits the creation and the edit with before and after, images by hash only', async () => {
    const saved = await admin.post(
      `/admin/clients/${id}`,
      validClient({ company_code: 'glx1', site_footer: 'Changed footer', logo_file: dataUrl(png(100, 50), 'l2.png', 'image/png') }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const entries = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `client:${id}`)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['client.created', 'client.updated']);
    const update = entries[1].details as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(update.before.site_footer).toBe('Globex people first.');
    expect(update.after.site_footer).toBe('Changed footer');
    expect(update.after.logo_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(update.after.logo_sha256).not.toBe(update.before.logo_sha256);
    expect(JSON.stringify(entries)).not.toContain('base64');
  });

  it('answers 404 for a client that does not exist', async () => {
    expect((await admin.get('/admin/clients/999999')).status).toBe(404);
    expect((await admin.post('/admin/clients/999999', validClient({ company_code: 'NEW9' }))).status).toBe(404);
    // A malformed id is refused before any look-up (src/server/http/request-guards.ts).
    expect((await admin.get('/admin/clients/abc')).status).toBe(400);
  });
});

describe('the server refuses every payload the browser would refuse', () => {
  const refuse = async (overrides: Record<string, unknown>, message: string | RegExp) => {
    const before = await server.ctx.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await admin.post('/admin/clients', validClient({ company_code: 'REF1', ...overrides }));
    expect(answer.status, String(message)).toBe(400);
    if (typeof message === 'string') expect(answer.body.errors).toBe(message);
    else expect(String(answer.body.errors)).toMatch(message);
    const after = await server.ctx.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  };

  it('refuses missing and over-long fields with the SPEC §5 messages', async () => {
    await refuse({ company_name: '' }, 'Company Name field is required');
    await refuse({ company_name: 'C'.repeat(31) }, 'Company Name may not be greater than 30 characters');
    await refuse({ company_code: 'C'.repeat(11) }, 'Company Code may not be greater than 10 characters');
    await refuse({ home: 'H'.repeat(21) }, 'Home may not be greater than 20 characters');
    await refuse({ request_evaluation: 'R'.repeat(21) }, 'Request An Evaluation may not be greater than 20 characters');
    await refuse({ videos: '' }, 'Videos field is required');
    await refuse({ logo_file: undefined }, 'Logo field is required');
    await refuse({ banner_image: '' }, 'Banner field is required');
    await refuse({ client_type: 'Bogus' }, 'Client type field is required');
    await refuse({ home_status: 2 }, 'Home menu status must be Shown or Hidden');
    await refuse({ videos_status: undefined }, 'Videos menu status field is required');
    await refuse({ hex_color: 'orange' }, 'Primary colour must be a hex colour such as #FF9500');
    await refuse({ default_user_role: 999999 }, 'By Default User Role field is required');
    const adminRole = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Admin').executeTakeFirstOrThrow();
    await refuse({ default_user_role: adminRole.id }, 'The default user role may not open the admin center.');
  });

  it('refuses images that are too large, of the wrong type or unsafe', async () => {
    await refuse({ logo_file: dataUrl(png(401, 80), 'logo.png', 'image/png') }, 'The logo must be upto 400 X 200 pixels');
    await refuse({ banner_image: dataUrl(png(1921, 100), 'banner.png', 'image/png') }, 'The banner must be upto 1920 X 600 pixels');
    await refuse(
      { logo_file: dataUrl(Buffer.concat([png(10, 10), Buffer.alloc(1100 * 1024)]), 'big.png', 'image/png') },
      'The logo may not be greater than 1024 kilobytes.',
    );
    // An HTML page dressed as a PNG by its name and declared type.
    await refuse(
      { logo_file: dataUrl('<html><script>alert(1)</script></html>', 'logo.png', 'image/png') },
      /logo is not a readable image|logo must be an image/,
    );
    await refuse(
      { logo_file: dataUrl(png(10, 10), 'logo.exe', 'application/octet-stream') },
      'The logo must be an image of type: jpg, svg, jpeg, png, bmp, gif.',
    );
    // SVG measured by its viewBox.
    await refuse(
      { logo_file: dataUrl('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 100"></svg>', 'wide.svg', 'image/svg+xml') },
      'The logo must be upto 400 X 200 pixels',
    );
    const svg = (inner: string, attrs = '') =>
      dataUrl(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"${attrs}>${inner}</svg>`, 'logo.svg', 'image/svg+xml');
    await refuse({ logo_file: svg('<script>alert(document.cookie)</script>') }, 'The logo is refused: the SVG contains a script.');
    await refuse({ logo_file: svg('', ' onload="alert(1)"') }, 'The logo is refused: the SVG contains an event handler attribute.');
    await refuse(
      { logo_file: svg('<foreignObject><iframe src="x"></iframe></foreignObject>') },
      'The logo is refused: the SVG contains a foreignObject element.',
    );
    await refuse(
      { logo_file: svg('<image href="https://tracker.example/p.png" width="10" height="10"/>') },
      'The logo is refused: the SVG contains an external reference.',
    );
    await refuse({ logo_file: svg('<a href="javascript:alert(1)"><rect width="5" height="5"/></a>') }, /script URL|external reference/);
  });

  it('accepts a clean SVG and serves it as SVG', async () => {
    const clean = dataUrl(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" fill="#FF9500"/></svg>',
      'clean.svg',
      'image/svg+xml',
    );
    const answer = await admin.post('/admin/clients', validClient({ company_code: 'SVG1', logo_file: clean }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = await server.ctx.db.selectFrom('clients').select('logo').where('company_code', '=', 'SVG1').executeTakeFirstOrThrow();
    const served = await admin.raw('GET', row.logo!);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
    );
  });

  it('refuses a company code already used, in another case', async () => {
    await refuse({ company_code: 'nw01' }, 'The company code has already been taken.');
    await refuse({ company_code: 'A45' }, 'The company code has already been taken.');
  });

  it('refuses fields that are not in the form (mass assignment)', async () => {
    await refuse({ seats: 100000 }, 'Unknown field: seats.');
    await refuse({ id: 1 }, 'Unknown field: id.');
    await refuse({ logo: '/evil.png' }, 'Unknown field: logo.');
    // E-mail domains belong to the SSO configuration alone (manifest/forms/client.yaml).
    await refuse({ domains: 'globex.example' }, 'Unknown field: domains.');
  });

  it('refuses a body over the raised limit, and keeps the default limit elsewhere', async () => {
    const huge = await admin.raw('POST', '/blogs/api/admin/clients', JSON.stringify({ request_data: 'x'.repeat(11 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    const other = await admin.raw('POST', '/blogs/api/admin/users', JSON.stringify({ request_data: 'x'.repeat(2 * 1024 * 1024) }));
    expect(other.status).toBe(413);
  });
});

describe('clients grid and export', () => {
  type Page = { rows: { id: number; company_name: string; company_code: string; users: number }[]; total: number };
  it('pages, sorts and filters on the server', async () => {
    const all = (await admin.get('/admin/clients?sort=company_name&dir=asc&size=2')).data as Page;
    expect(all.rows.map((r) => r.company_name)).toEqual(['Arcadia', 'Contoso']);
    expect(all.total).toBeGreaterThanOrEqual(5);
    const next = (await admin.get('/admin/clients?sort=company_name&dir=asc&start=2&size=2')).data as Page;
    expect(next.rows[0].company_name).toBe('Fabrikam');
    const byCode = (await admin.get('/admin/clients?q=nw0')).data as Page;
    expect(byCode.rows.map((r) => r.company_name)).toEqual(['Northwind']);
    expect(byCode.rows[0].users).toBeGreaterThan(3);
    const mostUsers = (await admin.get('/admin/clients?sort=users&dir=desc&size=1')).data as Page;
    expect(mostUsers.rows[0].company_name).toBe('Northwind');
    for (const qs of ['sort=logo', 'dir=up', 'size=0', 'start=-5', 'status=deleted', 'sort=constructor']) {
      expect((await admin.get(`/admin/clients?${qs}`)).status, qs).toBe(400);
    }
  });

  it('exports CSV with formula cells neutralised', async () => {
    await server.ctx.db.updateTable('clients').set({ company_name: '@SUM(1+1)' }).where('company_code', '=', 'FAB1').execute();
    const answer = await admin.raw('GET', '/blogs/api/admin/clients/export?sort=company_code');
    expect(answer.headers.get('content-type')).toMatch(/text\/csv/);
    const text = String(answer.body.text);
    expect(text.split('\r\n')[0]).toBe('id,company_name,company_code,client_type,status,users,created_at');
    expect(text).toContain(`"'@SUM(1+1)"`);
    expect(text).not.toMatch(/,@SUM/);
  });
});

describe('every client call needs a session (401) and its permission (403)', () => {
  const calls: [string, string][] = [
    ['GET', '/admin/clients'],
    ['GET', '/admin/clients/export'],
    ['GET', '/admin/client-lookups'],
    ['GET', '/admin/clients/1'],
    ['POST', '/admin/clients'],
    ['POST', '/admin/clients/1'],
    ['GET', '/admin/clients/1/texts/cms/en'],
    ['POST', '/admin/clients/1/texts/cms/en'],
  ];
  it('401 without a session, on every call including images and texts', async () => {
    const guest = new Agent(server.url);
    for (const [method, path] of [...calls, ['GET', '/client-images/1/logo'], ['GET', '/client-texts/1/cms']] as [string, string][]) {
      const answer = method === 'GET' ? await guest.get(path) : await guest.post(path, validClient());
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
  });

  it('403 for an employee, and 403 on writes for a role that may only view clients', async () => {
    const employee = await signIn(ACCOUNTS.employee);
    for (const [method, path] of calls) {
      const answer = method === 'GET' ? await employee.get(path) : await employee.post(path, validClient());
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    const viewerRole = await server.ctx.db
      .insertInto('roles')
      .values({ name: 'Client_viewer', display_name: 'Client Viewer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('role_permissions')
      .values(['site-access-admin-center-view', 'clients-view'].map((permission) => ({ role_id: viewerRole.id, permission })))
      .execute();
    await server.ctx.db.updateTable('users').set({ role_id: viewerRole.id }).where('email', '=', ACCOUNTS.evaluator).execute();
    const viewer = await signIn(ACCOUNTS.evaluator);
    expect((await viewer.get('/admin/clients')).status).toBe(200);
    expect((await viewer.post('/admin/clients', validClient({ company_code: 'VW1' }))).status).toBe(403);
    expect((await viewer.post('/admin/clients/1/texts/cms/en', { texts: {} })).status).toBe(403);
  });

  it("shows a client's images to its own users only, 404 to other tenants", async () => {
    const created = await admin.post('/admin/clients', validClient({ company_code: 'IMG1' }));
    const id = (created.data as { id: number }).id;
    const outsider = await signIn(ACCOUNTS.employee);
    expect((await outsider.get(`/client-images/${id}/logo`)).status).toBe(404);
    await server.ctx.db.updateTable('users').set({ client_id: id }).where('email', '=', ACCOUNTS.fabrikamEmployee).execute();
    const insider = await signIn(ACCOUNTS.fabrikamEmployee);
    expect((await insider.get(`/client-images/${id}/banner`)).status).toBe(200);
    expect((await insider.get(`/client-images/${id}/favicon`)).status).toBe(404);
  });
});

describe("a client's default user role", () => {
  it('is the role of people who register with its company code', async () => {
    const videoRole = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Video_viewer').executeTakeFirstOrThrow();
    expect((await admin.post('/admin/clients', validClient({ company_code: 'VID1', default_user_role: videoRole.id }))).status).toBe(200);
    const guest = new Agent(server.url);
    const registered = await guest.post('/register', {
      first_name: 'Vera',
      last_name: 'Lens',
      email: 'vera@vid.example',
      password: 'a-long-pass-phrase-7',
      password_confirmation: 'a-long-pass-phrase-7',
      company_code: 'vid1',
    });
    expect(registered.status).toBe(200);
    const user = await server.ctx.db
      .selectFrom('users')
      .select('role_id')
      .where('email', '=', 'vera@vid.example')
      .executeTakeFirstOrThrow();
    expect(user.role_id).toBe(videoRole.id);
  });
});
