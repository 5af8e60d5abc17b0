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

/** The work areas the self-assessment sign-up page offers. */
async function offeredOnSignup(page: Page): Promise<string[]> {
  await page.goto('/user/self_assessment_signup');
  await page.getByRole('button', { name: 'Start the self-assessment' }).waitFor();
  return (await page.locator('.area-choices label strong').allTextContents()).map((t) => t.trim());
}

describe('the self-assessments offered follow the client', () => {
  it('Fabrikam, without Travel access, is not offered the Travel self-assessment', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.fabrikamEmployee);
    const areas = await offeredOnSignup(page);
    console.log('Fabrikam sign-up page offers:', areas.join(', '));
    expect(areas).toEqual(['Office self-assessment', 'Home self-assessment', 'Work-from-anywhere self-assessment', 'Lab self-assessment']);
    await context.close();
  });

  it('an admin sets Northwind to Office and Home with a reminder on /admin/self_assesment; employees see only those two', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Self-Assessment Settings' }).click();
    await page.waitForURL('**/admin/self_assesment');
    await page.getByRole('heading', { level: 1, name: 'Self-Assessment Settings' }).waitFor();
    await page.getByLabel('Client').selectOption({ label: 'Northwind' });
    await page.getByText('Northwind offers: Office, Home, Anywhere, Lab, Travel.').waitFor();
    expect(await page.locator('#root_follow_up_days').inputValue()).toBe('30');
    for (const area of ['Anywhere', 'Lab', 'Travel'])
      await page.locator('#root_work_area').getByRole('checkbox', { name: area, exact: true }).uncheck();
    await page.locator('#root_reminder_enabled').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Set the interval to send reminders').waitFor();
    await page.locator('#root_reassessment_days').fill('90');
    await page.locator('#root_follow_up_days').fill('21');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The self-assessment settings have been saved.').waitFor();
    await page.getByText('Northwind offers: Office, Home.').waitFor();
    const northwind = await product.server.ctx.db
      .selectFrom('clients')
      .select('id')
      .where('company_code', '=', 'NW01')
      .executeTakeFirstOrThrow();
    const stored = await product.server.ctx.db
      .selectFrom('client_assessment_settings')
      .select(['reassessment_days', 'reminder_enabled', 'follow_up_days'])
      .where('client_id', '=', northwind.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ reassessment_days: 90, reminder_enabled: true, follow_up_days: 21 });

    const employeeContext = await product.newContext();
    const employeePage = await employeeContext.newPage();
    await signIn(employeePage, ACCOUNTS.employee);
    const areas = await offeredOnSignup(employeePage);
    console.log('Northwind sign-up page offers:', areas.join(', '));
    expect(areas).toEqual(['Office self-assessment', 'Home self-assessment']);
    await employeeContext.close();
    await context.close();
  });
});
