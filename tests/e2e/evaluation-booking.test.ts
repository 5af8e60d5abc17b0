import { resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { png } from '../helpers/images';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { launchBrowser } from './support/browser';
import { signIn } from './support/product';

/** The built product with a loopback SMTP server (smtp-server) that keeps every message it receives. */
const received: { to: string[]; data: string }[] = [];
let smtp: SMTPServer;
let server: TestServer;
let browser: Browser;

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

async function pageFor(email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await signIn(page, email);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  return page;
}

describe('a one-to-one evaluation from request to calendar invitation', () => {
  it('the employee asks with a photo, the evaluator books it from the queue, and the .ics arrives by SMTP', async () => {
    const employee = await pageFor(ACCOUNTS.employee);
    await employee.goto('/user/schedule_eval');
    await employee.getByRole('heading', { name: 'Request a one-to-one evaluation' }).waitFor();
    await employee.getByLabel('Which workstation should the ergonomist look at?').selectOption('Home');
    await employee.getByLabel('Neck: How often in the past week?').selectOption({ label: 'Once every day' });
    await employee.getByLabel('Neck: How uncomfortable?').selectOption({ label: 'Moderately uncomfortable' });
    await employee.getByLabel('When are you available?').fill('Weekday mornings, Paris time');
    expect(await employee.getByLabel('Your time zone').inputValue()).toBe('Europe/Paris');
    await employee
      .getByLabel('Photos of your workstation (optional)')
      .setInputFiles({ name: 'desk.png', mimeType: 'image/png', buffer: png(8, 6) });
    await employee.getByRole('button', { name: 'Request evaluation' }).click();
    await employee.getByText('Thank you. We will e-mail you within two business days to confirm a time.').waitFor();
    const stored = await server.ctx.db
      .selectFrom('evaluation_requests')
      .innerJoin('users', 'users.id', 'evaluation_requests.user_id')
      .select(['evaluation_requests.id', 'evaluation_requests.discomfort', 'evaluation_requests.time_zone'])
      .where('users.email', '=', ACCOUNTS.employee)
      .where('evaluation_requests.status', '=', 'requested')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ time_zone: 'Europe/Paris', discomfort: { neck: { frequency: 3, discomfort: 2, interference: 0 } } });
    await employee.locator(`li[data-request-id="${stored.id}"]`).getByText('Waiting for an ergonomist').waitFor();

    const evaluator = await pageFor(ACCOUNTS.evaluator);
    await evaluator.goto('/user/evaluator');
    // The queue grid's row of this request (manifest/grids/evaluator_queue.yaml); its Book button opens the form.
    const row = evaluator.locator(`.grid-row[data-row-id="${stored.id}"]`);
    await row.getByText('(1 photo)').waitFor();
    await row.getByText(/0 business days/).waitFor();
    await row.getByRole('button', { name: 'Book Erin Walsh' }).click();
    const form = evaluator.getByRole('form', { name: `Book the meeting of request ${stored.id}` });
    await form.getByLabel('Meeting time').fill('2099-03-02T10:00');
    await form.getByLabel('Video link').fill('https://meet.example/erin-walsh');
    await form.getByRole('button', { name: 'Claim and book' }).click();
    await evaluator.getByText('The meeting with Erin Walsh is booked and the invitation sent.').waitFor();
    await expect.poll(() => received.filter((m) => m.to.includes(ACCOUNTS.employee)).length, { timeout: 20_000 }).toBe(1);
    // Header lines may be folded (RFC 5322 §2.2.3); unfold before reading them.
    const mail = received.find((m) => m.to.includes(ACCOUNTS.employee))!.data.replace(/\r?\n[ \t]+/g, ' ');
    console.log(`SMTP messages received: ${received.length}`);
    expect(mail).toMatch(/Subject: Your ergonomics evaluation is booked for Monday,? 2 March 2099 at 10:00/);
    expect(mail).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const raw = received.find((m) => m.to.includes(ACCOUNTS.employee))!.data;
    const base64 = /Content-Disposition: attachment; filename=evaluation\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
    expect(base64).not.toBeNull();
    // RFC 5545 §3.1: long content lines are folded with CRLF and one space or tab.
    const ics = Buffer.from(base64![1].replace(/\s+/g, ''), 'base64')
      .toString('utf8')
      .replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART:20990302T090000Z');
    expect(ics).toMatch(/ATTENDEE;[^\r\n]*:mailto:employee@northwind\.example/i);

    await employee.reload();
    const mine = employee.locator(`li[data-request-id="${stored.id}"]`);
    await mine.getByText('Booked').waitFor();
    expect(await mine.getByRole('link', { name: 'join' }).getAttribute('href')).toBe('https://meet.example/erin-walsh');
    await employee.context().close();
    await evaluator.context().close();
  }, 120_000);
});
