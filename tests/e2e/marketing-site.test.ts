import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type Product } from './support/product';

/**
 * The public site that sells the product (SPEC §1): its pictures are real photographs of the
 * product with their text alternative in the reader's language, each service page ends in "Book a
 * demonstration" with that service chosen on the contact form, and a phone neither scrolls sideways
 * nor hides the action under the cookie notice.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

const texts = (language: string) =>
  parse(readFileSync(resolve(import.meta.dirname, `../../content/interface/${language}.yaml`), 'utf8')) as Record<string, string>;

/** Path, whether the page shows pictures of the product, and the service its action chooses. */
const PAGES: readonly [string, boolean, string | null][] = [
  ['/', true, null],
  ['/self-assessments', true, 'self_assessments'],
  ['/virtual-services', true, 'virtual_service'],
  ['/onsite-services', true, 'onsite_service'],
  ['/wellness-series', false, 'wellness_series'],
  ['/global_program', true, 'global_program'],
  ['/meet-the-team', false, null],
  ['/our-story', false, null],
];

/** Waits until the application has taken over the pre-rendered page (its article carries no data-content). */
async function appShown(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => !document.querySelector('article[data-content]') && document.querySelector('article.content-page'));
}

/** Every product picture on the page, scrolled into view so lazy ones load, with what it loaded. */
async function pictures(page: Page) {
  await appShown(page);
  const images = page.locator('.product-picture img');
  const count = await images.count();
  const found = [];
  for (let i = 0; i < count; i += 1) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);
    found.push(
      await image.evaluate((img: HTMLImageElement) => ({
        alt: img.alt,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.loading,
        naturalWidth: img.naturalWidth,
      })),
    );
  }
  return found;
}

