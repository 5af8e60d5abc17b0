import { appendFileSync, readdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { routes } from '../../generated/routes';
import { decodeEnvelope } from '../../src/shared/envelope';
import { ACCOUNTS } from '../helpers/accounts';
import { routeForPath } from '../../src/shared/link-access';
import { axeProblems, crawlAs, onePerKind, openableRoutes, sessionOf } from './support/link-crawl';
import { CRAWL_PAGES, crawlSlots, drain } from './support/pool';
import { signIn, startProduct, type Product } from './support/product';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

const staticPaths = (pages: (page: string) => boolean, access: (a: string) => boolean) =>
  routes.filter((r) => pages(r.page) && access(r.access) && !r.path.includes(':') && r.path !== '*').map((r) => r.path);
/** The catch-all /user/:url opens exactly the equipment pages of content/equipment/ (SPEC §2). */
const equipmentPaths = readdirSync(new URL('../../content/equipment/', import.meta.url))
  .filter((file) => file.endsWith('.md'))
  .map((file) => `/user/${file.slice(0, -3)}`);
const knownPaths = new Set([...routes.flatMap((r) => [r.path, ...r.aliases]).filter((p) => !p.includes(':')), ...equipmentPaths]);
const patterns = routes
  .flatMap((r) => [r.path, ...r.aliases])
  .filter((p) => p.includes(':') && p !== '/user/:url')
  .map((p) => new RegExp(`^${p.replace(/\/:[^/]+\?/g, '(?:/[^/]+)?').replace(/:[^/]+/g, '[^/]+')}$`));

/**
 * Opens each path, checks status, heading, internal links and axe; returns the problems found. Several
 * pages of the context work at once (support/pool.ts), each loading its paths in full.
 */
async function crawl(context: BrowserContext, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const pages: Page[] = [];
  await drain([...paths], CRAWL_PAGES, (path, worker) =>
    crawlSlots.run(async () => {
      const page = (pages[worker] ??= await context.newPage());
      const started = Date.now();
      const response = await page.goto(path);
      if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
      const heading = page.getByRole('heading', { level: 1 }).first();
      await heading.waitFor({ timeout: 10_000 }).catch(() => problems.push(`${path}: no main heading`));
      await page
        .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 })
        .catch(() => undefined);
      if (!(await heading.innerText().catch(() => '')).trim()) problems.push(`${path}: empty main heading`);
      const hrefs = await page
        .locator('main a[href^="/"]')
        .evaluateAll((as) => as.map((a) => decodeURIComponent(new URL((a as HTMLAnchorElement).href).pathname)));
      for (const href of hrefs) {
        if (!knownPaths.has(href) && !patterns.some((re) => re.test(href))) problems.push(`${path}: broken link ${href}`);
      }
      const opened = Date.now();
      problems.push(...(await axeProblems(page, path)));
      if (process.env.CRAWL_TRACE)
        appendFileSync(process.env.CRAWL_TRACE, `plain ${path} open ${opened - started} axe ${Date.now() - opened}\n`);
    }),
  );
  await Promise.all(pages.map((page) => page.close()));
  return problems.sort();
}

// The tests run one after the other, each with CRAWL_PAGES pages at once: a test's time is its own
// work, so its limit means what it says on a busy machine (tests run together starved each other).
describe('crawler', () => {
  it('every public route: 200, a main heading, no broken internal link, no serious axe violation', async ({ expect }) => {
    const paths = staticPaths(
      (p) => p.startsWith('site/') || p.startsWith('errors/') || p.startsWith('auth/'),
      (a) => a === 'public' || a === 'guest',
    );
    const aliases = routes
      .filter((r) => r.access === 'public')
      .flatMap((r) => r.aliases)
      .filter((p) => !p.includes(':'));
    // The blog's posts, at both of their addresses (SPEC §2 redirect targets and /blogs/en/blog/...).
    const posts = (await (await fetch(`${product.server.url}/blogs/api/blog/posts`)).json()) as { data: string };
    const slugs = (decodeEnvelope(posts.data) as { posts: { slug: string }[] }).posts.map((p) => p.slug);
    expect(slugs.length).toBeGreaterThanOrEqual(4);
    const blog = slugs.flatMap((slug) => [`/en/blog/${slug}`, `/blogs/en/blog/${slug}`]);
    const context = await product.newContext();
    expect(await crawl(context, [...paths, ...aliases, ...blog])).toEqual([]);
    await context.close();
  }, 900_000);

  it('every signed-in content route as an employee with full access', async ({ expect }) => {
    const paths = staticPaths(
      (p) => p.startsWith('guidance/') || p.startsWith('videos/') || p === 'help/help-center' || p === 'profile/profile-page',
      (a) => a === 'protected',
    ).filter((p) => p.startsWith('/user'));
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.close();
    expect(paths.length).toBeGreaterThan(60);
    expect(await crawl(context, paths)).toEqual([]);
    await context.close();
  }, 900_000);

  it('every page of the branded sub-site as an employee of the branded client', async ({ expect }) => {
    const paths = routes
      .filter(
        (r) =>
          r.area === 'branded' &&
          !r.path.includes(':') &&
          (r.page.startsWith('branded/') ||
            r.page.startsWith('site/') ||
            r.page.startsWith('videos/') ||
            r.page === 'help/help-center' ||
            r.page === 'profile/profile-page'),
      )
      .map((r) => r.path);
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.arcadiaEmployee);
    await page.close();
    expect(paths.length).toBeGreaterThan(55);
    expect(await crawl(context, paths)).toEqual([]);
    await context.close();
  }, 900_000);

  it('the branded sub-site opens only for the branded client; others go where SPEC §6 says', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.goto('/arcadia/productivity-a45');
    await page.waitForURL((url) => url.pathname === '/user');
    await context.close();
    const guest = await product.newContext();
    const visitor = await guest.newPage();
    await visitor.goto('/arcadia');
    await visitor.waitForURL('**/user/login?redirect=%2Farcadia');
    await guest.close();
  });
});

