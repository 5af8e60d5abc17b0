/**
 * What a new user of each demo account meets in the first hour: the phone menu (SPEC §2 "Mobile
 * sidebar"), links that must not lead to a 403 or 404 (SPEC §6), the header kept on the error
 * pages, and the branded client's employees kept in the branded area (SPEC §2 "Branded area").
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

const PHONE = { width: 390, height: 844 };

async function signedIn(email: string, viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await product.browser.newContext({ baseURL: product.server.url, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** Opens the phone menu and returns its entries' names and addresses. */
async function openPhoneMenu(page: Page): Promise<{ label: string; href: string }[]> {
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await dialog.waitFor();
  const links = dialog.getByRole('link');
  await links.first().waitFor({ state: 'visible' });
  return links.evaluateAll((as) =>
    as.map((a) => ({ label: (a.textContent ?? '').trim(), href: new URL((a as HTMLAnchorElement).href).pathname })),
  );
}

describe('the phone menu at 390 × 844', () => {
  it.each([
    [
      'employee',
      ACCOUNTS.employee,
      '/user/ergo_essentials',
      ['Home', 'Ergo Essentials', 'Setup Guidelines', 'Work Better', 'My Reports', 'Help Center', 'Profile'],
    ],
    ['manager', ACCOUNTS.manager, '/user/program-overview', ['Program Overview', 'Profile']],
    ['employee on a report page', ACCOUNTS.employee, '/user/my-reports/viewreport/no-such-report', ['Home', 'My Reports', 'Profile']],
    [
      'branded employee',
      ACCOUNTS.arcadiaEmployee,
      '/arcadia/productivity-a45',
      ['Home', 'Productivity', 'Equipment Guides', 'My Reports', 'Profile'],
    ],
  ])(
    'lists the desktop menus for the %s, is keyboard usable and returns focus',
    async (_who, email, path, expected) => {
      const { context, page } = await signedIn(email, PHONE);
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const desktopMenu = page.locator('.header-inner > nav');
      expect(await desktopMenu.isVisible()).toBe(false);
      const entries = await openPhoneMenu(page);
      console.log(`${_who}: phone menu has ${entries.length} entries: ${entries.map((e) => e.label).join(', ')}`);
      for (const label of expected) expect(entries.map((e) => e.label)).toContain(label);
      expect(await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      // Focus is inside the panel; Escape closes it and focus returns to the Menu button.
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
      // Every entry opens its page (no 403, no 404).
      for (const entry of entries) {
        await page.goto(entry.href);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(new URL(page.url()).pathname, `${entry.label} → ${entry.href}`).not.toMatch(/^\/(no-acces-granted|page-not-found)$/);
      }
      await context.close();
    },
    120_000,
  );
});

describe('no link leads to a page the user cannot open', () => {
  it('at Contoso (self-assessment off) My Reports and the guidance pages offer no self-assessment', async () => {
    const { context, page } = await signedIn(ACCOUNTS.contosoEmployee);
    await page.goto('/user/my-reports');
    await page.getByRole('heading', { name: 'My Reports' }).waitFor();
    await page
      .getByText(/You have no reports yet|Your reports/)
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: /self-assessment/i }).count()).toBe(0);
    await page.goto('/user/ergo_essentials');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await page.getByRole('complementary', { name: 'Next step' }).getByRole('link', { name: 'Request an evaluation' }).waitFor();
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    expect(hrefs.filter((h) => h.startsWith('/user/self_assessment'))).toEqual([]);
    expect(hrefs).toContain('/user/schedule_eval');
    await context.close();
  });

  it.each([
    ['admin', ACCOUNTS.admin],
    ['video viewer', ACCOUNTS.videoViewer],
  ])("the %s's profile dropdown leads to no 403", async (_who, email) => {
    const { context, page } = await signedIn(email);
    await page.locator('.profile-button').click();
    const hrefs = await page.locator('.dropdown-menu a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    console.log(`${_who}: profile dropdown links ${hrefs.join(', ')}`);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      await page.goto(href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(new URL(page.url()).pathname, href).not.toBe('/no-acces-granted');
    }
    await context.close();
  });

  it('the 403 and 404 pages keep the signed-in header', async () => {
    const { context, page } = await signedIn(ACCOUNTS.employee);
    for (const path of ['/no-acces-granted', '/user/no/such/page']) {
      await page.goto(path);
      await page.getByRole('heading', { name: /No access granted|Page not found/ }).waitFor();
      await page.locator('.profile-button').waitFor();
      expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
    }
    await context.close();
  });
});

describe("the branded client's employee stays in the branded area", () => {
  it('profile dropdown, footer and guides lead to branded pages', async () => {
    const { context, page } = await signedIn(ACCOUNTS.arcadiaEmployee);
    await page.goto('/arcadia/productivity-a45');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.locator('.profile-button').click();
    const dropdown = await page.locator('.dropdown-menu a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    console.log(`branded profile dropdown: ${dropdown.join(', ')}`);
    expect(dropdown).toContain('/arcadia/profile');
    expect(dropdown).toContain('/arcadia/employee_dashboard/my_report');
    const footer = await page.locator('footer a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    expect(footer).toContain('/arcadia/ergo-videos');
    const body = await page.locator('main a[href^="/"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    expect(body.length).toBeGreaterThan(0);
    expect(body.filter((h) => !h.startsWith('/arcadia'))).toEqual([]);
    // A report view (an employee-site address) shows the branded header and footer.
    await page.goto('/user/my-reports/viewreport/no-such-report');
    await page.getByRole('heading', { name: 'Report not found' }).waitFor();
    await page.locator('.branded-footer').waitFor();
    const links = await page
      .locator('header a[href^="/"], footer a[href^="/"], main a[href^="/"]')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    expect(links.filter((h) => !h.startsWith('/arcadia'))).toEqual([]);
    await context.close();
  });
});
