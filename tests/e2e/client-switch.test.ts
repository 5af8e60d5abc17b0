import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

/** Opens the Switch Client popup from the profile menu and returns the client names it offers. */
async function openSwitch(page: Page) {
  await page.getByRole('button', { name: /Sam/ }).click();
  await page.getByRole('button', { name: 'Switch Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch Client' });
  await dialog.getByRole('radio').first().waitFor();
  const names = (
    await dialog
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-label') ?? r.closest('label')?.textContent ?? ''))
  ).map((n) => n.trim());
  return { dialog, names };
}

describe('Switch Client goes both ways', () => {
  it('a super admin switches from Northwind to Arcadia and back', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.superAdmin);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    const first = await openSwitch(page);
    console.log('offered on Northwind:', first.names.join(' | '));
    expect(first.names).toHaveLength(4);
    await first.dialog.getByText('Arcadia').click();
    await first.dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Client changed successfully.').waitFor();
    await page.waitForURL('**/admin', { timeout: 10_000 });
    await page.getByText('Arcadia wellbeing programme, powered by ErgoPortal.').waitFor();

    const second = await openSwitch(page);
    console.log('offered on Arcadia:', second.names.join(' | '));
    expect(second.names).toHaveLength(4);
    expect(second.names.some((n) => n.includes('Northwind'))).toBe(true);
    await second.dialog.getByText('Northwind').click();
    await second.dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Client changed successfully.').waitFor();
    await page.getByText('Northwind Traders ergonomics programme.').waitFor({ timeout: 10_000 });
    await context.close();
  });
});
