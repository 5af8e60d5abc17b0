import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The audit log tells each change's story (ASVS V7.1, V7.3): the "before" of an update is the record
 * that change replaced. Edits of one record sent at once are each recorded with the previous entry's
 * "after" as their "before", in the order of the chain.
 */
let server: TestServer;
let admin: Agent;
let superAdmin: Agent;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAgent(server.url, ACCOUNTS.admin, PASSWORD);
  superAdmin = await signedInAgent(server.url, ACCOUNTS.superAdmin, PASSWORD);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as { before: unknown; after: unknown };

/** The record's update entries in chain order, each one's "before" the previous one's "after". */
async function expectChained(action: string, target: string, edits: number, first: unknown) {
  const entries = await server.ctx.db
    .selectFrom('audit_log')
    .select(['id', 'details'])
    .where('action', '=', action)
    .where('target', '=', target)
    .orderBy('id')
    .execute();
  expect(entries).toHaveLength(edits);
  const details = entries.map((e) => parse(e.details));
  expect(details[0].before).toEqual(first);
  for (let i = 1; i < details.length; i += 1) expect(details[i].before, `entry ${i}`).toEqual(details[i - 1].after);
}

describe('the "before" of concurrent edits', () => {
  it('chains the audit entries of parallel edits of one user', async () => {
    const user = await server.ctx.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'role_id', 'client_id', 'region', 'status'])
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    const names = ['Ana', 'Bea', 'Cai', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo'];
    const answers = await Promise.all(
      names.map((first_name, i) =>
        (i % 2 ? superAdmin : admin).post(`/admin/users/${user.id}`, {
          first_name,
          last_name: user.last_name,
          email: user.email,
          role_id: user.role_id,
          client_id: user.client_id,
          region: user.region,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
    await expectChained('user.updated', `user:${user.id}`, names.length, user);
  });

  it('chains the audit entries of parallel edits of one e-mail template', async () => {
    const template = await server.ctx.db
      .selectFrom('email_templates')
      .selectAll()
      .where('name', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    const subjects = ['Reset one', 'Reset two', 'Reset three', 'Reset four', 'Reset five', 'Reset six'];
    const answers = await Promise.all(
      subjects.map((subject) =>
        admin.post(`/admin/email-templates/${template.id}`, { name: template.name, subject, content: template.content }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(subjects.map(() => 200));
    const entries = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'email_template.updated')
      .where('target', '=', `email_template:${template.id}`)
      .orderBy('id')
      .execute();
    expect(entries).toHaveLength(subjects.length);
    const details = entries.map((e) => parse(e.details) as { before: { subject: string }; after: { subject: string } });
    expect(details[0].before.subject).toBe(template.subject);
    for (let i = 1; i < details.length; i += 1) expect(details[i].before.subject, `entry ${i}`).toBe(details[i - 1].after.subject);
  });
});
