/**
 * The crawl: every page of the built product in Chromium, each kind of page opened once, and every
 * demo account's access checked without rendering what the route table already answers.
 *
 * - Public pages, the blog's posts at both addresses, every signed-in content route (guidance,
 *   videos, help, profile) as an employee, and every page of the branded sub-site as its employee,
 *   each opened (the server's answer for it, then the page inside the app: `crawl` below): status
 *   200, a non-empty main heading, no internal link to a path no route
 *   knows, no serious or critical axe violation, and (the same page resized to 390 px) no sideways
 *   scrolling; for the signed-in ones every internal link on the page is also checked against the
 *   guard's canAccess for that session (support/link-crawl.ts `linkProblem`).
 * - The branded sub-site's guard, in the browser: other clients' employees and visitors go where SPEC §6 says.
 * - Every demo account (SPEC §6 from the user's side): signs in through the form; each kind of page
 *   (page component and layout) the account may open is opened by the first account that may, and
 *   one page of each layout by every account (its header, menus, sidebars, profile dropdown and footer
 *   are its own), on a desktop and on a 390 × 844 phone (with the phone menu): each has a main
 *   heading, is no "being prepared" frame, is not the 403 or 404 page, has no serious axe violation
 *   (each desktop kind once, each account's phone layouts once), and at 390 px none scrolls sideways
 *   (each kind once, each account's layouts). Every internal link on those pages is checked for that
 *   account through the route table and canAccess (the route guard's own check: it must not end on
 *   the 403 or 404 page, nor name a path no route or equipment page knows); a link naming a record is
 *   followed in the browser, since only the page knows whether the record exists.
 */
import { appendFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { routes } from '../../generated/routes';
import { decodeEnvelope } from '../../src/shared/envelope';
import { ACCOUNTS } from '../helpers/accounts';
import { routeForPath } from '../../src/shared/link-access';
import type { SessionSnapshot } from '../../src/shared/model';
import {
  axeProblems,
  equipmentPaths,
  linkProblem,
  onePerKind,
  open,
  openableRoutes,
  sessionOf,
  sidewaysScroll,
  visitAs,
} from './support/link-crawl';
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
const knownPaths = new Set([...routes.flatMap((r) => [r.path, ...r.aliases]).filter((p) => !p.includes(':')), ...equipmentPaths]);
const patterns = routes
  .flatMap((r) => [r.path, ...r.aliases])
  .filter((p) => p.includes(':') && p !== '/user/:url')
  .map((p) => new RegExp(`^${p.replace(/\/:[^/]+\?/g, '(?:/[^/]+)?').replace(/:[^/]+/g, '[^/]+')}$`));

/**
 * Opens each path, checks status, heading, internal links (and, with a session, their access) and
 * axe, then the same page at 390 px for sideways scrolling; returns the problems found. Several pages
 * of the context work at once (support/pool.ts). Each page loads its first path in full; after that
 * the server's answer for a path (its status, after any redirect) is asked for with the context's own
 * cookies and the page opens where that answer ended inside the app, as a link is followed
 * (support/link-crawl.ts `open`): the same page, its title and language set by the app, in a
 * fraction of a full load's time; its pictures are waited for as a full load's `load` event does.
 */
async function crawl(context: BrowserContext, paths: readonly string[], session?: SessionSnapshot): Promise<string[]> {
  const problems: string[] = [];
  const pages: Page[] = [];
  await drain([...paths], CRAWL_PAGES, (path, worker) =>
    crawlSlots.run(async () => {
      const fresh = !pages[worker];
      const page = (pages[worker] ??= await context.newPage());
      await page.setViewportSize({ width: 1280, height: 720 });
      const started = Date.now();
      let status: number | undefined;
      let opened: Awaited<ReturnType<typeof open>>;
      if (fresh) {
        opened = await open(page, path, false);
        status = opened.status;
      } else {
        const answer = await context.request.get(path);
        status = answer.status();
        const ended = new URL(answer.url());
        await answer.dispose();
        opened = await open(page, `${ended.pathname}${ended.search}`, true);
        // The full load's `load` event waits for the pictures shown (not the lazy ones below the fold).
        await page
          .waitForFunction(() => [...document.images].every((img) => img.loading === 'lazy' || img.complete), undefined, {
            timeout: 10_000,
          })
          .catch(() => undefined);
      }
      if (status !== 200) problems.push(`${path}: status ${status}`);
      const heading = page.getByRole('heading', { level: 1 }).first();
      if (!(await heading.count())) problems.push(`${path}: no main heading`);
      else if (!opened.heading) problems.push(`${path}: empty main heading`);
      const hrefs = await page
        .locator('main a[href^="/"]')
        .evaluateAll((as) => as.map((a) => decodeURIComponent(new URL((a as HTMLAnchorElement).href).pathname)));
      for (const href of hrefs) {
        if (!knownPaths.has(href) && !patterns.some((re) => re.test(href))) problems.push(`${path}: broken link ${href}`);
      }
      if (session) {
        const everyLink = await page
          .locator('a[href^="/"]')
          .evaluateAll((as) => as.map((a) => decodeURIComponent((a as HTMLAnchorElement).pathname)));
        for (const href of new Set(everyLink)) {
          const problem = href === '/logout' || href.startsWith('/blogs/api') ? null : linkProblem(href, session);
          if (problem) problems.push(`${path}: link to ${href} ${problem}`);
        }
      }
      const checked = Date.now();
      problems.push(...(await axeProblems(page, path)));
      // SPEC §2: no page scrolls sideways on a phone; the page's own content at 390 px.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const sideways = await sidewaysScroll(page);
      if (sideways > 0) problems.push(`${path} at 390 px: scrolls sideways by ${sideways} px`);
      if (process.env.CRAWL_TRACE)
        appendFileSync(
          process.env.CRAWL_TRACE,
          `plain ${path} ${fresh ? 'load' : 'in app'} open ${checked - started} axe ${Date.now() - checked}\n`,
        );
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
    const session = await sessionOf(page);
    await page.close();
    expect(paths.length).toBeGreaterThan(60);
    expect(await crawl(context, paths, session)).toEqual([]);
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
    const session = await sessionOf(page);
    await page.close();
    expect(paths.length).toBeGreaterThan(55);
    expect(await crawl(context, paths, session)).toEqual([]);
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
 * SPEC §6 from the user's side: for every demo account, every internal link it is shown (menus,
 * sidebars, the profile dropdown, page bodies, footers, the phone menu) leads to its page, never to
 * the 403 or 404 page, on a desktop and on a 390 × 844 phone; no page has a serious or critical axe
 * violation, none is still a "being prepared" frame, and none scrolls sideways at 390 px. Each kind of
 * page is rendered once, by the first account that may open it; links are checked through the route
 * table and the guard's canAccess (support/link-crawl.ts `visitAs`).
 */
describe('crawl as every demo account', () => {
  // Page bodies are the same for every account: each kind of page (component and layout) is opened
  // and checked by axe once on a desktop, by the first account that may open it.
  const desktopKinds = new Set<string>();
  const axedDesktop = new Set<string>();
  // At 390 px each kind of page is opened once, by the first account that may open it, and checked for
  // sideways scrolling (with each account's layouts and phone menu); links naming a record likewise.
  const phoneKinds = new Set<string>();
  const phoneRecordKinds = new Set<string>();
  const kindOf = (path: string) => {
    const route = routeForPath(path);
    return `${route?.page}|${route?.layout}`;
  };
  const claim = (kinds: Set<string>, paths: readonly string[]) =>
    onePerKind(paths).filter((path) => {
      if (kinds.has(kindOf(path))) return false;
      kinds.add(kindOf(path));
      return true;
    });
  it.for(Object.entries(ACCOUNTS) as [string, string][])(
    '%s: no link to a 403 or 404, no serious axe violation, desktop and 390 px',
    { timeout: 600_000 },
    async ([name, email], { expect }) => {
      const context = await product.browser.newContext({ baseURL: product.server.url, viewport: { width: 1280, height: 900 } });
      const first = await context.newPage();
      await signIn(first, email);
      // SPEC §2 / §4: a user without a region must choose one first (the region popup is modal).
      if (email === ACCOUNTS.newStarter) {
        const popup = first.getByRole('dialog', { name: 'Choose your region' });
        await popup.getByLabel('Region').selectOption({ index: 1 });
        await popup.getByRole('button', { name: 'Save' }).click();
        await popup.waitFor({ state: 'detached' });
      }
      const landing = new URL(first.url()).pathname;
      const session = await sessionOf(first);
      await first.close();
      // Every kind of page the account may open (each route of a kind renders the same components).
      const seeds = [landing, ...onePerKind(openableRoutes(session)).filter((p) => p !== landing)];
      const layouts = onePerKind(seeds, 'layout');
      const desktopClaimed = claim(desktopKinds, seeds);
      const phoneClaimed = claim(phoneKinds, seeds);
      const [wide, phone] = await Promise.all([
        visitAs(context, [...new Set([...layouts, ...desktopClaimed])], { phone: false, session, axed: axedDesktop, phoneRecordKinds }),
        visitAs(context, [...new Set([...layouts, ...phoneClaimed])], { phone: true, session, axed: new Set(), phoneRecordKinds }),
      ]);
      await context.close();
      // A kind the guard turned away from this account (a page its data does not allow) is left to the next account that may open it.
      for (const path of wide.turnedAway) desktopKinds.delete(kindOf(path));
      for (const path of phone.turnedAway) phoneKinds.delete(kindOf(path));
      console.log(
        `${name}: desktop ${wide.pages} pages, ${wide.links} links, ${wide.axeRuns} axe runs; 390 px ${phone.pages} pages, ${phone.links} links, ${phone.axeRuns} axe runs; ${wide.problems.length + phone.problems.length} problems`,
      );
      expect([...wide.problems, ...phone.problems]).toEqual([]);
    },
  );
});
