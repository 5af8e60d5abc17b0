import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { sidewaysScroll } from './support/link-crawl';
import { signIn, startProduct, type Product } from './support/product';

/**
 * The staff pages on a phone (SPEC §2 mobile sidebar: the sidebar folds into the slide-out menu,
 * filters fold behind a button) and the client manager's shell (one sidebar, the client worked on
 * in the header, Program Management in the desktop menu), through the built product.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function signedIn(browser: Browser, email: string, viewport: typeof PHONE): Promise<Page> {
  const context = await browser.newContext({ baseURL: product.server.url, viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function opened(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

describe('staff pages on a 390 px phone', () => {
  it('the sidebar folds into the slide-out menu: one entry a line, Escape closes it and focus returns to Menu', async () => {
    const page = await signedIn(product.browser, ACCOUNTS.manager, PHONE);
    await opened(page, '/user/self-assessment-activity');
    // The dashboard sidebar is not stacked above the page.
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).resolves.toBe(false);
    expect(await sidewaysScroll(page)).toBe(0);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    // Focus moved into the panel.
    expect(await page.evaluate(() => !!document.activeElement?.closest('#mobile-sidebar'))).toBe(true);
    // The sidebar's entries are in it, one a line: each below the one before, all at the same left edge.
    const boxes = await dialog.locator('li').evaluateAll((items) =>
      items.map((li) => {
        const b = li.getBoundingClientRect();
        return { top: b.top, bottom: b.bottom, left: b.left, text: li.textContent?.trim() ?? '' };
      }),
    );
    const texts = boxes.map((b) => b.text);
    for (const entry of ['Self-Assessment', 'Client Activity', 'Custom Search', 'Help Center', 'Logout']) expect(texts).toContain(entry);
    for (let i = 1; i < boxes.length; i += 1) {
      expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 1);
      expect(boxes[i]!.left).toBe(boxes[0]!.left);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('the admin sidebar is in the phone menu too', async () => {
    const page = await signedIn(product.browser, ACCOUNTS.admin, PHONE);
    await opened(page, '/admin/all_users');
    await expect(page.getByRole('navigation', { name: 'Admin' }).isVisible()).resolves.toBe(false);
    expect(await sidewaysScroll(page)).toBe(0);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    for (const entry of ['Users', 'Clients', 'Audit Log']) await dialog.getByRole('link', { name: entry, exact: true }).waitFor();
    await page.context().close();
  });

  it('filters fold behind a Filters button on a phone and are open on a desktop', async () => {
    const phone = await signedIn(product.browser, ACCOUNTS.manager, PHONE);
    await opened(phone, '/user/self-assessment-activity');
    const filters = phone.getByRole('button', { name: 'Filters', exact: true });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    await expect(phone.getByLabel('Work area', { exact: true }).isVisible()).resolves.toBe(false);
    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await phone.getByLabel('Work area', { exact: true }).waitFor();
    await filters.click();
    await phone.getByLabel('Work area', { exact: true }).waitFor({ state: 'hidden' });
    await phone.context().close();

    const desktop = await signedIn(product.browser, ACCOUNTS.manager, DESKTOP);
    await opened(desktop, '/user/self-assessment-activity');
    await desktop.getByLabel('Work area', { exact: true }).waitFor();
    expect(await desktop.getByRole('button', { name: 'Filters', exact: true }).count()).toBe(0);
    await desktop.context().close();
  });
  // Last of its group: the programme manager keeps German afterwards.
  it('the Menu button and the Filters button speak the reader’s language', async () => {
    const page = await signedIn(product.browser, ACCOUNTS.manager, PHONE);
    await opened(page, '/user/profile');
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ihr Profil' }).waitFor();
    await opened(page, '/user/self-assessment-activity');
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menü' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Filter', exact: true }).waitFor();
    await page.context().close();
  });
});

describe('the client manager’s shell', () => {
  /** The sidebars on the page and the entries of each. */
  const sidebars = (page: Page) =>
    page.locator('nav.sidebar').evaluateAll((navs) => navs.map((nav) => [...nav.querySelectorAll('a')].map((a) => a.textContent?.trim())));

  it('one sidebar, the same on every page, with Program Management; the header names the client worked on', async () => {
    const page = await signedIn(product.browser, ACCOUNTS.clientManager, DESKTOP);
    await opened(page, '/user/client-manager');
    const clients = await page
      .locator('section[data-client-id]')
      .evaluateAll((sections) => sections.map((s) => ({ id: s.getAttribute('data-client-id'), name: s.querySelector('h2')?.textContent })));
    const contoso = clients.find((c) => c.name === 'Contoso');
    expect(contoso).toBeDefined();
    const first = await sidebars(page);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('Program Management');
    expect(first[0]).toContain('Self-Assessment');
    // Program Management's page names no single client: the header shows the manager's own (its logo).
    expect(await page.locator('.working-client').count()).toBe(0);
    await page
      .locator('header')
      .getByRole('img', { name: /Northwind/ })
      .waitFor();

    for (const path of [
      '/user/self-assessment-activity',
      `/user/client-reports/${contoso!.id}`,
      '/user/client-activity',
      '/user/help-center',
    ]) {
      await opened(page, path);
      const seen = await sidebars(page);
      expect(seen, path).toEqual(first);
    }

    // A client page names its client in the header, not the manager's home client (Northwind).
    await opened(page, `/user/client-reports/${contoso!.id}`);
    const header = page.locator('header');
    await header.getByText('Contoso').waitFor();
    expect(await header.getByRole('img', { name: /Northwind/ }).count()).toBe(0);
    // Its sidebar's client pages open the same client.
    expect(await page.locator('nav.sidebar .sidebar-sub a').first().getAttribute('href')).toMatch(new RegExp(`/${contoso!.id}$`));

    // On an activity page the client chosen in the page's picker is the header's.
    await opened(page, '/user/self-assessment-activity');
    await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Contoso' });
    await header.getByText('Contoso').waitFor();
    await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Arcadia' });
    await header.getByText('Arcadia').waitFor();
    expect(await header.getByText('Contoso').count()).toBe(0);
    await page.context().close();
  });

  it('at 390 px the client manager’s pages fit and the phone menu lists Program Management', async () => {
    const page = await signedIn(product.browser, ACCOUNTS.clientManager, PHONE);
    for (const path of [
      '/user/client-manager',
      '/user/client-program-overview',
      '/user/client-reports',
      '/user/client-request',
      '/user/client-followups',
    ]) {
      await opened(page, path);
      expect(await sidewaysScroll(page), path).toBe(0);
      expect(await page.locator('nav.sidebar').isVisible(), path).toBe(false);
    }
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Program Management', exact: true }).waitFor();
    await page.context().close();
  });

  it('Switch Client starts with the current client selected', async () => {
    const page = await signedIn(product.browser, ACCOUNTS.superAdmin, DESKTOP);
    await page.locator('.profile-button').click();
    await page.getByRole('button', { name: 'Switch Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch Client' });
    await dialog.getByRole('radio').first().waitFor();
    await expect(dialog.getByRole('radio', { name: 'Northwind' }).isChecked()).resolves.toBe(true);
    expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(1);
    await page.context().close();
  });
});
