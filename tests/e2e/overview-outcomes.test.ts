import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';
import { outcomeRows } from '../../src/server/domain/dashboards/outcome-figures';
import { addMonths, periodOf, type OverviewParams } from '../../src/server/domain/dashboards/overview-params';

/**
 * docs/product.md "Outcomes: the risk-reduction panel": the demo programme manager reads the panel on
 * the Programme Overview for two years of the demo's history, each figure the number the server
 * counts, its "how this is counted" beside it, the discomfort chart as a table, and on a 390 px phone
 * nothing scrolls sideways.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct({ DEMO_HISTORY: 'all' });
}, 180_000);
afterAll(async () => {
  await product?.close();
});

async function signedIn(width: number): Promise<Page> {
  const context = await product.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, ACCOUNTS.manager);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  return page;
}

const thisMonth = new Date().toISOString().slice(0, 7);
const from = addMonths(thisMonth, -23);

describe('the risk-reduction panel', () => {
  it('shows what the actions changed, as the server counts it, with how each figure is counted', async () => {
    const page = await signedIn(1366);
    await page.goto(`/user/program-overview?from_month=${from}&to_month=${thisMonth}`);
    const panel = page.getByRole('region', { name: 'Risk reduction after actions' });
    await panel.getByRole('list', { name: 'Risk reduction after actions' }).waitFor();
    const db = product.server.ctx.db;
    const client = await db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow();
    const o = await outcomeRows(
      db,
      periodOf({ clientId: client.id, zone: 'UTC', regions: [] } as unknown as OverviewParams, from, thisMonth),
      'EUR',
    );
    // The demo tells a story: employees measured, and high-risk employees who moved out after their actions.
    expect(o.highBefore).toBeGreaterThanOrEqual(5);
    expect(o.movedOut).toBeGreaterThanOrEqual(5);
    // Equipment reached some of them on the way, so the cost per move is recorded, not "No cost recorded".
    expect(o.costRequests).toBeGreaterThan(0);
    const cost = panel.locator('[data-outcome="cost_per_move"] .headline-value');
    expect(await cost.textContent()).toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
        Math.round(o.costCents / o.movedOut / 100),
      ),
    );
    const moved = panel.locator('[data-outcome="moved_out_of_high_risk"]');
    expect(await moved.locator('.headline-value').textContent()).toBe(o.movedOut.toLocaleString('en'));
    await expect.poll(() => moved.locator('.headline-state').textContent()).toMatch(/(On target|Close to target|Off target)/);
    await moved.getByText('How this is counted').click();
    await moved.getByText(/latest self-assessment at or before that action/).waitFor();
    // Discomfort by body region, before and after, as a table.
    const chart = page.getByRole('figure', { name: 'Discomfort by body region, before and after actions' });
    await chart.getByRole('button', { name: 'Show as table' }).click();
    await chart.getByRole('columnheader', { name: 'Before' }).waitFor();
    await chart.getByRole('columnheader', { name: 'After' }).waitFor();
    await page.context().close();
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const page = await signedIn(390);
    await page.goto(`/user/program-overview?from_month=${from}&to_month=${thisMonth}`);
    await page.getByRole('list', { name: 'Risk reduction after actions' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
