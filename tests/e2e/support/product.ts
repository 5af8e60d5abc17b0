import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { PASSWORD } from '../../helpers/accounts';
import { launchBrowser } from './browser';

/** The built product (dist/web, `npx vite build`) on a fresh database, and a headless Chromium. */
export interface Product {
  readonly server: TestServer;
  readonly browser: Browser;
  newContext(): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** `env` adds to the server's environment, e.g. `{ DEMO_HISTORY: 'all' }` for the dashboards' two years of history. */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  // The browser files run one after another in one worker: a seed with history is prepared once among them.
  const server = await startTestServer({ WEB_DIR: resolve(import.meta.dirname, '../../../dist/web'), ...env }, { keepSeed: true });
  const browser = await launchBrowser();
  return {
    server,
    browser,
    newContext: () => browser.newContext({ baseURL: server.url }),
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Signs in through the real login form and waits for the landing page. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (!page.url().includes('/user/login')) await page.goto('/user/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
}
