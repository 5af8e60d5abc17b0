import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { ACCOUNTS } from '../helpers/accounts';
import { png } from '../helpers/images';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

/**
 * The whole administrator story in the browser (SPEC §2 admin routes, /user/roles; §5 forms; §6):
 * the super administrator creates a client with a logo, colours and menu texts, then a role with
 * the employee-site permissions, then a user of that client with that role; the user signs in and
 * sees the client's branding and menus.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

const file = (name: string, width: number, height: number, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: png(width, height, rgb),
});
const error = (page: Page, text: string) => page.locator('.error-detail', { hasText: text }).first().waitFor();
const EMPLOYEE_SITE = ['site-ergo-ally-site-view', 'site-video-page-only-view', 'dashboard-pages-employee-dashboard-view'];

async function createClient(page: Page) {
  await page.goto('/admin/add_client');
  await page.locator('#root_company_name').fill('Initech');
  await page.locator('#root_company_code').fill('INI1');
  await page.locator('#root_client_type').selectOption({ label: 'Enterprise' });
  await page.locator('#root_status').selectOption({ label: 'Active' });
  await page.locator('#root_default_user_role').selectOption({ label: 'Employee' });
  await page.locator('#root_report_type').selectOption({ label: 'Summary' });
  await page.locator('#root_logo_file').setInputFiles(file('initech-logo.png', 120, 40, [120, 40, 140]));
  await page.locator('#root_banner_image').setInputFiles(file('initech-banner.png', 900, 240, [120, 40, 140]));
  await page.locator('#root_hex_color').fill('#78288c');
  await page.locator('#root_secondary_hex_color').fill('#102030');
  await page.locator('#root_home').fill('Initech Home');
  await page.locator('#root_work_better').fill('Thrive at Work');
  await page.locator('#root_videos').fill('Short Films');
  for (const section of ['Home Menu', 'Home', 'Office', 'Setup Guidelines', 'Work Better', 'Ergo Essentials']) {
    await page.locator('#root_access_list').getByRole('checkbox', { name: section, exact: true }).check();
  }
  await page.locator('#root_work_area').getByRole('checkbox', { name: 'Office', exact: true }).check();
  await page.getByRole('button', { name: 'Create client' }).click();
  await page.waitForURL('**/admin/all_clients');
}

async function createRole(page: Page) {
  await page.goto('/user/roles');
  await page.getByRole('gridcell', { name: 'Video Viewer', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Add role' }).click();
  await page.waitForURL('**/user/roles/add');
  await page.locator('#root_name').waitFor();
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).options(AXE_OPTIONS).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // SPEC §5: a field left empty says so, typing updates the messages, and saving validates first.
  await page.locator('#root_name').focus();
  await page.keyboard.press('Tab');
  await error(page, 'Role Name field is required');
  expect(await page.locator('.error-detail').allTextContents()).toEqual(['Role Name field is required']);
  await page.locator('#root_name').fill('Initech Staff');
  await expect.poll(() => page.locator('.error-detail').allTextContents()).toEqual(['Description field is required']);
  await page.getByRole('button', { name: 'Create role' }).click();
  await error(page, 'Description field is required');
  expect(new URL(page.url()).pathname).toBe('/user/roles/add');
  await page.locator('#root_name').fill('');
  await error(page, 'Role Name field is required');
  await page.locator('#root_name').fill('Initech Staff');
  await page.locator('#root_description').fill('Employees of Initech: guidance, videos and their reports.');
  await expect.poll(() => page.locator('.error-detail').count()).toBe(0);
  for (const permission of EMPLOYEE_SITE) await page.getByRole('checkbox', { name: new RegExp(`^${permission} `) }).check();
  // The server refuses a name already taken in another case, and nothing is created.
  await page.locator('#root_name').fill('employee');
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.getByText('The Role Name has already been taken.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/user/roles/add');
  await page.locator('#root_name').fill('Initech Staff');
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.waitForURL('**/user/roles');
  await expect.poll(() => page.getByRole('row', { name: /^Initech Staff Employees of Initech.* 3 Edit/ }).count()).toBe(1);
}

async function createUser(page: Page) {
  await page.goto('/admin/add_user');
  await page.getByLabel('First Name').fill('Ines');
  await page.getByLabel('Last Name').fill('Initech');
  await page.getByLabel('Email').fill('ines@initech.example');
  await page.getByRole('combobox', { name: /^User Role/ }).selectOption({ label: 'Initech Staff' });
  await page.getByRole('combobox', { name: /^Client/ }).selectOption({ label: 'Initech' });
  await page.getByLabel('Password', { exact: true }).fill('a-comfortable-chair-2026');
  await page.getByLabel('Confirm password').fill('a-comfortable-chair-2026');
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.waitForURL('**/admin/all_users');
}

describe('the administrator story', () => {
  it('client, then role, then user; the user signs in to the branded client with its menus', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.superAdmin);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await createClient(page);
    await createRole(page);
    await createUser(page);
    await context.close();

    const audited = await product.server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'role.created')
      .executeTakeFirstOrThrow();
    expect(audited.details).toMatchObject({ after: { display_name: 'Initech Staff', permissions: [...EMPLOYEE_SITE].sort() } });

    const userContext = await product.newContext();
    const user = await userContext.newPage();
    await signIn(user, 'ines@initech.example', 'a-comfortable-chair-2026');
    await user.waitForURL('**/user');
    const nav = user.getByRole('navigation', { name: 'Main' });
    for (const item of ['Initech Home', 'Thrive at Work', 'Short Films', 'Ergo Essentials'])
      await nav.getByRole('link', { name: item, exact: true }).waitFor();
    const logo = user.getByRole('img', { name: 'Initech home' });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await expect.poll(() => user.locator('img.client-banner').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
    const colours = await user
      .locator('.layout')
      .first()
      .evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.getPropertyValue('--brand-primary').trim(), style.getPropertyValue('--brand-secondary').trim()];
      });
    expect(colours).toEqual(['#78288C', '#102030']);
    // The role holds no admin permission: the admin center is not for this user.
    await user.goto('/admin');
    await user.waitForURL((url) => url.pathname !== '/admin');
    await userContext.close();
  });
});
