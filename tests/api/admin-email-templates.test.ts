import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTemplate } from '../../src/server/mail/templates';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { waitForOutbox } from '../helpers/outbox';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { BUILT_IN_TEMPLATES } from '../../src/shared/mail/built-in-templates';

let server: TestServer;
let admin: Agent;
beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('rendering', () => {
  it('keeps the subject on one line and escapes variables in HTML', () => {
    const out = renderTemplate(
      { subject: 'Hi {{first_name}}', content: 'Dear {{first_name}},\n{{link}}' },
      { first_name: 'Eve\r\nBcc: all@example.com <b>', link: 'https://x.example/?a=1&b=2' },
    );
    expect(out.subject).toBe('Hi Eve Bcc: all@example.com <b>');
    expect(out.html).toContain('all@example.com &lt;b&gt;');
    expect(out.html).not.toContain('<b>');
    expect(out.html).toContain('https://x.example/?a=1&amp;b=2');
    expect(out.text).toContain('https://x.example/?a=1&b=2');
  });
});

describe('e-mail template admin', () => {
  it('lists the default templates, which the portal uses for its own e-mails', async () => {
    const { rows: templates, total } = (await admin.get('/admin/email-templates?size=100')).data as {
      rows: { name: string }[];
      total: number;
    };
    // Every template the portal renders by name is stored by its migration (003, 015, 016, 018, 021, 033, 041, 042), and no other.
    expect(templates.map((t) => t.name)).toEqual([...BUILT_IN_TEMPLATES].sort());
    expect(templates.map((t) => t.name)).toContain('equipment_approved');
    expect(templates.map((t) => t.name)).toContain('training_reminder');
    expect(total).toBe(BUILT_IN_TEMPLATES.length);
    const found = (await admin.get('/admin/email-templates?q=RESET&sort=subject&dir=desc')).data as {
      rows: { name: string }[];
      total: number;
    };
    expect(found).toMatchObject({ total: 1, rows: [{ name: 'password_reset' }] });
    expect((await admin.get('/admin/email-templates?sort=content')).status).toBe(400);
    const csv = String((await admin.raw('GET', '/blogs/api/admin/email-templates/export?sort=name')).body.text);
    expect(csv.split('\r\n')[0]).toBe('name,subject,content,updated_at');
    const id = (
      await server.ctx.db.selectFrom('email_templates').select('id').where('name', '=', 'password_reset').executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await admin.post(`/admin/email-templates/${id}`, {
          name: 'password_reset',
          subject: 'New password for {{first_name}}',
          content: 'Hi {{first_name}}: {{link}}',
        })
      ).status,
    ).toBe(200);
    // A template the portal sends cannot be renamed away from the name it is sent by.
    const renamed = await admin.post(`/admin/email-templates/${id}`, { name: 'Password help', subject: 'x', content: 'y' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toBe('A template the portal sends keeps its name.');
    await new Agent(server.url).post('/sendpasswordlink', { email: ACCOUNTS.manager });
    const [mail] = await waitForOutbox(server.ctx.db, ACCOUNTS.manager);
    expect(mail.subject).toBe('New password for Maya');
    expect(mail.body_text).toMatch(/^Hi Maya: http.*\/reset-password\?token=/);
  });

  it('creates, refuses duplicates and invalid input with the SPEC §5 messages, and previews', async () => {
    expect(
      (
        await admin.post('/admin/email-templates', {
          name: 'welcome',
          subject: 'Welcome {{first_name}}',
          content: 'Hello {{first_name}} from {{company_name}}',
        })
      ).status,
    ).toBe(200);
    expect((await admin.post('/admin/email-templates', { name: 'welcome', subject: 'x', content: 'y' })).body.errors).toBe(
      'A template with this name already exists.',
    );
    expect((await admin.post('/admin/email-templates', { name: '', subject: 'x', content: 'y' })).body.errors).toBe(
      'Name field is required',
    );
    expect((await admin.post('/admin/email-templates', { name: 'a', subject: '', content: 'y' })).body.errors).toBe(
      'Subject field is required',
    );
    expect((await admin.post('/admin/email-templates', { name: 'a', subject: 'x', content: '' })).body.errors).toBe(
      'Content field is required',
    );
    const preview = (
      await admin.post('/admin/email-templates-preview', { name: 'p', subject: 'For {{company_name}}', content: 'Hi {{first_name}}' })
    ).data as { subject: string; html: string; variables: string[] };
    expect(preview.subject).toBe('For Northwind <Traders>');
    expect(preview.html).toBe('Hi Erin');
    expect(preview.variables).toEqual(['first_name']);
  });

  it('needs the template permissions', async () => {
    const employee = new Agent(server.url);
    await employee.login(ACCOUNTS.employee, PASSWORD);
    expect((await employee.get('/admin/email-templates')).status).toBe(403);
    expect((await employee.get('/admin/email-templates/export')).status).toBe(403);
    expect((await new Agent(server.url).get('/admin/email-templates/export')).status).toBe(401);
    expect((await employee.post('/admin/email-templates', { name: 'x', subject: 'x', content: 'x' })).status).toBe(403);
    expect((await new Agent(server.url).get('/admin/email-templates')).status).toBe(401);
  });
});
