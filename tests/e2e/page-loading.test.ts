import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';

/**
 * How public and guidance pages load (page-weight bench targets): a pre-rendered page is never
 * replaced by a loader, public pages fetch no admin or toast libraries, and a guidance page arrives
 * pre-rendered for a signed-in employee and fetches its page chunk while the sign-in check is still
 * under way rather than after it.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Records (as window.__seen) whether a loader ever covered the page or the heading ever left the document. */
async function watchForLoaderOrLostHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { loader: false, headingGone: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      if (document.querySelector('.full-page-loader')) seen.loader = true;
      if (document.readyState !== 'loading' && !document.querySelector('h1')) seen.headingGone = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

describe('a pre-rendered public page', () => {
  it('keeps its content on screen while the app starts, and loads no admin or toast code', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await watchForLoaderOrLostHeading(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Work comfortably, wherever you work' }).waitFor();
    // The app has taken over the page (React marks the container it renders into).
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer'))))
      .toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Work comfortably, wherever you work' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)).toEqual({ loader: false, headingGone: false });
    expect(scripts.some((s) => s.includes('/marketing-page-'))).toBe(true);
    expect(scripts.filter((s) => /\/(toaster|admin-|all-users|client-switch-popup|server-grid|manifest-grid|rjsf)/.test(s))).toEqual([]);
    await context.close();
  });
});

describe('a guidance page opened directly', () => {
  it('arrives pre-rendered for a signed-in employee, stays on screen while the app starts, and takes its content from the page', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    const order: string[] = [];
    let answerGetUser: () => void = () => undefined;
    // Holds the sign-in check until the page chunk has been requested (at most 10 s: a page that
    // waits for the check first then fails the order assertion).
    const getUserHeld = new Promise<void>((resolve) => {
      answerGetUser = resolve;
      setTimeout(resolve, 10_000);
    });
    await page.route('**/blogs/api/get-user', async (route) => {
      order.push('get-user');
      await getUserHeld;
      await route.continue();
    });
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes('/guidance-page-')) {
        order.push('page');
        answerGetUser();
      } else if (path.includes('/posture_perfect-')) order.push('content');
    });
    await watchForLoaderOrLostHeading(page);
    const response = await page.goto('/user/posture_perfect');
    // The server sent the guidance itself, in the signed-in layout (src/server/signed-in-pages.ts).
    expect(await response!.text()).toContain('<h1>Posture perfect</h1>');
    await page.getByRole('heading', { level: 1, name: 'Posture perfect' }).waitFor();
    // The app has taken over: the profile button carries the employee's name.
    await page.getByRole('button', { name: /Erin/ }).waitFor();
    expect(order.slice(0, 2).sort()).toEqual(['get-user', 'page']);
    // The document was in the HTML already: it is not downloaded a second time.
    expect(order).not.toContain('content');
    expect(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)).toEqual({ loader: false, headingGone: false });
    // Opening another guidance page inside the app fetches that page's document as before.
    await page.evaluate(() => {
      history.pushState(null, '', '/user/sitting_pretty');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: /sitting pretty/i }).waitFor();
    await context.close();
  });

  it('is the plain application shell for a visitor who is not signed in, who is sent to sign in', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    const response = await page.goto('/user/posture_perfect');
    expect(await response!.text()).toContain('<div id="root"></div>');
    await page.waitForURL((url) => url.pathname === '/user/login' && url.searchParams.get('redirect') === '/user/posture_perfect');
    await context.close();
  });
});
