import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { seedActivity } from '../helpers/activity-fixtures';
import { seriousAxe, sidewaysOverflow, signedInPage, walkMenu } from './support/dashboards';
import { startProduct, type Product } from './support/product';

/**
 * SPEC §1 "who sees what", §2 dashboards, in a real browser: our client manager, serving Arcadia and
 * Contoso, opens every page of both menus, reads figures of each client that equal the database,
 * narrows a figure to its records, and chooses a client on Custom Search to run, save, reload and
 * export (the Excel file read back) a search of that client alone; also at phone width.
 */
let product: Product;
let arcadia: number;
let contoso: number;

beforeAll(async () => {
  product = await startProduct();
  const now = product.server.ctx.now();
  arcadia = (await seedActivity(product.server.ctx.db, 'a45', now, { europe: 6, america: 2 })).clientId;
  contoso = (await seedActivity(product.server.ctx.db, 'CON1', now, { europe: 9, america: 1 })).clientId;
}, 120_000);
afterAll(async () => {
  await product?.close();
});

const count = async (query: ReturnType<typeof sql<{ c: string }>>) => Number((await query.execute(product.server.ctx.db)).rows[0]!.c);
const submitted = (client: number, band?: string) =>
  count(sql`SELECT count(*) AS c FROM assessment_attempts WHERE client_id = ${client} AND status = 'submitted'
    ${band ? sql`AND risk_band = ${band}` : sql``}`);
