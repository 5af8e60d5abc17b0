import AxeBuilder from '@axe-core/playwright';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { seedActivity } from '../helpers/activity-fixtures';
import { signedInPage, walkMenu } from './support/dashboards';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

/**
 * SPEC §2 activity pages and Program Management in a real browser: the programme manager opens the
 * activity pages of their menu and reads the figures the database holds; the client manager opens
 * Program Management, sees their two clients and each page of one of them. Axe finds nothing serious.
 */
let product: Product;
let northwind: number;
beforeAll(async () => {
  product = await startProduct();
  const now = product.server.ctx.now();
  northwind = (await seedActivity(product.server.ctx.db, 'NW01', now)).clientId;
  await seedActivity(product.server.ctx.db, 'a45', now, { europe: 5, america: 1 });
});
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
const count = async (query: ReturnType<typeof sql<{ c: string }>>) =>
  String(Number((await query.execute(product.server.ctx.db)).rows[0].c));
const card = (page: Page, group: string, label: string) =>
  page
    .getByRole('list', { name: group })
    .locator('li')
    .filter({ has: page.locator('.label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.value');

async function axeClean(page: Page, where: string): Promise<void> {
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, where).toEqual([]);
}

describe('activity pages', () => {
  it('opens every page of the programme manager’s menus without an error or a serious axe violation', async () => {
    const page = await signedInPage(product, ACCOUNTS.manager);
    const dashboard = await walkMenu(page, 'Dashboard', '/user/program-overview');
    expect(dashboard.map((s) => s.split(' → ')[0])).toEqual([
      'Program Overview',
      'Report approvals',
      'Actions needing help',
      'Equipment',
      'Self-Assessment',
      'Ergo Eval Activity',
      'Follow-Up Feedback',
      'Training Activity',
      'Employee Search',
      'Client Activity',
      'Custom Search',
      // One sidebar on every dashboard page: Program Management and its client pages are in it, each
      // page once (their own Program Overview and Employee Search are already above).
      'Program Management',
      'Reports',
      'Requests',
      'Follow-Ups',
      'Help Center',
    ]);
    expect(dashboard).toContain('Program Management → Program Management');
    // Custom Search names the one client a programme manager searches: their own.
    await page.goto('/user/custom-search-self-assessment');
    await page.getByText('Client: Northwind').waitFor();
    await page.context().close();
  }, 180_000);

  it('shows the programme manager the figures the database holds on each activity page of the menu', async () => {
    const page = await signedIn(ACCOUNTS.manager);
    const menu = page.getByRole('navigation', { name: 'Dashboard' });

    await menu.getByRole('link', { name: 'Self-Assessment', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Self-Assessment Activity' }).waitFor();
    await card(page, 'Self-assessments in the period', 'Submitted').waitFor();
    const from = (await page.getByText(/^From .* to .*\.$/).textContent())!;
    expect(from).toBeTruthy();
    const submitted = await count(
      sql`SELECT count(*) AS c FROM assessment_attempts WHERE client_id = ${northwind} AND status = 'submitted'`,
    );
    expect(await card(page, 'Self-assessments in the period', 'Submitted').textContent()).toBe(submitted);
    // Two North American employees: that region's figures are withheld.
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: 'Submitted self-assessments per region' })
          .getByRole('row', { name: /North America/ })
          .textContent(),
      )
      .toContain('fewer than 5');
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${submitted} submissions$`) })
      .waitFor();
    await page.getByLabel('Band', { exact: true }).selectOption('high');
    const high = await count(
      sql`SELECT count(*) AS c FROM assessment_attempts WHERE client_id = ${northwind} AND status = 'submitted' AND risk_band = 'high'`,
    );
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${high} submissions?$`) })
      .waitFor();
    await axeClean(page, 'self-assessment activity');

    await menu.getByRole('link', { name: 'Ergo Eval Activity' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ergo Eval Activity' }).waitFor();
    await card(page, 'Evaluation requests by state', 'Open').waitFor();
    // Shown once five employees are in the state, else "fewer than 5" (the small-group rule, SPEC §1).
    const open = await count(sql`SELECT count(*) AS c FROM evaluation_requests WHERE client_id = ${northwind} AND status = 'requested'`);
    const openPeople = await count(
      sql`SELECT count(DISTINCT user_id) AS c FROM evaluation_requests WHERE client_id = ${northwind} AND status = 'requested'`,
    );
    expect(await card(page, 'Evaluation requests by state', 'Open').textContent()).toBe(
      Number(openPeople) === 0 || Number(openPeople) >= 5 ? open : 'fewer than 5',
    );
    const evaluations = await count(sql`SELECT count(*) AS c FROM evaluations WHERE client_id = ${northwind}`);
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${evaluations} evaluations?$`) })
      .waitFor();
    await axeClean(page, 'ergo eval activity');

    await menu.getByRole('link', { name: 'Follow-Up Feedback' }).click();
    await page.getByRole('heading', { level: 1, name: 'Follow-Up Feedback' }).waitFor();
    await card(page, 'Follow-ups by state', 'Answered').waitFor();
    // A state's count is shown once five employees are in it (the small-group rule, SPEC §1), over the
    // page's default period: the last twelve months (the browser's zone is UTC here).
    const inPeriod = sql`answered_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '11 months'`;
    const answered = await count(sql`SELECT count(*) AS c FROM follow_ups WHERE client_id = ${northwind} AND ${inPeriod}`);
    const answeredBy = await count(
      sql`SELECT count(DISTINCT employee_id) AS c FROM follow_ups WHERE client_id = ${northwind} AND ${inPeriod}`,
    );
    expect(await card(page, 'Follow-ups by state', 'Answered').textContent()).toBe(Number(answeredBy) >= 5 ? answered : 'fewer than 5');
    await page.getByText('Done: Lower the monitor so its top line is at eye height.', { exact: false }).first().waitFor();
    await axeClean(page, 'follow-up feedback');

    await menu.getByRole('link', { name: 'Client Activity' }).click();
    await page.getByRole('heading', { level: 1, name: 'Client Activity' }).waitFor();
    const row = page.locator(`tr[data-client-id="${northwind}"]`);
    await row.waitFor();
    // Eligible employees: active accounts whose role holds the employee dashboard (the overview's definition).
    expect(await row.locator('td').first().textContent()).toBe(
      await count(sql`SELECT count(*) AS c FROM users WHERE client_id = ${northwind} AND status = 'active'
        AND role_id IN (SELECT role_id FROM role_permissions WHERE permission = 'dashboard-pages-employee-dashboard-view')`),
    );
    await axeClean(page, 'client activity');

    await page.goto('/user/dashboard-scheduled-requests/scheduled');
    await page.getByRole('heading', { level: 1, name: 'Scheduled Requests' }).waitFor();
    const scheduled = await count(
      sql`SELECT count(*) AS c FROM evaluation_requests WHERE client_id = ${northwind} AND status = 'scheduled'`,
    );
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${scheduled} requests?$`) })
      .waitFor();
    await axeClean(page, 'scheduled requests');

    await page.goto('/user/dashboard-survey-reports/Self-Assessment');
    await page.getByRole('heading', { level: 1, name: 'Self-Assessment Reports' }).waitFor();
    const reports = await count(
      sql`SELECT (SELECT count(*) FROM assessment_attempts WHERE client_id = ${northwind} AND status = 'submitted') + (SELECT count(*) FROM survey_reports WHERE client_id = ${northwind}) AS c`,
    );
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${reports} reports?$`) })
      .waitFor();
    await page
      .getByRole('link', { name: /^Open the report of/ })
      .first()
      .waitFor();
    await axeClean(page, 'survey reports');
    await page.context().close();
  });

  it('shows the client manager their two clients and each page of one of them, also on a phone', async () => {
    const page = await signedIn(ACCOUNTS.clientManager);
    await page.goto('/user/client-manager');
    await page.getByRole('heading', { level: 1, name: 'Program Management' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Arcadia' }).waitFor();
    const clients = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(clients).toEqual(['Arcadia', 'Contoso']);
    await axeClean(page, 'program management');
    const arcadia = page.getByRole('region', { name: 'Arcadia' });
    for (const [label, heading] of [
      ['Reports', 'Reports'],
      ['Requests', 'Evaluation Requests'],
      ['Follow-ups', 'Follow-Ups'],
      ['Program overview', 'Program Overview'],
      ['Employees', 'Employee Search'],
    ] as const) {
      await page.goto('/user/client-manager');
      await arcadia.getByRole('link', { name: `${label} of Arcadia` }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (['Reports', 'Requests', 'Follow-ups'].includes(label)) {
        await page
          .getByRole('status')
          .filter({ hasText: /^\d+ (reports?|requests?|follow-ups?)$/ })
          .waitFor();
        await axeClean(page, `client ${label}`);
      }
    }
    await page.context().close();

    const phone = await signedIn(ACCOUNTS.clientManager, 390);
    await phone.goto('/user/client-manager');
    await phone.getByRole('heading', { level: 2, name: 'Contoso' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await phone.context().close();
  });
});
