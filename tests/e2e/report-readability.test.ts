/**
 * A self-assessment report as the employee reads it: the three most important actions first, the
 * other findings grouped by priority behind keyboard-operable disclosures, checklist parts read as
 * "2 of 2 need attention", and after a retake the resolved and new findings in their own words,
 * on the page and in the PDF (read back with pdftotext).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { pdfText } from '../helpers/assessment';
import { finish } from './support/assessment-steps';
import { signIn, startProduct, type Product } from './support/product';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

/** A finding id as the engine names it (laptop.no_external, cmdq.back): never for the reader. */
const FINDING_ID = /\b[a-z]+\.[a-z_]+\b/;

async function takeOffice(page: Page, prefer: string): Promise<void> {
  await page.goto('/user/self_assessment_signup');
  await page.getByRole('button', { name: 'Start the self-assessment' }).click();
  await page.getByText(/^Section 1 of \d+$/).waitFor();
  await finish(page, prefer);
  await page.getByRole('heading', { name: 'Office self-assessment report' }).waitFor();
}

describe('reading a report', () => {
  it('leads with three actions, collapses the rest, words checklist scores and names changed findings', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await takeOffice(page, 'Yes');
    console.log(`first report: ${await page.locator('.finding').count()} findings`);
    await takeOffice(page, 'No');

    // The retake's change names the findings in words.
    await page.getByRole('heading', { name: 'Change since your previous assessment' }).waitFor();
    const changed = await page.locator('section[aria-labelledby="change-heading"] li').allTextContents();
    console.log(`findings resolved or new since last time: ${changed.length}`);
    expect(changed.length).toBeGreaterThan(0);
    for (const item of changed) expect(item, item).not.toMatch(FINDING_ID);

    // Three actions first, the rest closed behind <details> grouped by priority.
    const findings = await page.locator('.finding').count();
    const top = await page.locator('.top-actions .finding').count();
    const groups = page.locator('details.finding-group');
    console.log(`report: ${findings} findings, ${top} shown first, ${await groups.count()} collapsed groups`);
    expect(findings).toBeGreaterThan(3);
    expect(top).toBe(3);
    expect(await page.getByRole('heading', { name: 'Your three most important actions' }).isVisible()).toBe(true);
    expect(await groups.count()).toBeGreaterThan(0);
    expect(await page.locator('details[open]').count()).toBe(0);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`report page height at 1280 px: ${height} px`);
    expect(height).toBeLessThan(6000);

    // Keyboard: a group's summary opens with Enter.
    const summary = groups.first().locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(groups.first().getAttribute('open')).resolves.not.toBeNull();

    // Checklist parts say how many checks need attention, not "2 / 2".
    await page.locator('details.report-section summary').click();
    const parts = await page.locator('.part h3').allTextContents();
    console.log(`part headings: ${parts.join(' | ')}`);
    expect(parts.some((p) => / \d+ of \d+ need attention$/.test(p))).toBe(true);
    for (const p of parts) expect(p, p).not.toMatch(/checks: \d+ \/ \d+/);

    // The PDF: the same words, the change in words, no missing arrow glyph.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    const text = pdfText(readFileSync((await download.path())!)).replace(/\s+/g, ' ');
    expect(text).not.toContain("!'");
    expect(text).not.toMatch(/Resolved since last time: [^.]*\b[a-z]+\.[a-z_]+;/);
    expect(text).toMatch(/: \d+ to \d+/);
    expect(text).toContain('Your three most important actions');
    expect(text).toMatch(/\d+ of \d+ need attention/);
    for (const item of changed) expect(text).toContain(item.replace(/\s+/g, ' ').trim());
    await context.close();
  }, 240_000);
});
