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

describe('signing in lands each role where SPEC §4 says, with its menus', () => {
  it("an employee lands on the site home and sees the client's menu", async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    expect(new URL(page.url()).pathname).toBe('/user');
    const menu = page.getByRole('navigation', { name: 'Main' });
    // The demo client's own menu texts (src/server/db/demo-data.ts, each within SPEC §9's 20 characters).
    await menu.getByRole('link', { name: 'Self-Assessment' }).waitFor();
    for (const item of ['Home', 'Ergo Essentials', 'Setup Guidelines', 'Work Better', 'Videos', 'Self-Assessment']) {
      await expect(menu.getByRole('link', { name: item, exact: true }).count()).resolves.toBe(1);
    }
    await expect(menu.getByRole('link', { name: 'Request Evaluation' }).count()).resolves.toBe(0);
    await menu.getByRole('link', { name: 'Ergo Essentials' }).click();
    await page.waitForURL('**/user/ergo_essentials');
    await page.waitForFunction(() => document.title === 'ErgoPortal - Ergo Essentials');
    // An admin page is not for employees: SPEC §6 sends employee-dashboard holders to My Reports.
    await page.goto('/admin/all_users');
    await page.waitForURL('**/user/my-reports');
    await context.close();
  });

  it('an administrator lands on the admin center and sees the admin sidebar', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    expect(new URL(page.url()).pathname).toBe('/admin');
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await sidebar.getByRole('link', { name: 'Users', exact: true }).waitFor();
    expect(await sidebar.getByRole('link').allInnerTexts()).toEqual(
      expect.arrayContaining(['Users', 'Clients', 'Email Templates', 'Audit Log']),
    );
    await sidebar.getByRole('link', { name: 'Clients' }).click();
    await page.waitForURL('**/admin/all_clients');
    await page.getByRole('heading', { level: 1, name: 'All Clients' }).waitFor();
    await context.close();
  });

  it('a programme manager lands on Program Overview; an employee of the branded client on its sub-site', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.manager);
    expect(new URL(page.url()).pathname).toBe('/user/program-overview');
    await page.goto('/user/evaluator');
    await page.waitForURL('**/no-acces-granted');
    await page.getByRole('heading', { level: 1, name: 'No access granted' }).waitFor();
    await context.close();

    const branded = await product.newContext();
    const arcadia = await branded.newPage();
    await signIn(arcadia, ACCOUNTS.arcadiaEmployee);
    expect(new URL(arcadia.url()).pathname).toBe('/arcadia');
    await arcadia.getByText('Be mindful').waitFor();
    await arcadia.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get an Assessment' }).waitFor();
    expect(await arcadia.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).toEqual([
      'Home',
      'Productivity',
      'Equipment Guides',
      'Get an Assessment',
    ]);
    await branded.close();
  });

  it('a guest asking for a protected page signs in and is taken back to it', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto('/user/my-reports');
    await page.waitForURL('**/user/login?redirect=%2Fuser%2Fmy-reports');
    await signIn(page, ACCOUNTS.employee);
    expect(new URL(page.url()).pathname).toBe('/user/my-reports');
    await context.close();
  });

  it("a wrong password shows the server's message and stays on the login page", async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByLabel('Email').fill(ACCOUNTS.evaluator);
    await page.getByLabel('Password').fill('definitely-not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await context.close();
  });

  it('logout runs the SPEC §4 flow: session ended, stored keys removed, back to login', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.evaluate(() => {
      localStorage.setItem('employeeEmail', 'x');
      localStorage.setItem('loginType', '0');
    });
    await page.getByRole('button', { name: /Erin/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/user/login' && url.search === '');
    const stored = await page.evaluate(() => ({
      email: localStorage.getItem('employeeEmail'),
      company: localStorage.getItem('companyInformation'),
      guest: localStorage.getItem('isGuest'),
    }));
    expect(stored).toEqual({ email: null, company: null, guest: 'true' });
    const status = await page.evaluate(async () => (await fetch('/blogs/api/get-user', { credentials: 'include' })).status);
    expect(status).toBe(401);
    await context.close();
  });
});
