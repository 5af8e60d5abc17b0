import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let admin: Agent;
let superAdmin: Agent;
const ids = { employee: 0, northwind: 0 };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAgent(server.url, ACCOUNTS.admin, PASSWORD);
  superAdmin = await signedInAgent(server.url, ACCOUNTS.superAdmin, PASSWORD);
  const role = await server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  const client = await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow();
  Object.assign(ids, { employee: role.id, northwind: client.id });
});
afterAll(async () => {
  await server?.close();
});

/**
 * Two tabs or two administrators saving the same new name at once both pass the handler's look-up;
 * the unique index decides. The one that loses must read the same field error as a late-comer would
 * (src/server/http/database-errors.ts), and exactly one record is made.
 */
async function race(send: () => Promise<{ status: number; body: unknown }>, field: string, message: string) {
  const answers = await Promise.all(Array.from({ length: 6 }, send));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
  for (const answer of answers.filter((a) => a.status === 400))
    expect(answer.body).toMatchObject({ success: false, errors: message, fields: { [field]: message } });
}

describe('names that must be unique, saved at the same moment', () => {
  it('a new e-mail template name: one template, and the others hear the name is taken', async () => {
    await race(
      () => admin.post('/admin/email-templates', { name: 'quarterly_digest', subject: 'Digest', content: 'Hello' }),
      'name',
      'A template with this name already exists.',
    );
    const rows = await server.ctx.db.selectFrom('email_templates').select('id').where('name', '=', 'quarterly_digest').execute();
    expect(rows).toHaveLength(1);
  });

  it('a new user e-mail: one account, and the others hear the e-mail is taken', async () => {
    const user = {
      first_name: 'Ada',
      last_name: 'Race',
      email: 'ada.race@northwind.example',
      role_id: ids.employee,
      client_id: ids.northwind,
    };
    await race(() => admin.post('/admin/users', user), 'email', 'The email has already been taken.');
    const rows = await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'ada.race@northwind.example').execute();
    expect(rows).toHaveLength(1);
  });

  it('a new role name and a new permission name: one of each', async () => {
    await race(
      () => superAdmin.post('/admin/roles', { name: 'Site lead', description: 'Leads a site', permissions: [] }),
      'name',
      'The Role Name has already been taken.',
    );
    await race(
      () => superAdmin.post('/admin/permissions', { name: 'reports-stamp', description: 'Stamps reports' }),
      'name',
      'A permission with this name already exists.',
    );
    const roles = await server.ctx.db.selectFrom('roles').select('id').where('display_name', '=', 'Site lead').execute();
    expect(roles).toHaveLength(1);
  });

  it('a new blog address: one post', async () => {
    const post = { title: 'Standing desks', slug: 'standing-desks-race', summary: 'When they help.', body: 'Text.', status: 'draft' };
    await race(() => admin.post('/admin/blog/posts', post), 'slug', 'A post with this address already exists.');
    const rows = await server.ctx.db.selectFrom('blog_posts').select('id').where('slug', '=', 'standing-desks-race').execute();
    expect(rows).toHaveLength(1);
  });
});
