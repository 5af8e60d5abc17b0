import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the flags that keep it off the network (docs/architecture.md
 * "Browser tests"). No browser is ever downloaded.
 */
function launchChromium(): Promise<Browser> {
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

/**
 * The worker's one Chromium. The browser projects run their files one after another in one worker
 * that keeps its modules (vitest.config.ts, `isolate: false`), so every file after the first finds
 * it running instead of starting one (about two seconds each, more on a busy machine). Playwright
 * ends it when the worker exits.
 */
let shared: Promise<Browser> | undefined;

async function sharedChromium(): Promise<Browser> {
  const browser = await (shared ??= launchChromium());
  if (browser.isConnected()) return browser;
  // A crashed browser is not handed to the next file.
  shared = launchChromium();
  return shared;
}

/**
 * A file's view of the shared Chromium: the browser itself, except that `close()` closes the
 * contexts (and pages) opened through it, not the browser, so each file still starts from no cookie,
 * storage or page of another file: browser contexts share nothing.
 *
 * @example
 *   const browser = await launchBrowser();
 *   const context = await browser.newContext({ baseURL: server.url });
 *   await browser.close(); // closes `context`
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await sharedChromium();
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args));
      if (property === 'newPage')
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          track(page.context());
          return page;
        };
      if (property === 'contexts') return () => [...opened];
      if (property === 'close') return async () => void (await Promise.all([...opened].map((context) => context.close())));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