describe('pictures of the product', () => {
  it.each(PAGES.filter(([, shows]) => shows))('%s shows them loaded, sized and described', async (path) => {
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const shown = await pictures(page);
    expect(shown.length).toBeGreaterThan(0);
    const english = Object.values(texts('en'));
    for (const picture of shown) {
      expect(picture.naturalWidth).toBeGreaterThan(0);
      expect(english).toContain(picture.alt);
      expect(Number(picture.width)).toBeGreaterThan(0);
      expect(Number(picture.height)).toBeGreaterThan(0);
    }
    // Only the home page's first picture, the first screen's largest paint, is fetched at once.
    expect(shown.slice(path === '/' ? 1 : 0).every((p) => p.loading === 'lazy')).toBe(true);
    await context.close();
  });

  it("describes them and names the action in the reader's language", async () => {
    const german = texts('de');
    const context = await product.browser.newContext({ baseURL: product.server.url, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/virtual-services');
    await page.getByRole('link', { name: german['site.book_demo'] }).waitFor();
    const alts = (await pictures(page)).map((p) => p.alt);
    expect(alts).toEqual([german['site.image.employee_report'], german['site.image.evaluator_inbox']]);
    await context.close();
  });

  it('below the first screen are fetched only as the reader scrolls to them', async () => {
    const context = await product.browser.newContext({ baseURL: product.server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/images/product/')) fetched.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'load' });
    await appShown(page);
    await page.waitForTimeout(500);
    expect(fetched.some((file) => file.includes('employee-report'))).toBe(true);
    expect(fetched.some((file) => file.includes('admin-center'))).toBe(false);
    await pictures(page);
    expect(fetched.some((file) => file.includes('admin-center-640'))).toBe(true);
    await context.close();
  });
});

describe('every marketing page', () => {
  it('passes axe with its pictures and action shown', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    for (const [path] of PAGES) {
      await page.goto(path);
      await pictures(page);
      const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      expect(serious, path).toEqual([]);
    }
    await context.close();
  });
});

describe('"Book a demonstration"', () => {
  it.each(PAGES.filter(([, , service]) => service))('%s opens the contact form with its service chosen', async (path, _, service) => {
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto(path);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    const actions = page.getByRole('link', { name: 'Book a demonstration' });
    expect(await actions.count()).toBe(1);
    await actions.click();
    await page.waitForURL(`**/learn-more?service=${service}`);
    await page.getByRole('heading', { level: 2, name: 'Send us a message' }).waitFor();
    await expect.poll(() => page.getByLabel('Service').inputValue()).toBe(service);
    await context.close();
  });

  it('sends the chosen service with the enquiry; an unlisted one in the address chooses nothing', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto('/learn-more?service=free_lunch');
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('heading', { level: 2, name: 'Send us a message' }).waitFor();
    expect(await page.getByLabel('Service').inputValue()).toBe('');
    await page.goto('/wellness-series');
    await page.getByRole('link', { name: 'Book a demonstration' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Noor Haddad');
    await page.getByLabel('Email', { exact: true }).fill('noor@initech.example');
    await page.getByLabel('Message', { exact: true }).fill('We would like the wellness sessions for two offices.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you. We will reply within one business day.').waitFor();
    const stored = await product.server.ctx.db
      .selectFrom('contact_enquiries')
      .select('service')
      .where('email', '=', 'noor@initech.example')
      .executeTakeFirstOrThrow();
    expect(stored.service).toBe('wellness_series');
    await context.close();
  });
});

describe("in the reader's language", () => {
  /** Path and content file (whose route has the same name, for the browser tab's title). */
  const TRANSLATED = [
    ['/', 'home'],
    ['/self-assessments', 'self_assessments'],
    ['/onsite-services', 'onsite_service'],
    ['/our-story', 'our_story'],
    ['/meet-the-team', 'meet_the_team'],
    ['/learn-more', 'learn_more'],
  ] as const;
  const titleOf = (language: string, file: string) =>
    String(
      (
        parse(
          /^---\n([\s\S]*?)\n---/.exec(
            readFileSync(resolve(import.meta.dirname, `../../content/site/${language}/${file}.md`), 'utf8'),
          )![1]!,
        ) as {
          title: string;
        }
      ).title,
    );

  it.each([
    ['de-DE', 'de'],
    ['ja-JP', 'ja'],
    ['zh-CN', 'cn'],
  ])(
    'a %s browser reads the home, service and company pages in its language, on a phone without scrolling sideways',
    async (locale, language) => {
      const context = await product.browser.newContext({ baseURL: product.server.url, locale, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      for (const [path, file] of TRANSLATED) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: titleOf(language, file) }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
        if (path !== '/') await expect.poll(() => page.title()).toMatch(new RegExp(` - ${texts(language)[`route.${file}`]}$`));
      }
      // A service page's action is in the reader's language and still chooses its service.
      await page.goto('/onsite-services');
      await page.getByRole('heading', { level: 1, name: titleOf(language, 'onsite_service') }).waitFor();
      expect(await page.getByRole('link', { name: texts(language)['site.book_demo'] }).getAttribute('href')).toBe(
        '/learn-more?service=onsite_service',
      );
      await context.close();
    },
  );
});

describe('on a phone (390 px)', () => {
  it.each(PAGES)('%s does not scroll sideways, and its action is not under the cookie notice', async (path, _, service) => {
    const context = await product.browser.newContext({ baseURL: product.server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Your Privacy' }).waitFor();
    await pictures(page);
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    if (service || path === '/') {
      // The notice stays open: the last action on the page can still be scrolled clear of it and clicked.
      const action = page.getByRole('link', { name: 'Book a demonstration' }).last();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const box = (await action.boundingBox())!;
      const hit = await page.evaluate(
        ({ x, y }) => {
          const element = document.elementFromPoint(x, y);
          return element?.closest('a')?.textContent ?? element?.tagName ?? null;
        },
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(hit).toBe('Book a demonstration');
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await context.close();
  });
});

describe("pre-rendered pages in the reader's language", () => {
  const german = texts('de');
  const germanDoc = readFileSync(resolve(import.meta.dirname, '../../content/site/de/self_assessments.md'), 'utf8');
  const germanTitle = /^title: (.+)$/m.exec(germanDoc)![1]!;

  it('sends a German reader German HTML: <html lang>, title, description, content and shell', async () => {
    const response = await fetch(`${product.server.url}/self-assessments`, { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toMatch(/accept-language/i);
    const html = await response.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toMatch(new RegExp(`<title>[^<]* - ${german['route.self_assessments']}</title>`));
    expect(html).toContain(`<meta name="description" content="${/^summary: (.+)$/m.exec(germanDoc)![1]}"`);
    expect(html).toContain(`<h1>${germanTitle}</h1>`);
    expect(html).toContain('data-content="de/self_assessments"');
    expect(html).toContain(`>${german['shell.sign_in']}</a>`);
    const english = await (await fetch(`${product.server.url}/self-assessments`)).text();
    expect(english).toContain('<html lang="en"');
    expect(english).not.toContain(germanTitle);
  });

  it('shows a German reader the page in German with JavaScript turned off', async () => {
    const context = await product.browser.newContext({ baseURL: product.server.url, locale: 'de-DE', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/learn-more');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: german['contact.heading'] }).count()).toBe(1);
    expect(await page.getByRole('button', { name: german['contact.send'] }).isDisabled()).toBe(true);
    expect(
      await page
        .getByRole('navigation', { name: german['shell.nav_main'] })
        .getByRole('link', { name: german['nav.self_assessments'] })
        .count(),
    ).toBe(1);
    await page.goto('/self-assessments');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(germanTitle);
    await context.close();
  });
});
