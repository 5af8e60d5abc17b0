import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { ACCOUNTS } from '../helpers/accounts';
import { png } from '../helpers/images';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

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
/** Serious or critical accessibility problems axe finds on the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options(AXE_OPTIONS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const error = (page: Page, text: string) => page.locator('.error-detail', { hasText: text }).first().waitFor();

describe('client administration and per-client branding', () => {
  it('an admin creates a branded client and a user for it; the user sees the branding', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Clients', exact: true }).click();
    await page.waitForURL('**/admin/all_clients');
    await page.getByText('4 clients').waitFor();
    await page.getByRole('gridcell', { name: 'Northwind', exact: true }).waitFor();
    await page.getByLabel('Search name or code').fill('a45');
    await page.getByText('1 client', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Add client' }).click();
    await page.waitForURL('**/admin/add_client');
    await page.locator('#root_company_name').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // SPEC §5 messages for every invalid input, before anything reaches the server.
    await page.getByRole('button', { name: 'Create client' }).click();
    for (const message of [
      'Company Name field is required',
      'Company Code field is required',
      'Logo field is required',
      'Banner field is required',
      'By Default User Role field is required',
    ])
      await error(page, message);
    await page.locator('#root_company_name').fill('G'.repeat(31));
    await error(page, 'Company Name may not be greater than 30 characters');
    await page.locator('#root_company_code').fill('C'.repeat(11));
    await error(page, 'Company Code may not be greater than 10 characters');
    await page.locator('#root_home').fill('H'.repeat(21));
    await error(page, 'Home may not be greater than 20 characters');
    await page.locator('#root_videos').fill('');
    await error(page, 'Videos field is required');
    await page.locator('#root_logo_file').setInputFiles(file('huge-logo.png', 500, 120, [0, 85, 170]));
    await error(page, 'The logo must be upto 400 X 200 pixels');
    await page.locator('#root_banner_image').setInputFiles(file('huge-banner.png', 2000, 10, [0, 85, 170]));
    await error(page, 'The banner must be upto 1920 X 600 pixels');

    await page.locator('#root_company_name').fill('Globex Corporation');
    await page.locator('#root_company_code').fill('GLX7');
    await page.locator('#root_client_type').selectOption({ label: 'Enterprise' });
    await page.locator('#root_status').selectOption({ label: 'Active' });
    await page.locator('#root_default_user_role').selectOption({ label: 'Employee' });
    await page.locator('#root_report_type').selectOption({ label: 'Summary' });
    await page.locator('#root_logo_file').setInputFiles(file('globex-logo.png', 160, 48, [0, 85, 170]));
    await page.locator('#root_banner_image').setInputFiles(file('globex-banner.png', 800, 200, [20, 20, 60]));
    await page.locator('#root_hex_color').fill('#0055aa');
    await page.locator('#root_secondary_hex_color').fill('#14213d');
    await page.locator('#root_site_footer').fill('Globex footer, first draft.');
    await page.locator('#root_home').fill('Globex Home');
    await page.locator('#root_ergo').fill('Posture Basics');
    await page.locator('#root_videos').fill('Watch & Learn');
    await page.locator('#root_guideline_status').selectOption({ label: 'Hidden' });
    for (const section of ['Home Menu', 'Home', 'Office', 'Setup Guidelines', 'Work Better', 'Ergo Essentials']) {
      await page.locator('#root_access_list').getByRole('checkbox', { name: section, exact: true }).check();
    }
    await page.locator('#root_work_area').getByRole('checkbox', { name: 'Office', exact: true }).check();
    expect(await page.locator('.error-detail').allTextContents()).toEqual([]);
    await page.getByRole('button', { name: 'Create client' }).click();
    await page.waitForURL('**/admin/all_clients');
    await page.getByText('5 clients').waitFor();
    await page.getByRole('gridcell', { name: 'Globex Corporation', exact: true }).waitFor();
    await page.getByRole('img', { name: 'Globex Corporation logo' }).waitFor();

    // Editing keeps the stored images unless new ones are chosen.
    await page.getByRole('link', { name: 'Edit Globex Corporation' }).click();
    await page.waitForURL('**/admin/edit_client/*');
    await page.locator('#root_site_footer').fill('Globex: people first, posture second to none.');
    expect(await page.locator('#root_company_code').inputValue()).toBe('GLX7');
    await page.getByRole('button', { name: 'Save client' }).click();
    await page.waitForURL('**/admin/all_clients');

    // A user for the new client, through the users page.
    await page.goto('/admin/add_user');
    await page.getByLabel('First Name').fill('Gina');
    await page.getByLabel('Last Name').fill('Globex');
    await page.getByLabel('Email').fill('gina@globex.example');
    await page.getByRole('combobox', { name: /^User Role/ }).selectOption({ label: 'Employee' });
    await page.getByRole('combobox', { name: /^Client/ }).selectOption({ label: 'Globex Corporation' });
    await page.getByLabel('Password', { exact: true }).fill('a-comfortable-chair-2026');
    await page.getByLabel('Confirm password').fill('a-comfortable-chair-2026');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.waitForURL('**/admin/all_users');
    await context.close();

    const userContext = await product.newContext();
    const user = await userContext.newPage();
    await signIn(user, 'gina@globex.example', 'a-comfortable-chair-2026');
    await user.waitForURL('**/user');
    const nav = user.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Globex Home' }).waitFor();
    await nav.getByRole('link', { name: 'Posture Basics' }).waitFor();
    await nav.getByRole('link', { name: 'Watch & Learn' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Setup Guidelines' }).count()).toBe(0);
    const logo = user.getByRole('img', { name: 'Globex Corporation home' });
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    const banner = user.locator('img.client-banner');
    await banner.waitFor();
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    const colours = await user
      .locator('.layout')
      .first()
      .evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.getPropertyValue('--brand-primary').trim(), style.getPropertyValue('--brand-secondary').trim()];
      });
    expect(colours).toEqual(['#0055AA', '#14213D']);
    await user.getByText('Globex: people first, posture second to none.').waitFor();
    const stored = JSON.parse(await user.evaluate(() => localStorage.getItem('companyInformation') ?? '{}')) as Record<string, unknown>;
    expect(stored).toMatchObject({
      hex_color: '#0055AA',
      secondary_hex_color: '#14213D',
      site_footer: 'Globex: people first, posture second to none.',
    });
    await userContext.close();
  });

  it("an admin changes a client's home-page wording; its employees see it on the home and evaluation-request pages", async () => {
    const northwind = await product.server.ctx.db
      .selectFrom('clients')
      .select('id')
      .where('company_code', '=', 'NW01')
      .executeTakeFirstOrThrow();
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/admin/edit_client/cms/${northwind.id}`);
    await page.getByRole('heading', { name: 'Home page texts: Northwind' }).waitFor();
    await page
      .getByRole('row', { name: /welcome_title/ })
      .getByText('Welcome', { exact: true })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('welcome_title (en)').fill('Hello from Northwind');
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await page.getByText('The texts have been saved.').waitFor();
    await page.getByRole('link', { name: 'Español' }).click();
    await page.getByLabel('welcome_title (es)').waitFor();
    expect(await page.getByLabel('welcome_title (es)').inputValue()).toBe('');
    await page
      .getByRole('navigation', { name: 'Client wording' })
      .getByRole('link', { name: 'Evaluation request texts', exact: true })
      .click();
    await page.getByLabel('submit_label (en)').fill('Book my ergonomist');
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect
      .poll(
        async () =>
          (
            await product.server.ctx.db
              .selectFrom('client_text_overrides')
              .select('text')
              .where('text_key', '=', 'submit_label')
              .executeTakeFirst()
          )?.text,
      )
      .toBe('Book my ergonomist');
    await context.close();

    const employeeContext = await product.newContext();
    const employee = await employeeContext.newPage();
    await signIn(employee, ACCOUNTS.employee);
    await employee.getByRole('heading', { name: 'Hello from Northwind, Erin' }).waitFor();
    await employee.goto('/user/schedule_eval');
    await employee.getByRole('heading', { name: 'Request a one-to-one evaluation' }).waitFor();
    expect(await seriousViolations(employee)).toEqual([]);
    await employee.getByRole('button', { name: 'Book my ergonomist' }).click();
    await employee.getByText('Please tell us when you are available.').waitFor();
    await employee.getByLabel('When are you available?').fill('Weekday mornings, UK time');
    await employee.getByRole('button', { name: 'Book my ergonomist' }).click();
    await employee.getByText('Thank you. We will e-mail you within two business days to confirm a time.').waitFor();
    await employeeContext.close();
  });
});
