import AxeBuilder from '@axe-core/playwright';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

/**
 * SPEC §1, §2 /user/program-overview: the demo programme manager opens the overview, reads figures
 * the database holds, switches a chart to its table, drills into a figure and opens a report, on a
 * desktop and on a 390 px phone, with no serious axe violation.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct({ DEMO_HISTORY: 'all' });
}, 180_000);
afterAll(async () => {
  await product?.close();
});

async function signedIn(email: string, width = 1280): Promise<Page> {
  const context = await product.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, email);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  return page;
}
const card = (page: Page, label: string) =>
  page
    .locator('.health-stat')
    .filter({ has: page.locator('.health-label', { hasText: label }) })
    .locator('.health-value');

describe('programme overview', () => {
  it('shows the figures the database holds, a chart as a table, and drills into a report', async () => {
    const page = await signedIn(ACCOUNTS.manager);
    await page.goto('/user/program-overview');
    await page.getByRole('heading', { level: 1, name: 'Program Overview: Northwind' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Figures for/ })
      .waitFor();
    const db = product.server.ctx.db;
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    const client = await db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow();
    const total = Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM assessment_attempts WHERE client_id = ${client.id} AND status = 'submitted' AND submitted_at >= ${from}`.execute(
          db,
        )
      ).rows[0].n,
    );
    expect(await card(page, 'Self-assessments in the period').textContent()).toBe(total.toLocaleString('en'));

    // The risk-band chart as a table: the same counts as the database.
    const bands = page.getByRole('figure', { name: 'Results by risk band' });
    await bands.getByRole('button', { name: 'Show as table' }).click();
    const high = Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM assessment_attempts WHERE client_id = ${client.id} AND status = 'submitted' AND submitted_at >= ${from} AND risk_band = 'high'`.execute(
          db,
        )
      ).rows[0].n,
    );
    await expect.poll(() => bands.getByRole('row', { name: /^High/ }).getByRole('cell').first().textContent()).toBe(String(high));

    const axe = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
    const serious = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    console.log(
      'axe violations',
      axe.violations.map((v) => `${v.id} (${v.impact})`),
    );
    expect(serious).toEqual([]);

    // Drill into the high band, then open the newest report.
    await bands.getByRole('button', { name: 'List records for High' }).click();
    await page.getByRole('heading', { name: 'Records: high-risk self-assessments' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `${high} self-assessment` })
      .waitFor();
    await page
      .getByRole('link', { name: /^Open report/ })
      .first()
      .click();
    await page.waitForURL('**/user/program-overview-reports/**');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('keeps the period in the address and fits a 390 px phone', async () => {
    const page = await signedIn(ACCOUNTS.manager, 390);
    await page.goto('/user/program-overview?from_month=2025-01&to_month=2025-06&region=Europe');
    await page.getByRole('status').filter({ hasText: 'Figures for Jan 2025 to Jun 2025, Europe.' }).waitFor();
    await page.getByRole('figure', { name: 'Self-assessments per month' }).locator('canvas').waitFor();
    // Once the charts have taken their container's width, nothing is wider than the screen.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout: 10_000 })
      .toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.context().close();
  }, 120_000);

  // SPEC §1 "what programme managers see", SPEC §3 Pending Client Approval: a report waiting for the
  // manager is one click away on the overview, and once approved it leaves the panel and the list.
  it('approves a report from "Needs your attention", which then leaves the panel and the approvals list', async () => {
    const page = await signedIn(ACCOUNTS.manager);
    await page.goto('/user/program-overview');
    const panel = page.getByRole('region', { name: 'Needs your attention' });
    const approvals = panel.locator('[data-group="approvals"]');
    const waiting = approvals.getByRole('list', { name: /^Reports waiting for your approval/ }).getByRole('link');
    await waiting.first().waitFor();
    const before = await waiting.count();
    const employee = (await waiting.first().textContent())!.trim();
    await waiting.first().click();
    await page.waitForURL(/\/user\/editclientreport\/\d+$/);
    await page.getByRole('heading', { level: 1, name: new RegExp(employee) }).waitFor();
    await expect.poll(() => page.getByTestId('report-status').textContent()).toBe('Pending Client Approval');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => page.getByTestId('report-status').textContent()).toBe('Finalized');
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);

    // The approvals list no longer holds it.
    await page.goto('/user/editclientreport/pending');
    await page.getByRole('heading', { level: 2, name: 'Reports waiting for your approval' }).waitFor();
    await expect.poll(() => page.getByText(/^Loading\b/).count()).toBe(0);
    expect(await page.getByRole('cell', { name: employee }).count()).toBe(0);

    // Nor does the panel: one fewer waiting, or the words saying none is.
    await page.goto('/user/program-overview');
    const heading = approvals.getByRole('heading', { level: 3 });
    await expect.poll(() => heading.locator('.attention-count').textContent()).toBe(String(before - 1));
    if (before === 1) await approvals.getByText('No report is waiting for your approval.').waitFor();
    expect(await approvals.getByRole('link', { name: employee, exact: true }).count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
