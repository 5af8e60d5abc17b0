/**
 * SPEC §1, the one-to-one evaluation from end to end through the real UI, each person in their own
 * browser context: the employee asks with a photo, the evaluator books it (the .ics invitation reaches
 * a loopback SMTP server), writes the report, the second ergonomist sends it back and then passes it,
 * the programme manager approves, the employee reads it in My Reports and downloads the PDF, the
 * follow-up e-mail comes due and is answered, and the manager reads the answer on Follow-Up Feedback.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { SMTPServer } from 'smtp-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { pdfText } from '../helpers/assessment';
import { png } from '../helpers/images';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { runDueJobs } from '../../src/server/jobs/job-runner';
import { followUpJob, followUpKey } from '../../src/server/domain/evaluations/follow-up';
import { launchBrowser } from './support/browser';
import { signIn } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

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

async function pageFor(email: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, timezoneId: 'Europe/Paris', acceptDownloads: true, viewport });
  const page = await context.newPage();
  await signIn(page, email);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  return page;
}

async function expectNoSeriousAxe(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** Header lines may be folded (RFC 5322 §2.2.3); unfold before reading them. */
const unfolded = (m: { data: string }) => m.data.replace(/\r?\n[ \t]+/g, ' ');
const status = (page: Page) => page.getByTestId('report-status');
const FOOTREST_HOME = 'Keep the footrest under the desk at home as well.';
const COMMENT = 'The footrest helps; I still lean forward in the afternoon.';

