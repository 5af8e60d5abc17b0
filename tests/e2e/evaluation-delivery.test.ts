/**
 * SPEC §1 end of the one-to-one evaluation: a report finalized through the real calls shows in the
 * employee's My Reports, opens, and its Summary-Report PDF downloads (read back with pdftotext); when
 * the follow-up comes due its e-mail reaches a loopback SMTP server, the employee answers from My
 * Reports, and the programme manager's call returns the answer.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { signedInAgent } from '../helpers/agent';
import { pdfText } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { runDueJobs } from '../../src/server/jobs/job-runner';
import { followUpJob } from '../../src/server/domain/evaluations/follow-up';
import { launchBrowser } from './support/browser';
import { signIn } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

const received: { to: string[]; data: string }[] = [];
let smtp: SMTPServer;
let server: TestServer;
let browser: Browser;
const RISER = 'Raise the top of the screen to eye height on a monitor riser.';

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

/** Elements that stick out to the right of the viewport (WCAG 2.2 SC 1.4.10 reflow at 320 CSS px). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => {
        if (e.getBoundingClientRect().right <= window.innerWidth + 1 || getComputedStyle(e).position === 'fixed') return false;
        // Inside a region that scrolls on its own (a wide table, the sidebar's strip of links) is fine.
        for (let up = e.parentElement; up && up !== document.body; up = up.parentElement)
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(up).overflowX)) return false;
        return true;
      })
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
  );

/** Serious or critical accessibility problems axe finds on the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options(AXE_OPTIONS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function pageFor(email: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true, viewport });
  const page = await context.newPage();
  await signIn(page, email);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  return page;
}

describe('evaluation delivery and follow-up', () => {
  it('the finalized report reaches My Reports with its PDF; the follow-up e-mail arrives, is answered, and the manager reads the answer', async () => {
    // The report, written, reviewed and finalized through the real calls.
    const employeeId = (
      await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.employee).executeTakeFirstOrThrow()
    ).id;
    const author = await signedInAgent(server.url, ACCOUNTS.evaluator, PASSWORD);
    const reviewer = await signedInAgent(server.url, ACCOUNTS.evaluator2, PASSWORD);
    const { id, version } = (await author.post('/evaluations', { employee_id: employeeId, work_area: 'Lab' })).data as {
      id: number;
      version: number;
    };
    expect(
      (
        await author.post(`/evaluations/${id}`, {
          version,
          observations: { posture: 'Leans over the bench; microscope eyepieces too low.' },
          recommendations: [
            { catalogue_key: 'chair.adjust_height', priority: 'high' },
            { text: RISER, priority: 'medium' },
          ],
        })
      ).status,
    ).toBe(200);
    for (const [agent, transition] of [
      [author, 'submit'],
      [reviewer, 'review'],
      [reviewer, 'pass_qc'],
      [reviewer, 'finalize'],
    ] as const) {
      expect((await agent.post(`/evaluations/${id}/transitions`, { transition })).status, transition).toBe(200);
    }

    const employee = await pageFor(ACCOUNTS.employee);
    await employee.goto('/user/my-reports');
    await employee.getByRole('link', { name: '1:1 evaluation (Lab)' }).click();
    await employee.getByRole('heading', { level: 1, name: 'One-to-one ergonomics evaluation' }).waitFor();
    await employee.getByText(RISER).waitFor();
    await employee.getByText('Adjust the seat height').waitFor();
    expect(await seriousViolations(employee)).toEqual([]);
    const [download] = await Promise.all([
      employee.waitForEvent('download'),
      employee.getByRole('link', { name: 'Download the PDF' }).click(),
    ]);
    const text = pdfText(readFileSync((await download.path())!)).replace(/\s+/g, ' ');
    expect(text).toContain('Summary-Report');
    expect(text).toContain(RISER);
    expect(text).toContain('Erin Walsh');
    const audited = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `evaluation:${id}`)
      .where('action', '=', 'report.downloaded')
      .execute();
    expect(audited).toHaveLength(1);

    // 30 days later (Northwind's follow_up_days) the follow-up job runs and the e-mail goes out by SMTP.
    server.advance(31 * 86_400_000);
    await runDueJobs(server.ctx, [followUpJob]);
    const isFollowUp = (m: { to: string[]; data: string }) =>
      m.to.includes(ACCOUNTS.employee) &&
      m.data.replace(/\r?\n[ \t]+/g, ' ').includes('How are the changes from your ergonomics evaluation going?');
    await expect.poll(() => received.filter(isFollowUp).length, { timeout: 30_000 }).toBe(1);
    const body = received.find(isFollowUp)!.data.replace(/=\r?\n/g, '');
    const link = /\/user\/follow-up\/(\d+)/.exec(body);
    expect(link).not.toBeNull();

    // The old session has expired with the clock; the employee signs in again and answers from My Reports.
    const later = await pageFor(ACCOUNTS.employee, { width: 390, height: 844 });
    await later.goto('/user/my-reports');
    await later.getByRole('heading', { name: 'Follow-ups waiting for you' }).waitFor();
    await later.getByRole('link', { name: /Answer the follow-up of your .* evaluation \(Lab\)/ }).click();
    await later.waitForURL(`**/user/follow-up/${link![1]}`);
    await later.getByRole('heading', { level: 1, name: 'Evaluation follow-up' }).waitFor();
    await later.getByLabel('Neck: How often in the past week?').waitFor();
    expect(await seriousViolations(later)).toEqual([]);
    // At phone width nothing scrolls sideways (WCAG 2.2 SC 1.4.10).
    expect(await overflowing(later)).toEqual([]);
    await later.getByRole('group', { name: '1. Adjust the seat height' }).getByLabel('Done', { exact: true }).check();
    await later
      .getByRole('group', { name: `2. ${RISER}` })
      .getByLabel('In progress')
      .check();
    await later.getByLabel('Neck: How often in the past week?').selectOption({ index: 1 });
    await later
      .getByLabel('Anything else you would like your ergonomist to know?')
      .fill('The new chair is much better; the riser is on order.');
    await later.getByRole('button', { name: 'Send my answers' }).click();
    await later.getByText('Thank you. Your follow-up has been recorded').waitFor();

    const manager = await signedInAgent(server.url, ACCOUNTS.manager, PASSWORD);
    const clientId = (await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow())
      .id;
    const list = await manager.get(`/clients/${clientId}/follow-ups`);
    expect(list.status).toBe(200);
    const mine = (
      list.data as {
        follow_ups: {
          id: string;
          answers: { recommendations: { status: string }[]; comment: string; discomfort: Record<string, unknown> } | null;
        }[];
      }
    ).follow_ups.find((f) => f.id === link![1]);
    expect(mine?.answers?.recommendations.map((r) => r.status)).toEqual(['done', 'in_progress']);
    expect(mine?.answers?.comment).toBe('The new chair is much better; the riser is on order.');
    expect(Object.keys(mine?.answers?.discomfort ?? {})).toEqual(['neck']);
  });

  it("a Spanish-speaking employee reads the report in Spanish: headings, observations by their labels and the catalogue recommendation; the evaluator's own words stay as written", async () => {
    const employeeId = (
      await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.employee).executeTakeFirstOrThrow()
    ).id;
    const author = await signedInAgent(server.url, ACCOUNTS.evaluator, PASSWORD);
    const reviewer = await signedInAgent(server.url, ACCOUNTS.evaluator2, PASSWORD);
    const { id, version } = (await author.post('/evaluations', { employee_id: employeeId, work_area: 'Home' })).data as {
      id: number;
      version: number;
    };
    const recommendations = [
      { catalogue_key: 'chair.footrest', priority: 'high' },
      { text: RISER, priority: 'low' },
    ];
    const observations = { 'chair.seat_height': 'feet_unsupported', 'chair.legroom': 'no' };
    expect((await author.post(`/evaluations/${id}`, { version, observations, recommendations })).status).toBe(200);
    for (const [agent, transition] of [
      [author, 'submit'],
      [reviewer, 'review'],
      [reviewer, 'pass_qc'],
      [reviewer, 'finalize'],
    ] as const)
      expect((await agent.post(`/evaluations/${id}/transitions`, { transition })).status, transition).toBe(200);
    const { report_token: token } = await server.ctx.db
      .selectFrom('evaluations')
      .select('report_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

    const employee = await pageFor(ACCOUNTS.employee);
    const { language } = await server.ctx.db.selectFrom('users').select('language').where('id', '=', employeeId).executeTakeFirstOrThrow();
    await server.ctx.db.updateTable('users').set({ language: 'es' }).where('id', '=', employeeId).execute();
    try {
      await employee.goto(`/user/my-reports/evaluation/${token}`);
      const list = employee.locator('section[aria-labelledby="recommendations-heading"]');
      await list.getByText('Usa un reposapiés').waitFor();
      await list
        .getByText('apoya los pies en un reposapiés para que el borde del asiento no presione los muslos', { exact: false })
        .waitFor();
      await list.getByText(RISER).waitFor();
      expect(await list.getByText('Use a footrest').count()).toBe(0);
      expect(await employee.locator('article.report-page').getAttribute('lang')).toBe('es');
      // The report's headings and the observations in Spanish too, each answer by its option's label.
      await employee.getByRole('heading', { level: 1, name: 'Evaluación ergonómica individual' }).waitFor();
      await employee.getByRole('heading', { level: 2, name: 'Recomendaciones' }).waitFor();
      const observed = employee.locator('section[aria-labelledby="observations-heading"]');
      await observed.getByRole('heading', { level: 2, name: 'Observaciones de la evaluación' }).waitFor();
      const chair = observed.getByRole('region', { name: 'Silla' });
      await chair.getByRole('heading', { level: 3, name: 'Silla' }).waitFor();
      await chair.getByRole('term').filter({ hasText: 'Altura del asiento' }).waitFor();
      await chair.getByRole('definition').filter({ hasText: 'Los pies no llegan al suelo' }).waitFor();
      await chair.getByRole('definition').filter({ hasText: /^No$/ }).waitFor();
      await list.getByText('Prioridad alta', { exact: false }).waitFor();
      await employee.getByText('Puesto de trabajo: En casa').waitFor();
      const article = await employee.locator('article.report-page').innerText();
      for (const raw of ['feet_unsupported', 'Seat height', 'Recommendations', 'What the ergonomist observed'])
        expect(article, raw).not.toContain(raw);
    } finally {
      await server.ctx.db.updateTable('users').set({ language }).where('id', '=', employeeId).execute();
      await employee.context().close();
    }
  });

  it('the staff-assignments page assigns and removes with the keyboard at phone width, audited', async () => {
    const admin = await pageFor(ACCOUNTS.admin, { width: 390, height: 844 });
    await admin.goto('/admin/staff_assignments');
    await admin.getByRole('heading', { level: 1, name: 'Staff Assignments' }).waitFor();
    await admin
      .getByRole('button', { name: /^Remove / })
      .first()
      .waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    expect(await overflowing(admin)).toEqual([]);
    // Remove evaluator2 from Contoso, then assign again, by keyboard.
    admin.once('dialog', (d) => void d.accept());
    await admin.getByLabel('Filter by name, e-mail or client').fill('contoso');
    const remove = admin.getByRole('button', { name: `Remove ${ACCOUNTS.evaluator2} from Contoso` });
    await remove.focus();
    await admin.keyboard.press('Enter');
    await admin.getByText('The assignment has been removed.').first().waitFor();
    await admin.getByLabel('Evaluator or client manager').focus();
    await admin.getByLabel('Evaluator or client manager').selectOption({ label: `Priya Raman (${ACCOUNTS.evaluator2}, Evaluator)` });
    // The form's label carries its required mark (manifest/forms/staff-assignment.yaml).
    const client = admin.getByLabel(/^Client\W*$/);
    await client.selectOption({ label: 'Contoso' });
    await client.press('Tab');
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('Assign');
    await admin.keyboard.press('Enter');
    await admin.getByText(`${ACCOUNTS.evaluator2} now serves Contoso.`).first().waitFor();
    const rows = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['staff.assigned', 'staff.unassigned'])
      .where('actor_email', '=', ACCOUNTS.admin)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['staff.unassigned', 'staff.assigned']);
  });
});
