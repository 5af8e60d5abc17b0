import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the flags that keep it off the network (docs/architecture.md
 * "Browser tests"). No browser is ever downloaded.
 *
 * @example
 *   const browser = await launchBrowser();
 *   const context = await browser.newContext({ baseURL: server.url });
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
