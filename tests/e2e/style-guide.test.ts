import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_CLASSES } from '../../src/web/components/reports/report-labels';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

/** Every axe violation on the page (any impact), as "rule: target" lines. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode(true).options(AXE_OPTIONS).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

describe('/user/style_guide', () => {
  it('shows the real components with their notes, works from the keyboard, and has no axe violation in any state', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.goto('/user/style_guide');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Style Guide');

    const sections = await page.locator('main section.style-guide > section h2').allInnerTexts();
    console.log(`style guide sections: ${sections.length} (${sections.join(', ')})`);
    expect(sections).toEqual([
      'Colours',
      'Buttons',
      'Fields and their errors',
      'Status labels',
      'Grids and tables',
      'Cards and panels',
      'Toasts',
      'Popups and dialogs',
      'Charts and the body map',
    ]);
    expect(await page.getByRole('heading', { name: 'When to use' }).count()).toBe(sections.length);

    // Status labels carry the product's colour classes, each a colour of its own.
    const labels = page.getByRole('list', { name: 'Report statuses' }).locator('.status');
    expect(await labels.count()).toBe(Object.keys(STATUS_CLASSES).length);
    const colours = await labels.evaluateAll((els) =>
      els.map((el) => `${getComputedStyle(el).backgroundColor}/${getComputedStyle(el).color}`),
    );
    console.log(`status labels: ${colours.length}, distinct colour pairs: ${new Set(colours).size}`);
    expect(new Set(colours).size).toBe(colours.length);

    const initial = await axeViolations(page);
    console.log(`axe violations, page as opened: ${initial.length}`);
    expect(initial).toEqual([]);

    // Charts load on demand (chart.js stays out of this page's chunk) and keep axe clean too.
    await page.getByRole('button', { name: 'Show sample charts' }).click();
    await page
      .getByRole('figure', { name: /Self-assessments per month/ })
      .locator('canvas')
      .waitFor();
    await page
      .getByRole('figure', { name: /Where employees report discomfort/ })
      .getByRole('button', { name: 'Show as table' })
      .click();
    await page.getByRole('cell', { name: 'fewer than 5' }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Fields: saving an empty form shows each field's own message, tied to its input.
    const form = page.getByRole('form', { name: 'Example form' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toBe('Please correct the fields marked below.');
    await expect.poll(() => form.getByLabel('First Name').getAttribute('aria-describedby')).toBe('guide-first-name-error');
    expect(await page.locator('#guide-first-name-error').innerText()).toBe('First Name field is required');
    await form.getByLabel('Password').fill('short');
    expect(await page.locator('#guide-password-error').innerText()).toBe('Use 15 or more characters.');
    const withErrors = await axeViolations(page);
    console.log(`axe violations, fields with errors: ${withErrors.length}`);
    expect(withErrors).toEqual([]);

    // Toasts: the real toaster, both variants.
    await page.getByRole('button', { name: 'Show a success toast' }).click();
    await page.getByRole('button', { name: 'Show an error toast' }).click();
    await expect.poll(() => page.getByText('API Error, please try again.').count()).toBe(1);
    await expect.poll(() => page.getByText('Your profile was saved.').count()).toBe(1);
    const withToasts = await axeViolations(page);
    console.log(`axe violations, toasts showing: ${withToasts.length}`);
    expect(withToasts).toEqual([]);

    // Dialog: labelled, modal, scroll locked, Escape closes it and focus returns to the opener.
    const opener = page.getByRole('button', { name: 'Open an example dialog' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    const withDialog = await axeViolations(page);
    console.log(`axe violations, dialog open: ${withDialog.length}`);
    expect(withDialog).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'You chose' }).innerText()).toBe('You chose: stay (Escape).');
    await context.close();
  }, 180_000);
});
