import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
  await product.server.ctx.db
    .insertInto('mail_outbox')
    .values({
      to_address: 'imogen.price@contoso.example',
      subject: 'Your self-assessment report',
      body_text: 'x',
      status: 'failed',
      attempts: 5,
      last_error: '550 5.1.1 mailbox unavailable',
    })
    .execute();
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

const card = (page: Page, label: string) =>
  page
    .locator('.health-stat')
    .filter({ has: page.locator('.health-label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.health-value');

describe('super admin dashboard', () => {
  it('opens from the admin center and shows the figures the database holds, with no serious axe violation', async () => {
    const page = await signedIn(ACCOUNTS.superAdmin);
    await page.goto('/admin');
    await page.getByRole('link', { name: /Super Admin Dashboard/ }).click();
    await page.waitForURL('**/user/superadmin-dashboard');
    await page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /Figures as of/ })
      .waitFor();
    const users = Number(
      (
        await product.server.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const clients = Number(
      (
        await product.server.ctx.db
          .selectFrom('clients')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await card(page, 'Users').textContent()).toBe(users.toLocaleString('en'));
    expect(await card(page, 'Clients').textContent()).toBe(clients.toLocaleString('en'));
    expect(Number(await card(page, 'Active sessions').textContent())).toBeGreaterThanOrEqual(1);
    expect(await card(page, 'Failed').textContent()).toBe('1');
    const failures = page.getByRole('region', { name: 'Latest failed mail' });
    await failures.getByRole('cell', { name: 'i***@contoso.example' }).waitFor();
    await failures.getByRole('cell', { name: '550 5.1.1 mailbox unavailable' }).waitFor();
    await page.getByText(/^Intact: \d+ entries checked/).waitFor();
    await page.getByRole('region', { name: 'Largest tables' }).getByRole('cell', { name: 'users', exact: true }).waitFor();
    await page.getByText(/this server process's own since it started/).waitFor();
    await page.getByRole('region', { name: 'Slowest calls by time' }).getByRole('cell', { name: 'login', exact: true }).waitFor();

    // Refresh reads the figures again: the health call itself now appears among the calls.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page
      .getByRole('region', { name: 'Slowest calls by time' })
      .getByRole('cell', { name: 'superadmin_health', exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();

    const axe = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
    const serious = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    console.log(
      'axe violations (all impacts)',
      axe.violations.map((v) => `${v.id} (${v.impact})`),
      'serious or critical',
      serious.length,
      { users, clients },
    );
    expect(serious).toEqual([]);
    await page.context().close();
  });

  it('fits a 390 px wide screen without horizontal scrolling, and is reachable by keyboard', async () => {
    const page = await signedIn(ACCOUNTS.superAdmin, 390);
    await page.goto('/user/superadmin-dashboard');
    await page
      .getByRole('status')
      .filter({ hasText: /Figures as of/ })
      .waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    console.log('at 390 px', widths);
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    // The Refresh button and each scrolling table take the keyboard focus.
    await page.getByRole('button', { name: 'Refresh' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Latest failed mail');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: /Figures as of/ })
      .waitFor();
    await page.context().close();
  });

  it('says so when the figures cannot be loaded, and Refresh tries again', async () => {
    const page = await signedIn(ACCOUNTS.superAdmin);
    const health = '**/blogs/api/superadmin/health';
    await page.route(health, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, errors: 'Something went wrong. Please try again.' }),
      }),
    );
    await page.goto('/user/superadmin-dashboard');
    await page.getByRole('alert').filter({ hasText: 'The figures could not be loaded' }).waitFor();
    expect(await page.locator('.health-stat').count()).toBe(0);
    await page.unroute(health);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Figures as of/ })
      .waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'The figures could not be loaded' }).count()).toBe(0);
    expect(await page.locator('.health-stat').count()).toBeGreaterThan(5);
    await page.context().close();
  });

  it('is not offered to an administrator without the Super_admin role', async () => {
    const page = await signedIn(ACCOUNTS.admin);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Center' }).waitFor();
    expect(await page.getByRole('link', { name: /Super Admin Dashboard/ }).count()).toBe(0);
    await page.goto('/user/superadmin-dashboard');
    await page.waitForURL((url) => url.pathname !== '/user/superadmin-dashboard');
    expect(await page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' }).count()).toBe(0);
    await page.context().close();
  });
});
