import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/audit/audit';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * A change and its audit entry commit together or not at all (ASVS V7.3), and text that is not
 * valid Unicode (a lone UTF-16 surrogate) is refused where request bodies are decoded.
 */
let server: TestServer;
let admin: Agent;
let superAdmin: Agent;
let employee: Agent;
let templateId: number;
let employeeId: number;
let employeeRefs: { role_id: number; client_id: number };

beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.url);
  superAdmin = new Agent(server.url);
  employee = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  expect((await superAdmin.login(ACCOUNTS.superAdmin, PASSWORD)).status).toBe(200);
  expect((await employee.login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
  templateId = (
    await server.ctx.db.selectFrom('email_templates').select('id').where('name', '=', 'password_reset').executeTakeFirstOrThrow()
  ).id;
  const row = await server.ctx.db
    .selectFrom('users')
    .select(['id', 'role_id', 'client_id'])
    .where('email', '=', ACCOUNTS.employee)
    .executeTakeFirstOrThrow();
  employeeId = row.id;
  employeeRefs = { role_id: row.role_id, client_id: row.client_id };
});
afterAll(async () => {
  await server?.close();
});

const template = () =>
  server.ctx.db
    .selectFrom('email_templates')
    .select(['name', 'subject', 'content', 'updated_at'])
    .where('id', '=', templateId)
    .executeTakeFirstOrThrow();
const auditCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('text with a lone surrogate is refused at the door', () => {
  it('answers 400 and changes nothing, for the e-mail template that used to be half saved', async () => {
    const before = await template();
    const entries = await auditCount();
    const answer = await admin.post(`/admin/email-templates/${templateId}`, {
      name: 'password_reset',
      subject: 'Reset',
      content: 'changed \ud800',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toBe('The content field contains characters that are not valid text.');
    expect(await template()).toEqual(before);
    expect(await auditCount()).toBe(entries);
  });

  it('finds a lone surrogate anywhere in a payload (nested, low half alone, in a key) but accepts real pairs', async () => {
    const before = await template();
    for (const content of ['\udc00 low half first', 'end with a high half \udbff', 'reversed pair \udc00\ud800']) {
      expect(
        (await admin.post(`/admin/email-templates/${templateId}`, { name: 'password_reset', subject: 'Reset', content })).status,
        JSON.stringify(content),
      ).toBe(400);
    }
    const nested = await superAdmin.post('/admin/roles', {
      name: 'Auditors',
      description: 'Read the log',
      permissions: ['audit-log-viewer-view', 'x\ud800'],
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toBe('The permissions.1 field contains characters that are not valid text.');
    const key = await admin.post(`/admin/email-templates/${templateId}`, {
      name: 'password_reset',
      subject: 'Reset',
      content: 'x',
      ['k\ud800']: 1,
    });
    expect(key.status).toBe(400);
    expect(key.body.errors).toBe('The request field contains characters that are not valid text.');
    expect(await template()).toEqual(before);
    // An emoji is a surrogate pair: valid text, saved and audited.
    const saved = await admin.post(`/admin/email-templates/${templateId}`, {
      name: 'password_reset',
      subject: 'Reset 🔑',
      content: 'Hi {{first_name}} 👋 {{link}}',
    });
    expect(saved.status).toBe(200);
    expect((await template()).subject).toBe('Reset 🔑');
    const entry = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'email_template.updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry.details)).toContain('Reset 🔑');
  });
});

describe('a failed audit entry takes its change with it', () => {
  /** Every audited write below, with what to compare before and after (the record it changes). */
  const writes: { name: string; send: () => Promise<{ status: number }>; state: () => Promise<unknown> }[] = [
    {
      name: 'email template update',
      send: () =>
        admin.post(`/admin/email-templates/${templateId}`, { name: 'password_reset', subject: 'Forced', content: 'Forced {{link}}' }),
      state: template,
    },
    {
      name: 'email template create',
      send: () => admin.post('/admin/email-templates', { name: 'forced_template', subject: 'S', content: 'C' }),
      state: () => server.ctx.db.selectFrom('email_templates').select('name').orderBy('name').execute(),
    },
    {
      name: 'user update',
      send: () =>
        admin.post(`/admin/users/${employeeId}`, { first_name: 'Forced', last_name: 'Walsh', email: ACCOUNTS.employee, ...employeeRefs }),
      state: () =>
        server.ctx.db.selectFrom('users').select(['first_name', 'email', 'role_id']).where('id', '=', employeeId).executeTakeFirstOrThrow(),
    },
    {
      name: 'video create',
      send: () =>
        admin.post('/admin/videos', {
          title: 'Forced video',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          category: 'Stretches and movement',
        }),
      state: () => server.ctx.db.selectFrom('videos').select('title').orderBy('id').execute(),
    },
    {
      name: 'role create',
      send: () => superAdmin.post('/admin/roles', { name: 'Forced Role', description: 'Forced', permissions: ['audit-log-viewer-view'] }),
      state: () => server.ctx.db.selectFrom('roles').select('display_name').orderBy('id').execute(),
    },
    {
      name: 'evaluation request',
      send: () => employee.post('/evaluation-requests', { preferred_times: 'Forced mornings' }),
      state: () => server.ctx.db.selectFrom('evaluation_requests').select('id').execute(),
    },
  ];

  it('rolls back every audited write when the database refuses its audit entry, and keeps it when it does not', async () => {
    // A trigger that refuses every audit entry except denials: the audit insert fails inside the write's transaction.
    await sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.action <> 'permission.denied' THEN RAISE EXCEPTION 'audit refused for the test'; END IF; RETURN NEW; END $$`.execute(
      server.ctx.db,
    );
    await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`.execute(server.ctx.db);
    let rolledBack = 0;
    for (const write of writes) {
      const before = await write.state();
      const answer = await write.send();
      expect(answer.status, write.name).toBe(500);
      expect(await write.state(), write.name).toEqual(before);
      rolledBack += 1;
    }
    await sql`DROP TRIGGER refuse_audit ON audit_log`.execute(server.ctx.db);
    let kept = 0;
    for (const write of writes) {
      const before = await write.state();
      const entries = await auditCount();
      expect((await write.send()).status, write.name).toBe(200);
      expect(await write.state(), write.name).not.toEqual(before);
      expect(await auditCount(), write.name).toBe(entries + 1);
      kept += 1;
    }
    console.log(`audited writes rolled back with their refused entry: ${rolledBack}; saved with their entry: ${kept}`);
    expect(await verifyAuditChain(server.ctx.db)).toMatchObject({ ok: true });
  });
});
