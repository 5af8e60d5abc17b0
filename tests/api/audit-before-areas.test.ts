import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { dataUrl, png } from '../helpers/images';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The audit log tells each change's story (ASVS V7.1, V7.3): for every audited update, edits of one
 * record sent at once are each recorded with the "before" the previous entry's "after" left, in the
 * order of the chain (tests/api/audit-before.test.ts covers users and e-mail templates).
 */
let server: TestServer;
let admin: Agent;
let superAdmin: Agent;
let manager: Agent;
let northwind: number;
beforeAll(async () => {
  server = await startTestServer();
  [admin, superAdmin, manager] = await Promise.all([
    signedInAgent(server.url, ACCOUNTS.admin, PASSWORD),
    signedInAgent(server.url, ACCOUNTS.superAdmin, PASSWORD),
    signedInAgent(server.url, ACCOUNTS.manager, PASSWORD),
  ]);
  const employee = await server.ctx.db
    .selectFrom('users')
    .select('client_id')
    .where('email', '=', ACCOUNTS.employee)
    .executeTakeFirstOrThrow();
  northwind = employee.client_id!;
}, 180_000);
afterAll(async () => {
  await server?.close();
});

type Details = { before: unknown; after: unknown };
const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Details;
const WORDS = ['one', 'two', 'three', 'four', 'five', 'six'];

