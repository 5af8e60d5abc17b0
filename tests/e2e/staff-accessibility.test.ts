import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { seriousAxe, signedInPage } from './support/dashboards';
import { startProduct, type Product } from './support/product';

/**
 * The staff workspace (SPEC §2 programme manager, evaluator and admin pages) on the demo history:
 * each page a buyer would look at first has no serious or critical axe violation, on a desktop and
 * on a 390 px phone.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct({ DEMO_HISTORY: 'all' });
}, 180_000);
afterAll(async () => {
  await product?.close();
});

/** Waits for the page's heading and for every "Loading" state to finish, then answers axe's serious findings. */
async function settledAxe(page: Page, path: string): Promise<string[]> {
  if (path) await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.getByText(/^Loading\b/).count(), { timeout: 20_000 }).toBe(0);
  return (await seriousAxe(page)).map((v) => `${page.url()} ${v}`);
}

const MANAGER_PAGES = [
  '/user/program-overview',
  '/user/editclientreport/pending',
  '/user/self-assessment-activity',
  '/user/ergo-eval-activity',
  '/user/client-activity',
  '/user/follow-up-feedback',
  '/user/custom-search-self-assessment',
];
const ADMIN_PAGES = ['/admin/send_notification', '/admin/email_template', '/admin/audit-log-viewer'];

describe.each([1366, 390])('staff pages at %i px pass axe', (width) => {
  it('programme manager: overview, approvals, activity pages and custom search', async () => {
    const page = await signedInPage(product, ACCOUNTS.manager, width);
    const problems: string[] = [];
    for (const path of MANAGER_PAGES) problems.push(...(await settledAxe(page, path)));
    expect(problems).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('evaluator: the inbox and a report being written', async () => {
    const page = await signedInPage(product, ACCOUNTS.evaluator, width);
    const problems = await settledAxe(page, '/user/evaluator');
    // The report sent back for changes opens in the evaluation form.
    await page.getByRole('link', { name: 'Continue writing' }).first().click();
    await page.waitForURL(/\/user\/new-evaluation\/\d+\/\d+\?evaluation=\d+/);
    await page.getByRole('heading', { level: 1, name: /^New Evaluation/ }).waitFor();
    problems.push(...(await settledAxe(page, '')));
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('administrator: notifications, e-mail templates and the audit log', async () => {
    const page = await signedInPage(product, ACCOUNTS.admin, width);
    const problems: string[] = [];
    for (const path of ADMIN_PAGES) problems.push(...(await settledAxe(page, path)));
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);
});