describe('the one-to-one evaluation story', () => {
  it('request with a photo → booking and .ics → report → review and re-review → approval → My Reports and PDF → follow-up answered → manager reads it', async () => {
    // Northwind's programme approves its reports before employees see them (SPEC §1 client approval).
    const northwind = await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow();
    await server.ctx.db.updateTable('clients').set({ evaluation_approval_required: true }).where('id', '=', northwind.id).execute();

    // 1. The employee asks for an evaluation, with a photo of the workstation.
    const employee = await pageFor(ACCOUNTS.employee);
    await employee.goto('/user/schedule_eval');
    await employee.getByRole('heading', { level: 1, name: 'Request a one-to-one evaluation' }).waitFor();
    await employee.getByLabel('Which workstation should the ergonomist look at?').selectOption('Home');
    await employee.getByLabel('Neck: How often in the past week?').selectOption({ label: 'Once every day' });
    await employee.getByLabel('Neck: How uncomfortable?').selectOption({ label: 'Moderately uncomfortable' });
    await employee.getByLabel('When are you available?').fill('Weekday mornings, Paris time');
    expect(await employee.getByLabel('Your time zone').inputValue()).toBe('Europe/Paris');
    await employee
      .getByLabel('Photos of your workstation (optional)')
      .setInputFiles({ name: 'desk.png', mimeType: 'image/png', buffer: png(8, 6) });
    await expectNoSeriousAxe(employee, 'schedule_eval');
    await employee.getByRole('button', { name: 'Request evaluation' }).click();
    await employee.getByText('Thank you. We will e-mail you within two business days to confirm a time.').waitFor();
    const request = await server.ctx.db
      .selectFrom('evaluation_requests')
      .innerJoin('users', 'users.id', 'evaluation_requests.user_id')
      .select(['evaluation_requests.id'])
      .where('users.email', '=', ACCOUNTS.employee)
      .where('evaluation_requests.status', '=', 'requested')
      .executeTakeFirstOrThrow();
    await employee.locator(`li[data-request-id="${request.id}"]`).getByText('Waiting for an ergonomist').waitFor();

    // 2. The evaluator assigned to Northwind books it from the queue; the invitation goes out by SMTP.
    const author = await pageFor(ACCOUNTS.evaluator);
    await author.goto('/user/evaluator');
    const queued = author.locator(`.grid-row[data-row-id="${request.id}"]`);
    await queued.getByText('(1 photo)').waitFor();
    await expectNoSeriousAxe(author, 'evaluator');
    // The row's Book button opens the booking form and moves the focus to it; the keyboard books it.
    await queued.getByRole('button', { name: 'Book Erin Walsh' }).press('Enter');
    const form = author.getByRole('form', { name: `Book the meeting of request ${request.id}` });
    await expect.poll(() => author.evaluate(() => document.activeElement?.id)).toBe('queue-booking-heading');
    await form.getByLabel('Meeting time').fill('2099-03-02T10:00');
    await form.getByLabel('Video link').fill('https://meet.example/erin-walsh');
    await form.getByRole('button', { name: 'Claim and book' }).click();
    await author.getByText('The meeting with Erin Walsh is booked and the invitation sent.').waitFor();
    const toEmployee = () => received.filter((m) => m.to.includes(ACCOUNTS.employee));
    await expect.poll(() => toEmployee().length, { timeout: 20_000 }).toBe(1);
    const invitation = toEmployee()[0];
    expect(unfolded(invitation)).toMatch(/Subject: Your ergonomics evaluation is booked for Monday,? 2 March 2099 at 10:00/);
    expect(unfolded(invitation)).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const base64 = /Content-Disposition: attachment; filename=evaluation\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(invitation.data);
    expect(base64).not.toBeNull();
    // RFC 5545 §3.1: long content lines are folded with CRLF and one space or tab.
    const ics = Buffer.from(base64![1].replace(/\s+/g, ''), 'base64')
      .toString('utf8')
      .replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(/END:VCALENDAR\r?\n?$/);
    expect(ics).toContain('METHOD:REQUEST');
    // 10:00 in Paris on 2 March (CET, UTC+1) is 09:00 UTC.
    expect(ics).toContain('DTSTART:20990302T090000Z');
    expect(ics).toContain('https://meet.example/erin-walsh');
    expect(ics).toMatch(/ATTENDEE;[^\r\n]*:mailto:employee@northwind\.example/i);
    await employee.reload();
    const mine = employee.locator(`li[data-request-id="${request.id}"]`);
    await mine.getByText('Booked').waitFor();
    expect(await mine.getByRole('link', { name: 'join' }).getAttribute('href')).toBe('https://meet.example/erin-walsh');

    // 3. After the meeting the evaluator writes the report from the booked meeting and submits it.
    await author.reload();
    await author.getByRole('heading', { name: 'Your booked meetings' }).waitFor();
    await author
      .locator(`li[data-request-id="${request.id}"]`)
      .getByRole('link', { name: /Write the report/ })
      .click();
    // The page shows the request; only its button starts the report (opening it changes nothing).
    await author.getByRole('button', { name: 'Start the evaluation' }).click();
    await author.getByRole('heading', { level: 1, name: /New Evaluation: / }).waitFor();
    await author.waitForURL(/\?evaluation=\d+/);
    const id = Number(new URL(author.url()).searchParams.get('evaluation'));
    expect(await status(author).textContent()).toBe('Draft');
    await author.getByLabel('Seat height', { exact: true }).selectOption({ label: 'Feet do not reach the floor' });
    await author.getByLabel('Time seated in this chair').selectOption({ label: 'More than 4 hours a day' });
    await author.getByLabel('Notes on the chair').fill('Feet dangle; we lowered the seat two notches together.');
    await author.getByLabel('From the catalogue').selectOption({ label: 'Use a footrest' });
    await author.getByRole('button', { name: 'Add from catalogue' }).click();
    await author.getByLabel('Your own recommendation').fill(FOOTREST_HOME);
    await author.getByRole('button', { name: 'Add your own' }).click();
    await expect.poll(() => author.getByTestId('save-status').textContent(), { timeout: 15_000 }).toBe('Saved');
    await author.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => status(author).textContent(), { timeout: 15_000 }).toBe('In Review');

    // 4. The second ergonomist sends it back for re-review with a comment.
    const reviewer = await pageFor(ACCOUNTS.evaluator2);
    await reviewer.goto('/user/evaluator');
    await reviewer.getByRole('heading', { name: 'Reports waiting for review' }).waitFor();
    await reviewer
      .locator(`li[data-evaluation-id="${id}"]`)
      .getByRole('link', { name: /Review/ })
      .click();
    await reviewer.waitForURL(`**/user/editsurvey/${id}`);
    await reviewer.getByRole('heading', { level: 1, name: /Review report: / }).waitFor();
    expect(await status(reviewer).textContent()).toBe('In Review');
    await reviewer.getByLabel(/Reason to “Send back for re-review”/).fill('Add the monitor height you measured.');
    await reviewer.getByRole('button', { name: 'Send back for re-review' }).click();
    await expect.poll(() => status(reviewer).textContent(), { timeout: 15_000 }).toBe('Re-Review');
    await expectNoSeriousAxe(reviewer, 'editsurvey');

    // 5. The author reads the comment, fixes the report and resubmits.
    await author.goto('/user/evaluator');
    await author
      .locator(`li[data-evaluation-id="${id}"]`)
      .getByRole('link', { name: /Continue writing/ })
      .click();
    await author.getByText('Add the monitor height you measured.').waitFor();
    expect(await status(author).textContent()).toBe('Re-Review');
    await author.getByLabel('Screen height').selectOption({ label: 'Too low: head bent forward' });
    await expect.poll(() => author.getByTestId('save-status').textContent(), { timeout: 15_000 }).toBe('Saved');
    await author.getByRole('button', { name: 'Resubmit for review' }).click();
    await expect.poll(() => status(author).textContent(), { timeout: 15_000 }).toBe('In Review');

    // 6. The reviewer passes it and sends it to the client for approval.
    await reviewer.goto(`/user/editsurvey/${id}`);
    await reviewer.getByRole('heading', { level: 1, name: /Review report: / }).waitFor();
    for (const [action, next] of [
      ['Mark reviewed', 'Evaluator Reviewed'],
      ['Pass quality check', 'Evaluator QC Reviewed'],
      ['Send to the client for approval', 'Pending Client Approval'],
    ]) {
      await reviewer.getByRole('button', { name: action }).click();
      await expect.poll(() => status(reviewer).textContent(), { timeout: 15_000 }).toBe(next);
    }

    // 7. The programme manager approves it on /user/editclientreport/:url.
    const manager = await pageFor(ACCOUNTS.manager);
    await manager.goto('/user/editclientreport/pending');
    await manager.getByRole('heading', { name: 'Reports waiting for your approval' }).waitFor();
    await manager.locator(`tr[data-evaluation-id="${id}"]`).getByRole('link', { name: /Open/ }).click();
    await manager.getByRole('heading', { level: 1, name: /Approve report: / }).waitFor();
    expect(await status(manager).textContent()).toBe('Pending Client Approval');
    await manager.getByText('Use a footrest.').waitFor();
    await expectNoSeriousAxe(manager, 'editclientreport');
    await manager.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => status(manager).textContent(), { timeout: 15_000 }).toBe('Finalized');

    // 8. The employee reads the finalized report in My Reports and downloads its PDF.
    const { report_token: token } = await server.ctx.db
      .selectFrom('evaluations')
      .select('report_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await employee.goto('/user/my-reports');
    const reportLink = employee.locator(`a[href$="/${token}"]`);
    expect(await reportLink.textContent()).toBe('1:1 evaluation (Home)');
    await reportLink.click();
    await employee.getByRole('heading', { level: 1, name: 'One-to-one ergonomics evaluation' }).waitFor();
    await employee.getByText(FOOTREST_HOME).waitFor();
    await expectNoSeriousAxe(employee, 'evaluation report');
    const [download] = await Promise.all([
      employee.waitForEvent('download'),
      employee.getByRole('link', { name: 'Download the PDF' }).click(),
    ]);
    const text = pdfText(readFileSync((await download.path())!)).replace(/\s+/g, ' ');
    expect(text).toContain('Summary-Report');
    expect(text).toContain(FOOTREST_HOME);
    expect(text).toContain('Erin Walsh');

    // 9. The follow-up comes due: its job is moved to now and the job runner runs it; the e-mail arrives.
    const moved = await server.ctx.db
      .updateTable('scheduled_jobs')
      .set({ run_at: server.ctx.now() })
      .where('dedupe_key', '=', followUpKey(id))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBe(1);
    await runDueJobs(server.ctx, [followUpJob]);
    const isFollowUp = (m: { to: string[]; data: string }) =>
      m.to.includes(ACCOUNTS.employee) && unfolded(m).includes('How are the changes from your ergonomics evaluation going?');
    await expect.poll(() => received.filter(isFollowUp).length, { timeout: 30_000 }).toBe(1);
    const link = /\/user\/follow-up\/(\d+)/.exec(received.find(isFollowUp)!.data.replace(/=\r?\n/g, ''));
    expect(link).not.toBeNull();

    // 10. The employee answers it from My Reports.
    await employee.goto('/user/my-reports');
    await employee.getByRole('heading', { name: 'Follow-ups waiting for you' }).waitFor();
    await employee.getByRole('link', { name: /Answer the follow-up of your .* evaluation \(Home\)/ }).click();
    await employee.waitForURL(`**/user/follow-up/${link![1]}`);
    await employee.getByRole('heading', { level: 1, name: 'Evaluation follow-up' }).waitFor();
    await employee.getByLabel('Neck: How often in the past week?').waitFor();
    await expectNoSeriousAxe(employee, 'follow-up');
    await employee.getByRole('group', { name: /^1\. / }).getByLabel('Done', { exact: true }).check();
    await employee
      .getByRole('group', { name: `2. ${FOOTREST_HOME}` })
      .getByLabel('In progress')
      .check();
    await employee.getByLabel('Neck: How often in the past week?').selectOption({ index: 1 });
    await employee.getByLabel('Anything else you would like your ergonomist to know?').fill(COMMENT);
    await employee.getByRole('button', { name: 'Send my answers' }).click();
    await employee.getByText('Thank you. Your follow-up has been recorded').waitFor();

    // 11. The programme manager reads the answer on Follow-Up Feedback.
    await manager.goto('/user/follow-up-feedback');
    await manager.getByRole('heading', { level: 1, name: 'Follow-Up Feedback' }).waitFor();
    await manager.getByLabel('State', { exact: true }).selectOption({ label: 'Answered' });
    await manager.getByText(COMMENT).waitFor();
    await manager.getByText(`In progress: ${FOOTREST_HOME}`, { exact: false }).first().waitFor();
    await expectNoSeriousAxe(manager, 'follow-up-feedback');

    for (const p of [employee, author, reviewer, manager]) await p.context().close();
  }, 300_000);
});
