import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

/**
 * Custom search in the browser (SPEC §2 /user/custom-search-self-assessment): the programme manager
 * builds a three-condition search, sees what the database holds, saves it, reloads it from the list,
 * downloads the Excel file (read back here) — with no serious axe violation, at desktop and phone width.
 */
let product: Product;
let northwind: number;
const BANDS = ['low', 'moderate', 'high'];

beforeAll(async () => {
  product = await startProduct();
  const db = product.server.ctx.db;
  northwind = (await db.selectFrom('users').select('client_id').where('email', '=', ACCOUNTS.manager).executeTakeFirstOrThrow()).client_id;
  const people = await db.selectFrom('users').select('id').where('client_id', '=', northwind).orderBy('id').execute();
  await db
    .insertInto('assessment_attempts')
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        user_id: people[i % people.length]!.id,
        client_id: northwind,
        area: ['office', 'home', 'lab'][i % 3]!,
        language: 'en',
        questionnaire_version: 1,
        answers: '{}',
        status: 'submitted',
        sections_done: '[]',
        submitted_at: new Date(Date.UTC(2025, 11, 1 + i, 9, i)),
        result: JSON.stringify({ overall: { score: 1 + (i % 10) } }),
        report_token: `e2e-cs-${i}-${'y'.repeat(24)}`,
        overall_score: 1 + (i % 10),
        risk_band: BANDS[(i >> 1) % 3]!,
        finding_ids: ['user.breaks'],
        body_scores: '{}',
      })) as never,
    )
    .execute();
});
afterAll(async () => {
  await product?.close();
});

async function signedIn(width: number): Promise<Page> {
  const context = await product.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await signIn(page, ACCOUNTS.manager);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  return page;
}

/** What the three conditions select, asked of the database directly (newest first, as the grid sorts). */
async function expected(): Promise<{ email: string; submitted: string; score: number; band: string }[]> {
  const { rows } = await sql<{
    email: string;
    submitted: Date;
    score: number;
    band: string;
  }>`SELECT u.email, a.submitted_at AS submitted, a.overall_score AS score, a.risk_band AS band
    FROM assessment_attempts a JOIN users u ON u.id = a.user_id
    WHERE a.client_id = ${northwind} AND a.status = 'submitted' AND a.risk_band = 'high' AND a.overall_score >= 5 AND a.submitted_at >= '2025-12-10'
    ORDER BY a.submitted_at DESC, a.id DESC`.execute(product.server.ctx.db);
  return rows.map((r) => ({ email: r.email, submitted: new Date(r.submitted).toISOString(), score: Number(r.score), band: r.band }));
}

