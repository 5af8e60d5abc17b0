import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';

/**
 * How public and guidance pages load (page-weight bench targets): a pre-rendered page is never
 * replaced by a loader, public pages fetch no admin or toast libraries, and a guidance page fetches
 * its page chunk and content while the sign-in check is still under way rather than after it.
 */
let product: Product;
beforeAll(async () => { product = await startProduct(); });
afterAll(async () => { await product?.close(); });

function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
  return scripts;
}

describe('a pre-rendered public page', () => {
  it('keeps its content on screen while the app starts, and loads no admin or toast code', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    // Records whether a loader ever covered the page or the heading ever left the document.
    await page.addInitScript(() => {
      const seen = { loader: false, headingGone: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('.full-page-loader')) seen.loader = true;
        if (document.readyState !== 'loading' && !document.querySelector('h1')) seen.headingGone = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Work comfortably, wherever you work' }).waitFor();
    // The app has taken over the page (React marks the container it renders into).
    await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Work comfortably, wherever you work' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)).toEqual({ loader: false, headingGone: false });
    expect(scripts.some((s) => s.includes('/marketing-page-'))).toBe(true);
    expect(scripts.filter((s) => /\/(toaster|admin-|all-users|client-switch-popup|ag-grid|rjsf)/.test(s))).toEqual([]);
    await context.close();
  });
});

describe('a guidance page opened directly', () => {
  it('requests its page chunk and content before the sign-in check has answered', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    const order: string[] = [];
    let answerGetUser: () => void = () => undefined;
    // Holds the sign-in check until both the page chunk and the content chunk have been requested
    // (at most 10 s: a page that waits for the check first then fails the order assertion).
    const getUserHeld = new Promise<void>((resolve) => { answerGetUser = resolve; setTimeout(resolve, 10_000); });
    await page.route('**/blogs/api/get-user', async (route) => {
      order.push('get-user');
      await getUserHeld;
      await route.continue();
    });
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes('/guidance-page-')) order.push('page');
      else if (path.includes('/posture_perfect-')) order.push('content');
      if (order.includes('page') && order.includes('content')) answerGetUser();
    });
    await page.goto('/user/posture_perfect');
    await page.getByRole('heading', { level: 1, name: 'Posture perfect' }).waitFor();
    expect(order.slice(0, 3).sort()).toEqual(['content', 'get-user', 'page']);
    await context.close();
  });
});