const card = (page: Page, group: string, label: string) =>
  page
    .getByRole('list', { name: group })
    .locator('li')
    .filter({ has: page.locator('.label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.value');
const records = (page: Page, n: number, noun: string) =>
  page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}$`) })
    .waitFor();

describe('client manager dashboards', () => {
  it('opens every page of both menus, with figures of each client equal to the database and a figure narrowed to its records', async () => {
    const page = await signedInPage(product, ACCOUNTS.clientManager);
    // One sidebar on every page: the dashboard entries, then Program Management with its client pages.
    const dashboard = await walkMenu(page, 'Dashboard', '/user/client-manager');
    expect(dashboard.map((s) => s.split(' → ')[0])).toEqual([
      'Self-Assessment',
      'Ergo Eval Activity',
      'Follow-Up Feedback',
      'Employee Search',
      'Client Activity',
      'Custom Search',
      // Each page once: Employee Search is already above, for whichever client is chosen.
      'Program Management',
      'Program Overview',
      'Reports',
      'Requests',
      'Follow-Ups',
      'Help Center',
    ]);

    // Self-Assessment Activity: Arcadia first, then Contoso through the client picker.
    await page.goto('/user/self-assessment-activity');
    await expect.poll(() => card(page, 'Self-assessments in the period', 'Submitted').textContent()).toBe(String(await submitted(arcadia)));
    await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Contoso' });
    await expect.poll(() => card(page, 'Self-assessments in the period', 'Submitted').textContent()).toBe(String(await submitted(contoso)));
    await records(page, await submitted(contoso), 'submission');
    await page.getByLabel('Band', { exact: true }).selectOption('high');
    await records(page, await submitted(contoso, 'high'), 'submission');

    // Client Activity: one row per assigned client, its employees counted as the database does.
    await page.goto('/user/client-activity');
    for (const client of [arcadia, contoso]) {
      const row = page.locator(`tr[data-client-id="${client}"]`);
      await row.waitFor();
      expect(Number(await row.locator('td').first().textContent())).toBe(
        await count(sql`SELECT count(*) AS c FROM users WHERE client_id = ${client}`),
      );
    }
    expect(await page.locator('tr[data-client-id]').count()).toBe(2);

    // Program Overview of Contoso: the high band drilled down to its records.
    await page.goto(`/user/client-program-overview/${contoso}`);
    await page.getByRole('heading', { level: 1, name: 'Program Overview: Contoso' }).waitFor();
    const bands = page.getByRole('figure', { name: 'Results by risk band' });
    await bands.getByRole('button', { name: 'Show as table' }).click();
    const high = await submitted(contoso, 'high');
    expect(high).toBeGreaterThan(0);
    await expect.poll(() => bands.getByRole('row', { name: /^High/ }).getByRole('cell').first().textContent()).toBe(String(high));
    await bands.getByRole('button', { name: 'List records for High' }).click();
    await page.getByRole('heading', { name: 'Records: high-risk self-assessments' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `${high} self-assessment` })
      .waitFor();
    expect(await seriousAxe(page)).toEqual([]);

    // A client not assigned to them is refused.
    const northwind = (
      await product.server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()
    ).id;
    await page.goto(`/user/client-program-overview/${northwind}`);
    await page.getByText('This client was not found, or it is not one of yours.').waitFor();
    await page.context().close();
  }, 180_000);

  it('chooses a client on Custom Search, then runs, saves, reloads and exports a search of that client alone', async () => {
    const page = await signedInPage(product, ACCOUNTS.clientManager);
    await page.goto('/user/custom-search-self-assessment');
    await page.getByRole('heading', { level: 1, name: 'Custom Search - Self-Assessment' }).waitFor();
    const picker = page.getByLabel('Client', { exact: true });
    await expect.poll(() => picker.locator('option').allTextContents()).toEqual(['Arcadia', 'Contoso']);
    expect(await picker.inputValue()).toBe(String(arcadia));
    await picker.selectOption({ label: 'Contoso' });
    await page.waitForURL((url) => url.searchParams.get('client_id') === String(contoso));

    await page.getByRole('button', { name: 'Add condition' }).click();
    const condition = page.getByRole('group', { name: 'Condition 1' });
    await condition.getByLabel('Field').selectOption('risk_band');
    await condition.getByLabel('Value').selectOption('moderate');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const { rows: want } = await sql<{ email: string; band: string }>`SELECT u.email, a.risk_band AS band
      FROM assessment_attempts a JOIN users u ON u.id = a.user_id
      WHERE a.client_id = ${contoso} AND a.status = 'submitted' AND a.risk_band = 'moderate'
      ORDER BY a.submitted_at DESC, a.id DESC`.execute(product.server.ctx.db);
    expect(want.length).toBeGreaterThan(0);
    await records(page, want.length, 'record');
    expect((await page.locator('.grid-row [data-col-id="employee_email"] .grid-value').allTextContents()).sort()).toEqual(
      want.map((w) => w.email).sort(),
    );
    expect(await seriousAxe(page)).toEqual([]);

    // Saved for Contoso: not offered on Arcadia, loaded again on Contoso.
    await page.getByLabel('Save the current search as').fill('Contoso moderate');
    await page.getByRole('button', { name: 'Save search' }).click();
    await page.getByText('The search has been saved.').waitFor();
    const saved = await product.server.ctx.db.selectFrom('saved_searches').select(['client_id', 'name']).execute();
    expect(saved).toEqual([{ client_id: contoso, name: 'Contoso moderate' }]);
    await picker.selectOption({ label: 'Arcadia' });
    await page.getByText('You have no saved searches of this kind for this client yet.').waitFor();
    await records(
      page,
      await count(
        sql`SELECT count(*) AS c FROM assessment_attempts WHERE client_id = ${arcadia} AND status = 'submitted' AND risk_band = 'moderate'`,
      ),
      'record',
    );
    await page.goto('/user/custom-search-self-assessment');
    await picker.selectOption({ label: 'Contoso' });
    await page.getByLabel('Saved search', { exact: true }).selectOption({ label: 'Contoso moderate' });
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await records(page, want.length, 'record');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Excel' }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const read: { email: string; band: string }[] = [];
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) read.push({ email: String(row.getCell(2).value), band: String(row.getCell(7).value) });
    });
    expect(read).toEqual(want);
    await page.context().close();
  }, 120_000);

  it('Custom Search with its client picker fits a 390 px phone', async () => {
    const page = await signedInPage(product, ACCOUNTS.clientManager, 390);
    await page.goto(`/user/custom-search-self-assessment?client_id=${contoso}`);
    const picker = page.getByLabel('Client', { exact: true });
    await expect.poll(() => picker.inputValue()).toBe(String(contoso));
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('group', { name: 'Condition 1' }).getByLabel('Field').selectOption('risk_band');
    await page.getByRole('group', { name: 'Condition 1' }).getByLabel('Value').selectOption('high');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await records(page, await submitted(contoso, 'high'), 'record');
    const box = await picker.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxe(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
