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

/** The calls the admin center makes together when it opens (src/web/pages/admin/admin-figures.ts). */
const FIGURE_CALLS = [
  '/admin/roles?size=1',
  '/admin/users?size=1',
  '/admin/lookups',
  '/admin/email-templates?size=1',
  '/admin/audit-log?size=1',
];
const API = '/blogs/api';

describe('SPEC §4 single-flight refresh in Chromium', () => {
  it('five calls answered 401 at once share exactly one refresh, then all five succeed', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    const log: string[] = [];
    let inFlight = 0;
    page.on('request', (r) => {
      if (!r.url().includes(API)) return;
      inFlight += 1;
      log.push(`request ${r.url().split(API)[1]}`);
    });
    page.on('response', (r) => {
      if (r.url().includes(API)) log.push(`${r.status()} ${r.url().split(API)[1]}`);
    });
    const settle = () => {
      if (inFlight > 0) inFlight -= 1;
    };
    page.on('requestfinished', (r) => r.url().includes(API) && settle());
    page.on('requestfailed', (r) => r.url().includes(API) && settle());

    await signIn(page, ACCOUNTS.superAdmin);
    await page.waitForURL('**/admin');
    const figures = page.locator('.card-figure');
    await expect.poll(() => figures.count()).toBe(FIGURE_CALLS.length);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL('**/admin/all_users');
    await page.getByRole('gridcell', { name: ACCOUNTS.employee, exact: true }).waitFor();
    // The users page asks for its own lookups too; a late answer must not land in the log below.
    await expect.poll(() => inFlight).toBe(0);

    // Eleven minutes later on the server's clock the access credential (ten minutes) has expired;
    // the session itself (30 minutes idle) has not. Going back opens the admin center in the page,
    // which asks for its five figures at once with the expired credential.
    product.server.advance(11 * 60 * 1000);
    log.length = 0;
    await page.goBack();
    await page.waitForURL('**/admin');
    for (const figure of ['roles', 'users', 'clients', 'templates', '(entry|entries)']) {
      await page.locator('.card-figure', { hasText: new RegExp(`^\\d+ ${figure}$`) }).waitFor();
    }

    expect(log.filter((line) => line === 'request /refresh-token')).toHaveLength(1);
    expect(log).toContain('200 /refresh-token');
    const refreshAt = log.indexOf('request /refresh-token');
    for (const call of FIGURE_CALLS) {
      const answers = log.filter((line) => line.endsWith(` ${call}`) && !line.startsWith('request'));
      // First with the expired credential, then once more after the one refresh.
      expect(answers, call).toEqual([`401 ${call}`, `200 ${call}`]);
      expect(log.indexOf(`request ${call}`), call).toBeLessThan(refreshAt);
      expect(log.lastIndexOf(`request ${call}`), call).toBeGreaterThan(refreshAt);
    }
    await context.close();
  });

  it('asks only for the figures the administrator may read: no call is refused', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    const answers: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes(`${API}/admin/`)) answers.push(`${r.status()} ${r.url().split(API)[1]}`);
    });
    // An Admin holds role-view but is not Super_admin, whom alone the roles pages serve (SPEC §6).
    await signIn(page, ACCOUNTS.admin);
    await page.waitForURL('**/admin');
    await expect.poll(() => page.locator('.card-figure').count()).toBe(4);
    expect(answers.sort()).toEqual(
      FIGURE_CALLS.filter((c) => c !== '/admin/roles?size=1')
        .map((c) => `200 ${c}`)
        .sort(),
    );
    await context.close();
  });
});
