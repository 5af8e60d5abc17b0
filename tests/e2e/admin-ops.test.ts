import { resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../generated/permissions';
import { ACCOUNTS } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { launchBrowser } from './support/browser';
import { signIn } from './support/product';

/** One product with a loopback SMTP server, one browser, for the whole file. */
const received: { to: string[]; data: string }[] = [];
let smtp: SMTPServer;
let server: TestServer;
let browser: Browser;
const HEADER = 'first_name,last_name,email,role,client,region';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', () => done()));
  const port = (smtp.server.address() as { port: number }).port;
  server = await startTestServer({ WEB_DIR: resolve(import.meta.dirname, '../../dist/web'), SMTP_URL: `smtp://127.0.0.1:${port}` });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise<void>((done) => smtp.close(() => done()));
});

async function adminPage(account: string = ACCOUNTS.admin): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, account);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  return page;
}

describe('send notification', () => {
  it('shows §5 messages, then delivers a notification with an attachment over SMTP and shows it as sent', async () => {
    const page = await adminPage();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Send Notification' }).click();
    await page.getByRole('heading', { level: 1, name: 'Send Notification' }).waitFor();
    await page.getByText('No notifications sent yet.').waitFor();
    await page.getByRole('button', { name: 'Send notification' }).click();
    await page.getByText('Subject field is required').waitFor();
    await page.getByText('Content field is required').waitFor();
    await page.getByText('Recipients field is required').waitFor();
    await page.getByLabel('Recipients').fill(`${ACCOUNTS.manager}, not-an-address`);
    await page.getByText('These e-mail addresses are not valid: not-an-address').waitFor();
    await page.getByLabel('Recipients').fill(ACCOUNTS.manager);
    await page
      .getByLabel('Attachment')
      .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByText('Please upload the file with a valid extension: doc, pdf, png, jpg, svg.').waitFor();
    await page.getByLabel('Attachment').setInputFiles({ name: 'desk-guide.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByLabel('Start from an e-mail template (optional)').selectOption({ label: 'Account created' });
    await page.getByLabel('Subject').fill('Your desk set-up guide, {{first_name}}');
    await page.getByLabel('Content').fill('Hello {{first_name}}, the attached guide walks through chair, screen and keyboard set-up.');
    // The template choice resets the form's fields: fill recipients and attachment after it.
    await page.getByLabel('Recipients').fill(ACCOUNTS.manager);
    await page.getByLabel('Attachment').setInputFiles({ name: 'desk-guide.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Send notification' }).click();
    await page.getByText('The notification has been queued for 1 recipient.').waitFor();
    await page.getByRole('button', { name: 'Recipients of Your desk set-up guide, {{first_name}}' }).click();
    await page.getByRole('row', { name: new RegExp(`${ACCOUNTS.manager.replace(/\./g, '\\.')} sent 1`) }).waitFor({ timeout: 15_000 });
    const mail = received.find((r) => r.to.includes(ACCOUNTS.manager));
    expect(mail?.data).toMatch(/Subject: Your desk set-up guide, Maya/);
    expect(mail?.data).toMatch(/filename=desk-guide\.pdf/);
    await page.context().close();
  });
});

describe('CSV user import', () => {
  it('imports a 1,000-row file after checking it', async () => {
    const page = await adminPage();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByText('12 users').waitFor();
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.waitForURL('**/admin/import_users');
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('Import file field is required').waitFor();
    await page.getByLabel('Import file').setInputFiles({ name: 'users.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Only CSV files are allowed.').waitFor();
    const rows = Array.from({ length: 1000 }, (_, i) => `Person${i},Imported,person${i}@northwind.example,Employee,NW01,Europe`);
    await page
      .getByLabel('Import file')
      .setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\r\n')) });
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('1000 users ready to import.').waitFor();
    await page.getByRole('button', { name: 'Import 1000 users' }).click();
    await page.waitForURL('**/admin/all_users');
    await page.getByText('1012 users').waitFor();
    const links = await server.ctx.db
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select((eb) => eb.fn.countAll<string>().as('c'))
      .where('users.last_name', '=', 'Imported')
      .executeTakeFirstOrThrow();
    expect(Number(links.c)).toBe(1000);
    await page.context().close();
  });

  it("rejects the whole file when one row is bad and shows that row's error", async () => {
    const page = await adminPage();
    await page.goto('/admin/import_users');
    const file = [
      HEADER,
      'Ok,One,ok.one@northwind.example,Employee,NW01,',
      'Ok,Two,ok.two@northwind.example,Employee,NW01,',
      `${'L'.repeat(21)},Three,not-an-email,Employee,NW01,`,
    ].join('\n');
    await page.getByLabel('Import file').setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('1 row has problems. Nothing is imported until every row is correct.').waitFor();
    await page
      .getByRole('row', { name: /^4 not-an-email First Name may not be greater than 20 characters; Email must be a valid email address$/ })
      .waitFor();
    expect(await page.getByRole('button', { name: /^Import \d+ users$/ }).count()).toBe(0);
    expect(
      await server.ctx.db.selectFrom('users').select('id').where('email', '=', 'ok.one@northwind.example').executeTakeFirst(),
    ).toBeUndefined();
    await page.context().close();
  });
});

describe('user groups and permissions', () => {
  it('validates and saves a user group, and lists it in the grid', async () => {
    const page = await adminPage();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'User Groups' }).click();
    await page.getByText('No user groups match these filters.').waitFor();
    await page.getByRole('link', { name: 'Add user group' }).click();
    await page.getByRole('button', { name: 'Save group' }).click();
    await page.getByText('Name field is required').waitFor();
    await page.getByText('Client is required').waitFor();
    await page.getByLabel('Name').fill('N'.repeat(51));
    await page.getByText('Name may not be greater than 50 characters').waitFor();
    await page.getByLabel('Name').fill('Hybrid workers');
    await page.getByRole('combobox', { name: /^Client/ }).selectOption({ label: 'Northwind' });
    await page.getByLabel(/^Members/).fill(`${ACCOUNTS.employee}, ${ACCOUNTS.arcadiaEmployee}`);
    await page.getByRole('button', { name: 'Save group' }).click();
    await page.getByText(`These e-mail addresses are not users of this client: ${ACCOUNTS.arcadiaEmployee}`).first().waitFor();
    await page.getByLabel(/^Members/).fill(ACCOUNTS.employee);
    await page.getByRole('button', { name: 'Save group' }).click();
    await page.waitForURL('**/admin/all_user_group');
    await page.getByRole('row', { name: /Hybrid workers Northwind 1/ }).waitFor();
    await page.context().close();
  });

  it('validates and adds a permission, then shows it beside the catalogue', async () => {
    // The permission pages are Super_admin only (SPEC §6), like the roles pages they belong to.
    const page = await adminPage(ACCOUNTS.superAdmin);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Permissions' }).click();
    await page.getByText(`${permissions.length} permissions`).waitFor(); // the whole catalogue
    await page.getByRole('link', { name: 'Add permission' }).click();
    await page.getByRole('button', { name: 'Save permission' }).click();
    await page.getByText('Name field is required').waitFor();
    await page.getByText('Description field is required').waitFor();
    await page.getByLabel('Name').fill('Reports Export');
    await page.getByText('Name may contain lower-case letters, digits and dashes only').waitFor();
    await page.getByLabel('Name').fill('reports-export');
    await page.getByLabel('Description').fill('Export programme reports as CSV');
    await page.getByRole('button', { name: 'Save permission' }).click();
    await page.waitForURL('**/admin/all_permissions');
    await page.getByLabel('Source').selectOption({ label: 'Added here' });
    await page.getByText('1 permission', { exact: true }).waitFor();
    await page.getByRole('row', { name: /reports-export custom Export programme reports as CSV Super Admin Added here/ }).waitFor();
    await page.context().close();
  });
});
