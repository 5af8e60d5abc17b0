import AxeBuilder from '@axe-core/playwright';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { launchBrowser } from './support/browser';
import { signIn } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

/**
 * SPEC §2 /user/evaluator: the evaluator's inbox. Its sections show with the server's counts, a row
 * leads to its next action, and opening any of its links in a new page changes nothing in the
 * database: starting and booking are buttons.
 */
let server: TestServer;
let browser: Browser;
let ids: Record<string, number>;
const HOUR = 3_600_000;

async function request(employee: string, client: string, extra: Record<string, unknown> = {}) {
  const row = await server.ctx.db
    .insertInto('evaluation_requests')
    .values({
      user_id: ids[employee]!,
      client_id: ids[client]!,
      preferred_times: 'Weekday mornings',
      notes: 'Standing desk',
      work_area: 'Office',
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function report(author: string, client: string, employee: string, status: string) {
  const row = await server.ctx.db
    .insertInto('evaluations')
    .values({ client_id: ids[client]!, employee_id: ids[employee]!, evaluator_id: ids[author]!, status, work_area: 'Home' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer({ WEB_DIR: resolve(import.meta.dirname, '../../dist/web') });
  browser = await launchBrowser();
  const users = await server.ctx.db.selectFrom('users').select(['id', 'email']).execute();
  const clients = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  ids = { ...Object.fromEntries(users.map((u) => [u.email, u.id])), ...Object.fromEntries(clients.map((c) => [c.company_code, c.id])) };
  for (let i = 0; i < 3; i++) await request(ACCOUNTS.employee, 'NW01');
  const meeting = (hours: number) => ({
    status: 'scheduled' as const,
    evaluator_id: ids[ACCOUNTS.evaluator]!,
    scheduled_at: new Date(Date.now() + hours * HOUR),
    meeting_url: 'https://meet.example/inbox',
  });
  await request(ACCOUNTS.employee, 'NW01', meeting(-1));
  await request(ACCOUNTS.arcadiaEmployee, 'a45', meeting(50));
  for (let i = 0; i < 12; i++) await report(ACCOUNTS.evaluator, 'NW01', ACCOUNTS.employee, 'draft');
  await report(ACCOUNTS.evaluator, 'a45', ACCOUNTS.arcadiaEmployee, 're_review');
  await report(ACCOUNTS.evaluator2, 'NW01', ACCOUNTS.employee, 'in_review');
  await report(ACCOUNTS.evaluator2, 'a45', ACCOUNTS.arcadiaEmployee, 'evaluator_reviewed');
  await report(ACCOUNTS.evaluator, 'NW01', ACCOUNTS.employee, 'in_review');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function pageFor(email: string, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport, timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await signIn(page, email);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  return page;
}

/** Every request's and report's state: what a link must never change. */
async function snapshot() {
  const [requests, reports] = await Promise.all([
    server.ctx.db
      .selectFrom('evaluation_requests')
      .select(['id', 'status', 'evaluator_id', 'scheduled_at', 'updated_at'])
      .orderBy('id')
      .execute(),
    server.ctx.db.selectFrom('evaluations').select(['id', 'status', 'version', 'evaluator_id', 'updated_at']).orderBy('id').execute(),
  ]);
  return JSON.stringify({ requests, reports });
}

describe('the evaluator inbox', () => {
  it('shows each section with its count, pages it, and a row leads to its next action', async () => {
    const page = await pageFor(ACCOUNTS.evaluator);
    await page.goto('/user/evaluator');
    const counts = page.getByRole('navigation', { name: 'What is waiting for you' });
    await counts.waitFor();
    for (const name of [
      'Your booked meetings',
      'Sent back to you',
      'Reports waiting for review',
      'Your drafts',
      'Requests waiting for an ergonomist',
    ])
      await page.getByRole('heading', { level: 2, name }).waitFor();
    const drafts = page.locator('#inbox-drafts');
    const mine = await server.ctx.db
      .selectFrom('evaluations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('evaluator_id', '=', ids[ACCOUNTS.evaluator]!)
      .where('status', '=', 'draft')
      .executeTakeFirstOrThrow();
    const total = Number(mine.n);
    expect(total).toBeGreaterThanOrEqual(12);
    await page.getByRole('heading', { level: 2, name: `Your drafts ${total}` }).waitFor();
    // 10 at a time, the rest on request, counted by the server.
    await expect.poll(() => drafts.locator('li[data-evaluation-id]').count()).toBe(10);
    await drafts
      .getByRole('status')
      .filter({ hasText: `10 of ${total}` })
      .waitFor();
    await drafts.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => drafts.locator('li[data-evaluation-id]').count()).toBe(Math.min(20, total));
    // Never the reader's own report among those to review.
    const review = page.locator('#inbox-review li[data-evaluation-id]');
    await expect.poll(() => review.count()).toBe(2);
    const own = await server.ctx.db.selectFrom('evaluations').select('id').where('evaluator_id', '=', ids[ACCOUNTS.evaluator]!).execute();
    for (const { id } of own) expect(await page.locator(`#inbox-review li[data-evaluation-id="${id}"]`).count()).toBe(0);
    const axe = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Today's meeting leads to its request and the Start button; a review row to the review page.
    await page
      .locator('#inbox-meetings li[data-request-id]')
      .first()
      .getByRole('link', { name: /Write the report/ })
      .click();
    await page.getByRole('button', { name: 'Start the evaluation' }).waitFor();
    await page.goBack();
    await page
      .locator('#inbox-review li[data-evaluation-id]')
      .first()
      .getByRole('link', { name: /Review/ })
      .click();
    await page.getByRole('heading', { level: 1, name: /Review report: / }).waitFor();
    await page.context().close();
  }, 120_000);

  it('opening every link of the inbox in a new page changes nothing in the database', async () => {
    const page = await pageFor(ACCOUNTS.evaluator);
    await page.goto('/user/evaluator');
    await page.locator('#inbox-drafts li[data-evaluation-id]').first().waitFor();
    await page.locator('.grid-row').first().waitFor();
    const links = await page
      .locator('main a[href]')
      .evaluateAll((as) => [...new Set(as.map((a) => (a as HTMLAnchorElement).href))].filter((h) => h.startsWith(location.origin)));
    expect(links.some((h) => h.includes('/user/new-evaluation/') && h.includes('request='))).toBe(true);
    const before = await snapshot();
    for (const link of links) {
      if (link.includes('/blogs/api/')) {
        // The invitation download: a GET like any other.
        expect((await page.context().request.get(link)).status()).toBe(200);
        continue;
      }
      const tab = await page.context().newPage();
      await tab.goto(link);
      await tab.waitForLoadState('networkidle');
      await tab.close();
    }
    expect(await snapshot()).toBe(before);
    await page.context().close();
  }, 180_000);

  it('fits a phone: no horizontal scroll on the inbox or the request page', async () => {
    const page = await pageFor(ACCOUNTS.evaluator, { width: 390, height: 844 });
    await page.goto('/user/evaluator');
    await page.locator('#inbox-drafts li[data-evaluation-id]').first().waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    await page
      .locator('#inbox-meetings li[data-request-id]')
      .first()
      .getByRole('link', { name: /Write the report/ })
      .click();
    await page.getByRole('button', { name: 'Start the evaluation' }).waitFor();
    expect(await overflow()).toBe(0);
    await page.context().close();
  }, 120_000);
});
