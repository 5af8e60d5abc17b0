import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { signIn, startProduct, type Product } from './support/product';

/**
 * SPEC §1 "from finding to fixed" in the browser: the findings of a submitted self-assessment are the
 * employee's actions on /user/my-actions (reached from the menu), and marking one done moves it on
 * the page and on the server, on a desktop and on a 390 px phone without sideways scrolling; the
 * client's programme manager closes one needing help from /user/actions-waiting with a reason.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
}, 120_000);
afterAll(async () => {
  await product?.close();
});

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function takeOffice(email: string): Promise<void> {
  const agent = new Agent(product.server.url);
  expect((await agent.login(email, PASSWORD)).status).toBe(200);
  const started = await agent.post('/self-assessment/attempts', { area: 'office', from_previous: false });
  const { attempt, questionnaire } = started.data as { attempt: { id: string; answers: object }; questionnaire: Questionnaire };
  const submitted = await agent.post(`/self-assessment/attempts/${attempt.id}/submit`, {
    answers: completeAnswers(questionnaire, 'no', attempt.answers as never),
  });
  expect(submitted.status).toBe(200);
}

describe('My Actions', () => {
  it('shows an empty state before any self-assessment', async () => {
    const context = await product.browser.newContext({ baseURL: product.server.url });
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.newStarter);
    await page.goto('/user/my-actions');
    await page.getByRole('heading', { level: 1, name: 'My Actions' }).waitFor();
    await page.getByText('You have no action to do. Well done!').waitFor();
    await page.getByRole('link', { name: 'Take a self-assessment' }).waitFor();
    await context.close();
  }, 120_000);

  it('the employee marks an action done, at 1366 and 390 px', async () => {
    await takeOffice(ACCOUNTS.employee);
    const db = product.server.ctx.db;
    for (const options of [{ viewport: { width: 1366, height: 900 } }, phone]) {
      const context = await product.browser.newContext({ baseURL: product.server.url, ...options });
      const page = await context.newPage();
      await signIn(page, ACCOUNTS.employee);
      if (options === phone) await page.goto('/user/my-actions');
      else {
        // Reached from the employee's sidebar, beside My Reports.
        await page.goto('/user/my-reports');
        await page.getByRole('link', { name: 'My Actions', exact: true }).first().click();
        await page.waitForURL('**/user/my-actions');
      }
      await page.getByRole('heading', { level: 1, name: 'My Actions' }).waitFor();
      const open = page.locator('.my-action').filter({ has: page.getByRole('button', { name: 'Mark done' }) });
      await open.first().waitFor();
      const title = (await open.first().getByRole('heading', { level: 2 }).textContent())!.trim();
      expect(title.length).toBeGreaterThan(0);
      expect(await noSideScroll(page)).toBe(true);
      await open.first().getByRole('button', { name: 'Mark done' }).click();
      const card = page.locator('.my-action').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
      await card.getByText('Done', { exact: true }).waitFor();
      await expect.poll(() => card.getByRole('button', { name: 'Mark done' }).count()).toBe(0);
      // The server holds the move, not only the page.
      const row = await db
        .selectFrom('corrective_actions')
        .innerJoin('users', 'users.id', 'corrective_actions.user_id')
        .select('corrective_actions.state')
        .where('users.email', '=', ACCOUNTS.employee)
        .where('corrective_actions.title', '=', title)
        .orderBy('corrective_actions.id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('done');
      expect(await noSideScroll(page)).toBe(true);
      await context.close();
    }
  }, 180_000);

  it("the client's programme manager closes an action needing help with a reason", async () => {
    const agent = new Agent(product.server.url);
    expect((await agent.login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
    const mine = (await agent.get('/actions/mine?state=open')).data as { rows: { id: number; title: string }[] };
    const action = mine.rows[0]!;
    expect(
      (await agent.post(`/actions/${action.id}/move`, { transition: 'ask_for_help', note: 'Which chair should I order?' })).status,
    ).toBe(200);
    const context = await product.browser.newContext({ baseURL: product.server.url });
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.manager);
    await page.goto('/user/actions-waiting');
    await page.getByRole('heading', { level: 1, name: 'Actions needing help' }).waitFor();
    await page.getByText('Which chair should I order?').first().waitFor();
    await page
      .getByRole('button', { name: /^Close/ })
      .first()
      .click();
    await page.getByLabel('Reason (the employee reads it)').fill('A chair is on its way to you.');
    await page.locator('form').getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'is closed.' }).waitFor();
    const row = await product.server.ctx.db
      .selectFrom('corrective_actions')
      .select(['state', 'close_reason'])
      .where('state', '=', 'closed')
      .where('close_reason', '=', 'A chair is on its way to you.')
      .execute();
    expect(row).toHaveLength(1);
    await context.close();
  }, 120_000);

  it('lists many actions needing help down the page, no row cut off, and takes the manager to the reason of the one chosen', async () => {
    const db = product.server.ctx.db;
    const employee = await db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.employee).executeTakeFirstOrThrow();
    await db
      .updateTable('corrective_actions')
      .set({ state: 'need_help', note: 'I tried, but I cannot make this change on my own; could someone show me how?' })
      .where('user_id', '=', employee.id)
      .where('state', '=', 'open')
      .execute();
    const waiting = await db
      .selectFrom('corrective_actions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('state', 'in', ['need_help', 'not_possible'])
      .executeTakeFirstOrThrow();
    expect(Number(waiting.n)).toBeGreaterThanOrEqual(6);
    const context = await product.browser.newContext({ baseURL: product.server.url });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, ACCOUNTS.manager);
    await page.goto('/user/actions-waiting');
    await page.getByText(`${Number(waiting.n)} actions`, { exact: true }).waitFor();
    const rows = page.locator('.admin-grid tbody tr');
    await expect.poll(() => rows.count()).toBe(Number(waiting.n));
    // The list is not a box that scrolls on its own and cuts its last visible row in half.
    const box = await page.locator('.admin-grid').evaluate((g) => ({ scroll: g.scrollHeight, shown: g.clientHeight }));
    expect(box.scroll).toBeLessThanOrEqual(box.shown + 1);
    const last = rows.last();
    await last.scrollIntoViewIfNeeded();
    const [rowBox, gridBox] = [await last.boundingBox(), await page.locator('.admin-grid').boundingBox()];
    expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(gridBox!.y + gridBox!.height + 1);
    // Closing the last one: the reason is where the manager is looking, ready to type.
    await last.getByRole('button', { name: /^Close/ }).click();
    const reason = page.getByLabel('Reason (the employee reads it)');
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await reason.isVisible()).toBe(true);
    const inView = await reason.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    expect(inView).toBe(true);
    await context.close();
  }, 120_000);
});