async function axeSerious(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('custom search', () => {
  it('builds a three-condition search, saves it, loads it again and exports it to Excel', async () => {
    const page = await signedIn(1280);
    await page.goto('/user/custom-search-self-assessment');
    await page.getByRole('heading', { level: 1, name: 'Custom Search - Self-Assessment' }).waitFor();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add condition' }).click();
    const condition = (n: number) => page.getByRole('group', { name: `Condition ${n}` });
    await condition(1).getByLabel('Field').selectOption('risk_band');
    await condition(1).getByLabel('Value').selectOption('high');
    await condition(2).getByLabel('Field').selectOption('overall_score');
    await condition(2).getByLabel('Operator').selectOption('ge');
    await condition(2).getByLabel('Value').fill('5');
    await condition(3).getByLabel('Field').selectOption('submitted_at');
    await condition(3).getByLabel('Operator').selectOption('on_or_after');
    await condition(3).getByLabel('Value').fill('2025-12-10');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    const want = await expected();
    expect(want.length).toBeGreaterThan(2);
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${want.length} records$`) })
      .waitFor();
    // The first row is the newest matching record, linked to its detail view.
    const firstLink = page.locator('.grid-row[data-row-index="0"] a');
    await firstLink.waitFor();
    const rowEmails = await page.locator('.grid-row [data-col-id="employee_email"] .grid-value').allTextContents();
    expect(rowEmails.length).toBeGreaterThan(0);
    expect(rowEmails.every((e) => want.some((w) => w.email === e))).toBe(true);
    expect(await page.locator('.grid-row[data-row-index="0"] [data-col-id="employee_email"] .grid-value').textContent()).toBe(
      want[0]!.email,
    );
    expect(await axeSerious(page)).toEqual([]);

    // Save it, then reload the bare page and load it from the list.
    await page.getByLabel('Save the current search as').fill('High risk since December');
    await page.getByRole('button', { name: 'Save search' }).click();
    await page.getByText('The search has been saved.').waitFor();
    await page.goto('/user/custom-search-self-assessment');
    await page.getByLabel('Saved search', { exact: true }).selectOption({ label: 'High risk since December' });
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${want.length} records$`) })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('definition')).toContain('risk_band');
    // The address carries the search: a reload shows the same results.
    await page.reload();
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${want.length} records$`) })
      .waitFor();
    expect(await condition(3).getByLabel('Value').inputValue()).toBe('2025-12-10');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Excel' }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    // Times are the reader's: the heading names the browser's zone, each cell a date of that wall-clock time.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(String(sheet.getRow(1).getCell(5).value)).toBe(`Submitted (${zone})`);
    const read: { email: string; submitted: string; score: number; band: string }[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1)
        read.push({
          email: String(row.getCell(2).value),
          submitted: (row.getCell(5).value as Date).toISOString().slice(0, 16).replace('T', ' '),
          score: Number(row.getCell(6).value),
          band: String(row.getCell(7).value),
        });
    });
    const wallClock = (iso: string) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso));
    expect(read).toEqual(want.map((w) => ({ ...w, submitted: wallClock(w.submitted) })));
    const audited = await product.server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'custom_search.exported')
      .execute();
    expect(audited.length).toBe(1);

    // The record view opens from the row and links to the report.
    await firstLink.click();
    await page.waitForURL(/\/user\/custom-search-self-assessment\/\d+\/\d+$/);
    await page.getByRole('link', { name: 'Open the report' }).click();
    await page.waitForURL(/\/user\/custom-search-reports\//);
    await page.context().close();
  });

  it("reads a day in the reader's time zone, in the condition and in the results", async () => {
    // In Honolulu (UTC-10) the attempt submitted on 11 December at 09:10 UTC was submitted on 10 December.
    const context = await product.browser.newContext({ baseURL: product.server.url, timezoneId: 'Pacific/Honolulu' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, ACCOUNTS.manager);
    await page.goto('/user/custom-search-self-assessment');
    await page.getByRole('heading', { level: 1, name: 'Custom Search - Self-Assessment' }).waitFor();
    await page.getByRole('button', { name: 'Add condition' }).click();
    const condition = page.getByRole('group', { name: 'Condition 1' });
    await condition.getByLabel('Field').selectOption('submitted_at');
    await condition.getByLabel('Operator').selectOption('equals');
    await condition.getByLabel('Value').fill('2025-12-10');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^1 record$/ })
      .waitFor();
    const cell = page.locator('.grid-row[data-row-index="0"] [data-col-id="submitted_at"] .grid-value');
    await expect.poll(() => cell.textContent()).toBe('Dec 10, 2025');
    const { rows } = await sql<{ email: string }>`SELECT u.email FROM assessment_attempts a JOIN users u ON u.id = a.user_id
      WHERE a.client_id = ${northwind} AND a.submitted_at = ${new Date(Date.UTC(2025, 11, 11, 9, 10))}`.execute(product.server.ctx.db);
    expect(await page.locator('.grid-row[data-row-index="0"] [data-col-id="employee_email"] .grid-value').textContent()).toBe(
      rows[0]!.email,
    );
    await context.close();
  }, 120_000);

  it('works at phone width with no serious axe violation and no sideways scrolling', async () => {
    const page = await signedIn(390);
    await page.goto('/user/custom-search-self-assessment');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('group', { name: 'Condition 1' }).getByLabel('Field').selectOption('risk_band');
    await page.getByRole('group', { name: 'Condition 1' }).getByLabel('Value').selectOption('high');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^\d+ records?$/ })
      .waitFor();
    // Nothing of the page reaches past the screen's edge (the closed menu drawer sits off-screen by design).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter(
          (e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !e.parentElement?.closest('.admin-grid'),
        )
        .slice(0, 8)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect(wide).toEqual([]);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(await axeSerious(page)).toEqual([]);
    // A bad search (no value) is explained, not run.
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('group', { name: 'Condition 2' }).getByLabel('Field').selectOption('overall_score');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Condition 2 \(Overall score/ })
      .waitFor();
    await page.context().close();
  });
});