/**
 * SPEC §6 from the user's side: for every demo account, every route it may open and every internal
 * link on the way (menus, sidebars, the profile dropdown, page bodies, footers) leads to its page,
 * never to the 403 or 404 page, on a desktop and on a 390 × 844 phone (where the phone menu is
 * opened too); no page has a serious or critical axe violation, none is still a "being prepared"
 * frame, and none scrolls sideways at 390 px.
 */
describe('crawl as every demo account', () => {
  // Page bodies are the same for every account: axe checks each kind of page once on a desktop; the
  // phone's header and menu differ by account, so each account's phone layouts are checked.
  const axedDesktop = new Set<string>();
  // At 390 px each kind of page (component and layout) is opened once, by the first account that may
  // open it, and checked for sideways scrolling (with each account's layouts and phone menu).
  const phoneKinds = new Set<string>();
  const newPhoneKinds = (paths: readonly string[]) =>
    onePerKind(paths).filter((path) => {
      const route = routeForPath(path);
      const kind = `${route?.page}|${route?.layout}`;
      if (phoneKinds.has(kind)) return false;
      phoneKinds.add(kind);
      return true;
    });
  it.for(Object.entries(ACCOUNTS) as [string, string][])(
    '%s: no link to a 403 or 404, no serious axe violation, desktop and 390 px',
    { timeout: 1_800_000 },
    async ([name, email], { expect }) => {
      const desktop = await product.browser.newContext({ baseURL: product.server.url, viewport: { width: 1280, height: 900 } });
      const first = await desktop.newPage();
      await signIn(first, email);
      // SPEC §2 / §4: a user without a region must choose one first (the region popup is modal).
      if (email === ACCOUNTS.newStarter) {
        const popup = first.getByRole('dialog', { name: 'Choose your region' });
        await popup.getByLabel('Region').selectOption({ index: 1 });
        await popup.getByRole('button', { name: 'Save' }).click();
        await popup.waitFor({ state: 'detached' });
      }
      const landing = new URL(first.url()).pathname;
      // Every kind of page the account may open (each route of a kind renders the same components),
      // then every link found on the way.
      const seeds = [landing, ...onePerKind(openableRoutes(await sessionOf(first))).filter((p) => p !== landing)];
      await first.close();
      // The phone signs in once the region is chosen; then both crawls go on together.
      const phoneContext = await product.browser.newContext({ baseURL: product.server.url, viewport: { width: 390, height: 844 } });
      const phonePage = await phoneContext.newPage();
      await signIn(phonePage, email);
      await phonePage.close();
      const [wide, phone] = await Promise.all([
        crawlAs(desktop, seeds, false, axedDesktop),
        crawlAs(phoneContext, [...new Set([...onePerKind(seeds, 'layout'), ...newPhoneKinds(seeds)])], true, new Set()),
      ]);
      await Promise.all([desktop.close(), phoneContext.close()]);
      console.log(
        `${name}: desktop ${wide.pages} pages, ${wide.links} links, ${wide.axeRuns} axe runs; 390 px ${phone.pages} pages, ${phone.links} links, ${phone.axeRuns} axe runs; ${wide.problems.length + phone.problems.length} problems`,
      );
      expect([...wide.problems, ...phone.problems]).toEqual([]);
    },
  );
});