/** Sends the edits at once, each answered 200. */
async function allAtOnce(edits: (() => Promise<{ status: number; body: unknown }>)[]) {
  const answers = await Promise.all(edits.map((edit) => edit()));
  for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/**
 * The record's entries in chain order: `count` of them, the first "before" showing `first`, and each
 * later "before" showing what the previous entry's "after" did (`pick` reads the edited field).
 */
async function expectChained(action: string, target: string, count: number, first: unknown, pick: (side: unknown) => unknown) {
  const entries = await server.ctx.db
    .selectFrom('audit_log')
    .select('details')
    .where('action', '=', action)
    .where('target', '=', target)
    .orderBy('id')
    .execute();
  expect(entries).toHaveLength(count);
  const details = entries.map((e) => parse(e.details));
  expect(pick(details[0].before)).toEqual(first);
  for (let i = 1; i < details.length; i += 1) expect(pick(details[i].before), `entry ${i}`).toEqual(pick(details[i - 1].after));
}

const field = (name: string) => (side: unknown) => (side as Record<string, unknown> | null)?.[name];

describe('the "before" of concurrent edits, area by area', () => {
  it('chains parallel edits of one client', async () => {
    const role = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
    const image = dataUrl(png(200, 80), 'logo.png', 'image/png');
    const form = (site_footer: string) => ({
      company_name: 'Chained Ltd',
      company_code: 'CHN1',
      client_type: 'Enterprise',
      status: 'Active',
      default_user_role: role.id,
      report_type: 'Summary',
      logo_file: image,
      banner_image: image,
      hex_color: '#0055AA',
      secondary_hex_color: '#222222',
      site_footer,
      regions: ['Europe'],
      access_list: ['Home Menu', 'Office'],
      work_area: ['Office'],
      ...Object.fromEntries(
        ['home', 'ergo', 'guideline', 'work_better', 'videos', 'self_assessment', 'request_evaluation'].flatMap((menu) => [
          [menu, 'Menu'],
          [`${menu}_status`, 1],
        ]),
      ),
    });
    const created = await admin.post('/admin/clients', form('first'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.data as { id: number }).id;
    await allAtOnce(WORDS.map((word) => () => admin.post(`/admin/clients/${id}`, form(word))));
    await expectChained('client.updated', `client:${id}`, WORDS.length, 'first', field('site_footer'));
  });

  it('chains parallel edits of one user group', async () => {
    const created = await admin.post('/admin/user-groups', { name: 'Chained', client_id: northwind, description: 'first' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.data as { id: number }).id;
    await allAtOnce(
      WORDS.map((description) => () => admin.post(`/admin/user-groups/${id}`, { name: 'Chained', client_id: northwind, description })),
    );
    await expectChained('user_group.updated', `user_group:${id}`, WORDS.length, 'first', field('description'));
  });

  it('chains parallel edits of one role', async () => {
    const role = await server.ctx.db
      .selectFrom('roles')
      .select(['id', 'display_name', 'description'])
      .where('name', '=', 'Video_viewer')
      .executeTakeFirstOrThrow();
    const permissions = (
      await server.ctx.db.selectFrom('role_permissions').select('permission').where('role_id', '=', role.id).execute()
    ).map((p) => p.permission);
    await allAtOnce(
      WORDS.map((description) => () => superAdmin.post(`/admin/roles/${role.id}`, { name: role.display_name, description, permissions })),
    );
    await expectChained('role.updated', `role:${role.id}`, WORDS.length, role.description, field('description'));
  });

  it('chains parallel edits of one added permission', async () => {
    const created = await superAdmin.post('/admin/permissions', { name: 'chained-export', group: 'admin', description: 'first' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.data as { id: number }).id;
    await allAtOnce(
      WORDS.map(
        (description) => () => superAdmin.post(`/admin/permissions/${id}`, { name: 'chained-export', group: 'admin', description }),
      ),
    );
    await expectChained('permission.updated', `permission:${id}`, WORDS.length, 'first', field('description'));
  });

  it("chains parallel saves of one client's assessment settings", async () => {
    const before = await server.ctx.db
      .selectFrom('client_assessment_settings')
      .select('follow_up_days')
      .where('client_id', '=', northwind)
      .executeTakeFirst();
    const days = [11, 12, 13, 14, 15, 16];
    await allAtOnce(
      days.map(
        (follow_up_days) => () =>
          admin.post(`/admin/assessment-settings/${northwind}`, { work_area: ['Office', 'Home'], reminder_enabled: false, follow_up_days }),
      ),
    );
    await expectChained(
      'client.assessment_settings.updated',
      `client:${northwind}`,
      days.length,
      before?.follow_up_days,
      field('follow_up_days'),
    );
  });

  it("chains parallel saves of one client's SSO configuration, the first a creation", async () => {
    const form = (domains: string) => ({
      client_id: northwind,
      issuer: 'https://idp.example.com',
      oidc_client_id: 'chained-portal',
      domains,
      enabled: false,
    });
    const domains = WORDS.map((word) => `${word}.example`);
    await allAtOnce(domains.map((d) => () => admin.post('/admin/sso-configurations', form(d))));
    const entries = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'like', 'sso_configuration.%')
      .where('target', '=', `client:${northwind}`)
      .orderBy('id')
      .execute();
    // One creation, then updates, each replacing what the previous one saved.
    expect(entries.map((e) => e.action)).toEqual(['sso_configuration.created', ...domains.slice(1).map(() => 'sso_configuration.updated')]);
    const details = entries.map((e) => parse(e.details));
    expect(details[0].before).toBeNull();
    for (let i = 1; i < details.length; i += 1)
      expect(field('domains')(details[i].before), `entry ${i}`).toEqual(field('domains')(details[i - 1].after));
  });

  it('chains parallel edits of one video', async () => {
    const video = (description: string) => ({
      title: 'Chained',
      url: 'https://vimeo.com/76979871',
      category: 'Eyes and screens',
      description,
    });
    const created = await admin.post('/admin/videos', video('first'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.data as { id: number }).id;
    await allAtOnce(WORDS.map((word) => () => admin.post(`/admin/videos/${id}`, video(word))));
    await expectChained('video.updated', `video:${id}`, WORDS.length, 'first', field('description'));
  });

  it('chains parallel edits of one blog post', async () => {
    const post = (summary: string) => ({ title: 'Chained', slug: 'chained-post', summary, body: 'Text.', status: 'draft' });
    const created = await admin.post('/admin/blog/posts', post('first'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.data as { id: number }).id;
    await allAtOnce(WORDS.map((word) => () => admin.post(`/admin/blog/posts/${id}`, post(word))));
    await expectChained('blog_post.updated', `blog_post:${id}`, WORDS.length, 'first', field('summary'));
  });

  it("chains parallel saves of one client's texts", async () => {
    const path = `/admin/clients/${northwind}/texts/cms/de`;
    await allAtOnce(WORDS.map((word) => () => admin.post(path, { texts: { welcome_title: `Willkommen ${word}` } })));
    await expectChained('client.texts.updated', `client:${northwind}:cms:de`, WORDS.length, null, field('welcome_title'));
  });

  it('chains parallel renames of one saved search', async () => {
    const definition = { match: 'all', conditions: [{ field: 'risk_band', op: 'equals', value: 'high' }] };
    const created = await manager.post('/saved-searches', { kind: 'self-assessment', name: 'first', definition, client_id: northwind });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.data as { id: number }).id;
    await allAtOnce(WORDS.map((name) => () => manager.post(`/saved-searches/${id}`, { name })));
    await expectChained('saved_search.renamed', `saved_search:${id}`, WORDS.length, 'first', (side) => side);
  });
});
