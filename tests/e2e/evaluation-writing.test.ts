import AxeBuilder from '@axe-core/playwright';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { launchBrowser } from './support/browser';
import { signIn } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

/** SPEC §1–§3: an evaluation report written, reviewed by a second ergonomist and approved by the client. */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ WEB_DIR: resolve(import.meta.dirname, '../../dist/web') });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function pageFor(email: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
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

const status = (page: Page) => page.getByTestId('report-status');

describe('writing, reviewing and approving an evaluation report', () => {
  it('the evaluator writes from a booked meeting, the draft survives a reload, the reviewer sends it back, then passes it, and the manager approves', async () => {
    const northwind = await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow();
    await server.ctx.db.updateTable('clients').set({ evaluation_approval_required: true }).where('id', '=', northwind.id).execute();
    const booked = await server.ctx.db
      .selectFrom('evaluation_requests')
      .select('id')
      .where('status', '=', 'scheduled')
      .executeTakeFirstOrThrow();

    // The evaluator opens the booked meeting from their dashboard and starts the report.
    const author = await pageFor(ACCOUNTS.evaluator);
    await author.goto('/user/evaluator');
    await author.getByRole('heading', { name: 'Your booked meetings' }).waitFor();
    await author
      .locator(`li[data-request-id="${booked.id}"]`)
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
    await author.getByLabel('Your own recommendation').fill('Keep the footrest under the desk at home as well.');
    await author.getByRole('button', { name: 'Add your own' }).click();
    await expect.poll(() => author.getByTestId('save-status').textContent(), { timeout: 15_000 }).toBe('Saved');
    await expectNoSeriousAxe(author, 'new-evaluation');

    await author.reload();
    await author.getByRole('heading', { level: 1, name: /New Evaluation: / }).waitFor();
    expect(await author.getByLabel('Notes on the chair').inputValue()).toBe('Feet dangle; we lowered the seat two notches together.');
    await author.getByText('Use a footrest.').waitFor();
    await author.getByText('Keep the footrest under the desk at home as well.').waitFor();
    const drafts = await server.ctx.db.selectFrom('evaluations').select('id').where('request_id', '=', booked.id).execute();
    expect(drafts).toEqual([{ id }]);
    const stored = await server.ctx.db
      .selectFrom('evaluations')
      .select(['rosa', 'observations'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((stored.rosa as { inputs: { seatHeight: number } }).inputs.seatHeight).toBe(3);
    await author.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => status(author).textContent(), { timeout: 15_000 }).toBe('In Review');

    // The second ergonomist finds it in the review queue and sends it back with a comment.
    const reviewer = await pageFor(ACCOUNTS.evaluator2);
    await reviewer.goto('/user/evaluator');
    await reviewer.getByRole('heading', { name: 'Reports waiting for review' }).waitFor();
    await reviewer
      .locator(`li[data-evaluation-id="${id}"]`)
      .getByRole('link', { name: /Review/ })
      .click();
    await reviewer.getByRole('heading', { level: 1, name: /Review report: / }).waitFor();
    expect(await status(reviewer).textContent()).toBe('In Review');
    await reviewer.getByRole('button', { name: 'Send back for re-review' }).click();
    await reviewer.getByText('Write the reason first.').waitFor();
    await reviewer.getByLabel(/Reason to “Send back for re-review”/).fill('Add the monitor height you measured.');
    await reviewer.getByRole('button', { name: 'Send back for re-review' }).click();
    await expect.poll(() => status(reviewer).textContent(), { timeout: 15_000 }).toBe('Re-Review');
    await expectNoSeriousAxe(reviewer, 'editsurvey');

    // The author sees the comment, fixes the report and resubmits.
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

    // The reviewer passes it and sends it to the client, who approves reports.
    await reviewer.goto(`/user/editsurvey/${id}`);
    for (const [action, next] of [
      ['Mark reviewed', 'Evaluator Reviewed'],
      ['Pass quality check', 'Evaluator QC Reviewed'],
      ['Send to the client for approval', 'Pending Client Approval'],
    ]) {
      await reviewer.getByRole('button', { name: action }).click();
      await expect.poll(() => status(reviewer).textContent(), { timeout: 15_000 }).toBe(next);
    }
    await reviewer.getByRole('cell', { name: 'Add the monitor height you measured.' }).waitFor();

    // The programme manager finds it among the reports waiting for approval, on a phone, and approves.
    const manager = await pageFor(ACCOUNTS.manager, { width: 390, height: 844 });
    await manager.goto('/user/editclientreport/pending');
    await manager.getByRole('heading', { name: 'Reports waiting for your approval' }).waitFor();
    await expectNoSeriousAxe(manager, 'editclientreport list');
    await manager.locator(`tr[data-evaluation-id="${id}"]`).getByRole('link', { name: /Open/ }).click();
    await manager.getByRole('heading', { level: 1, name: /Approve report: / }).waitFor();
    expect(await status(manager).textContent()).toBe('Pending Client Approval');
    await manager.getByText('Use a footrest.').waitFor();
    await expectNoSeriousAxe(manager, 'editclientreport');
    await manager.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => status(manager).textContent(), { timeout: 15_000 }).toBe('Finalized');
    const row = await server.ctx.db
      .selectFrom('evaluations')
      .select(['status', 'finalized_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('finalized');
    expect(row.finalized_at).not.toBeNull();
    for (const p of [author, reviewer, manager]) await p.context().close();
  }, 240_000);
});
