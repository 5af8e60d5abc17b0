import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { seedActivity } from '../helpers/activity-fixtures';
import { signedInPage, sidewaysOverflow } from './support/dashboards';
import { startProduct, type Product } from './support/product';

/**
 * The staff pages built on the manifest grid (src/web/components/grid/) in a real browser: each opens
 * with its rows and leaves nothing in the console: a grid that stops on an error shows no rows, and
 * React reports a misused component only in the console, so any console error or warning fails the page.
 */
let product: Product;
let northwind: Awaited<ReturnType<typeof seedActivity>>;
let arcadia: Awaited<ReturnType<typeof seedActivity>>;

beforeAll(async () => {
  product = await startProduct();
  const now = product.server.ctx.now();
  northwind = await seedActivity(product.server.ctx.db, 'NW01', now);
  arcadia = await seedActivity(product.server.ctx.db, 'a45', now);
}, 120_000);
afterAll(async () => {
  await product?.close();
});

/** Every console error and warning of the page, and its uncaught errors. */
function consoleOf(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') said.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => said.push(`uncaught: ${e.message}`));
  return said;
}

/** Waits until the page's grid has drawn rows (the count above it says how many it holds). */
async function gridRows(page: Page): Promise<number> {
  await page.locator('.admin-grid .grid-row').first().waitFor({ timeout: 20_000 });
  return page.locator('.admin-grid .grid-row[data-row-index]').count();
}

/** Cells whose text is cut at the column's edge ("Nov 26, 2…") among the grid's day and time cells. */
const cutDays = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.admin-grid td[data-col-id]')]
      // A day has its year; a time alone starts the cell (free text such as "mornings before 11:00" is not a time cell).
      .filter((cell) => /\d{4}|^\s*\d{1,2}:\d{2}/.test(cell.textContent ?? '') && !cell.querySelector('a, button, small'))
      .filter((cell) => {
        const text = cell.querySelector<HTMLElement>('.grid-value') ?? cell;
        return text.scrollWidth > text.clientWidth + 1;
      })
      .map((cell) => cell.textContent),
  );

describe('grid pages', () => {
  it('the evaluator queue, New Evaluation and Edit Survey open with no console error or warning', async () => {
    const page = await signedInPage(product, ACCOUNTS.evaluator);
    const said = consoleOf(page);
    await page.goto('/user/evaluator');
    expect(await gridRows(page)).toBeGreaterThan(0);
    expect(await cutDays(page)).toEqual([]);
    // From the queue to the report, as the evaluator goes.
    await page
      .locator('.admin-grid')
      .getByRole('link', { name: /Start the evaluation/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: /New Evaluation/ }).waitFor();
    // Opening the request changes nothing; its Start button takes it.
    await page.getByRole('button', { name: 'Start the evaluation' }).click();
    await page.waitForURL(/\?evaluation=\d+/);
    await page.goto('/user/evaluator');
    await gridRows(page);
    const finalized = await product.server.ctx.db
      .selectFrom('evaluations')
      .select('id')
      .where('client_id', '=', northwind.clientId)
      .where('status', '=', 'finalized')
      .executeTakeFirstOrThrow();
    await page.goto(`/user/editsurvey/${finalized.id}`);
    await page.getByRole('heading', { level: 1, name: /Review report/ }).waitFor();
    await page.getByTestId('report-status').waitFor();
    expect(said).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('Follow-Up Feedback and the client follow-ups list their rows with no console error, at 1366 and 390 px', async () => {
    for (const width of [1366, 390]) {
      const manager = await signedInPage(product, ACCOUNTS.manager, width);
      const said = consoleOf(manager);
      await manager.goto('/user/follow-up-feedback');
      await manager.getByRole('heading', { level: 1, name: 'Follow-Up Feedback' }).waitFor();
      expect(await gridRows(manager)).toBeGreaterThan(0);
      expect(await cutDays(manager)).toEqual([]);
      expect(await sidewaysOverflow(manager)).toBe(0);
      expect(said, `manager at ${width}`).toEqual([]);
      await manager.context().close();

      const clientManager = await signedInPage(product, ACCOUNTS.clientManager, width);
      const heard = consoleOf(clientManager);
      await clientManager.goto(`/user/client-followups/${arcadia.clientId}`);
      await clientManager.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await gridRows(clientManager)).toBeGreaterThan(0);
      expect(await sidewaysOverflow(clientManager)).toBe(0);
      expect(heard, `client manager at ${width}`).toEqual([]);
      await clientManager.context().close();
    }
  }, 180_000);
});
