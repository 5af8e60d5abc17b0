import { appendFileSync, readdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { routes } from '../../../generated/routes';
import { canAccess } from '../../../src/shared/access';
import { decodeEnvelope } from '../../../src/shared/envelope';
import { routeForPath } from '../../../src/shared/link-access';
import type { SessionSnapshot } from '../../../src/shared/model';
import { CRAWL_PAGES, crawlSlots, drain } from './pool';

/** What one crawl found, for the test to print and check. */
export interface CrawlReport {
  pages: number;
  links: number;
  axeRuns: number;
  problems: string[];
}

const ERROR_PAGES = new Set(['/no-acces-granted', '/page-not-found']);
/** Never followed: signing out, the API (downloads), and the sign-in page itself. */
const SKIP = (href: string) => href === '/logout' || href.startsWith('/blogs/api') || href.startsWith('/user/login');

/** The signed-in user's session as the app sees it (get-user), for the same canAccess the app runs. */
export async function sessionOf(page: Page): Promise<SessionSnapshot> {
  const body = (await page.evaluate(async () => (await fetch('/blogs/api/get-user', { credentials: 'include' })).json())) as {
    data: string | { data: string };
  };
  // SPEC §7: get-user's data.data is the encoded blob of user, token, client and seats.
  const session = decodeEnvelope<SessionSnapshot>(typeof body.data === 'string' ? body.data : body.data.data);
  return { user: session.user, client: session.client };
}

/**
 * Every route this session may open without naming a record: where the crawl starts. A route whose
 * parameters are all optional (`/user/client-reports/:id?`) opens without them (the page's default).
 */
export function openableRoutes(session: SessionSnapshot): string[] {
  return routes
    .map((r) => ({ route: r, path: r.path.replace(/\/:[^/]+\?/g, '') }))
    .filter(({ route, path }) => !path.includes(':') && path !== '*' && path !== '/logout' && canAccess(route, session).outcome === 'allow')
    .map(({ path }) => path);
}

/** How far the page scrolls sideways (0 when it fits the window). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** One path of each kind of page (page component and layout), or with `by: 'layout'` of each layout. */
export function onePerKind(paths: readonly string[], by: 'page' | 'layout' = 'page'): string[] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    const route = routeForPath(path);
    const kind = by === 'layout' ? `${route?.layout}` : `${route?.page}|${route?.layout}`;
    if (seen.has(kind)) return false;
    seen.add(kind);
    return true;
  });
}

/**
 * Opens a path and waits for its main heading; returns where it ended. A start page is loaded in
 * full; a link is followed inside the app, as a click on it would be (a history entry the router
 * picks up), which is several times faster on a busy machine.
 */
export async function open(
  page: Page,
  path: string,
  inApp: boolean,
): Promise<{ status: number | undefined; ended: string; heading: string }> {
  let status: number | undefined = 200;
  if (inApp) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // Two frames: React renders the new route and its guard's redirect (if any) runs.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  } else {
    status = (await page.goto(path))?.status();
  }
  const heading = page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor({ timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]') && !document.querySelector('.full-page-loader'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  if (inApp) await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return { status, ended: new URL(page.url()).pathname, heading: (await heading.innerText().catch(() => '')).trim() };
}

/** Internal links in the header, menus, sidebars, page body and footer; the profile dropdown and the phone menu are opened first. */
async function linksOn(page: Page, phone: boolean): Promise<string[]> {
  const found = new Set<string>();
  const collect = async (selector: string) => {
    for (const href of await page
      .locator(selector)
      .evaluateAll((as) => as.map((a) => decodeURIComponent((a as HTMLAnchorElement).pathname))))
      found.add(href);
  };
  await collect('a[href^="/"]');
  const profile = page.locator('.profile-button');
  if (await profile.isVisible().catch(() => false)) {
    await profile.click();
    await collect('.dropdown-menu a[href^="/"]');
    await page.keyboard.press('Escape');
  }
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (phone && (await menu.isVisible().catch(() => false))) {
    await menu.click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    await collect('[role="dialog"] a[href^="/"]');
    await page.keyboard.press('Escape');
  }
  return [...found].filter((href) => !SKIP(href));
}

/**
 * Only violations are wanted: axe then keeps one node, not every node, of the rules that pass or are
 * inapplicable (a large share of its time on long pages); every rule still runs on every node.
 */
export const AXE_OPTIONS: Parameters<AxeBuilder['options']>[0] = { resultTypes: ['violations'] };

/**
 * Axe run in the page itself (its "legacy" mode): by default @axe-core/playwright opens a blank page
 * for every analysis to merge the frames' partial results, which on a long page took about as long
 * again as the analysis. The only thing it adds is reaching into frames of another origin, and no
 * page the crawl opens has one (the video player's frame appears only after Play is pressed, and the
 * browser tests reach no other origin). `region` (a moderate rule; the shell's landmarks are checked
 * elsewhere) is off in the options themselves: `options()` replaces the rules `disableRules` set.
 */
export async function axeProblems(page: Page, where: string): Promise<string[]> {
  const axe = await new AxeBuilder({ page })
    .options({ ...AXE_OPTIONS, rules: { region: { enabled: false } } })
    .setLegacyMode(true)
    .analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: axe ${v.id} (${v.nodes.length})`);
}

/** The pages the router's catch-all /user/:url opens: the equipment pages of content/equipment/ (SPEC §2). */
export const equipmentPaths: ReadonlySet<string> = new Set(
  readdirSync(new URL('../../../content/equipment/', import.meta.url))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `/user/${file.slice(0, -3)}`),
);

const cleanPath = (href: string) => href.split(/[?#]/)[0].replace(/(.)\/$/, '$1');

/**
 * What following a link to `href` would show this session, read from the route table and the route
 * guard's own canAccess (src/web/app/route-element.tsx runs it on every navigation) instead of
 * rendering the page: null when it opens a page, else why it ends on the 404 or 403 page (SPEC §6).
 */
export function linkProblem(href: string, session: SessionSnapshot): string | null {
  const path = cleanPath(href);
  if (ERROR_PAGES.has(path)) return `is the error page ${path}`;
  const route = routeForPath(path);
  if (!route) return 'no route knows it (the 404 page)';
  if (route.path === '/user/:url' && !equipmentPaths.has(path)) return 'no equipment page of that name (the 404 page)';
  const decision = canAccess(route, session, href);
  if (decision.outcome === 'redirect' && ERROR_PAGES.has(cleanPath(decision.to)))
    return `refused: ${decision.reason}, ends on ${decision.to}`;
  return null;
}

/** True for a link naming a record (`/user/reports/12`): only the page can tell whether it exists. */
function namesRecord(href: string): boolean {
  const route = routeForPath(href);
  if (!route || !route.path.includes(':') || route.path === '/user/:url') return false;
  return cleanPath(href) !== route.path.replace(/\/:[^/]+\?/g, '');
}

/** A phone's page is a page of the context at 390 × 844 (the same session, no second sign-in). */
async function newPageAt(context: BrowserContext, phone: boolean): Promise<Page> {
  const page = await context.newPage();
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

/** What one account's visit found; `turnedAway` lists the start paths the guard did not open. */
export interface VisitReport extends CrawlReport {
  turnedAway: string[];
}

/**
 * Opens the given paths as one signed-in user (on a phone at 390 px) and checks each page: it opens
 * (not the 403 or 404 page), has a main heading, is not a "being prepared" frame, does not scroll
 * sideways at 390 px, and has no serious axe violation (once per kind in `axed`: page component and
 * layout, or on a phone the layout). Every internal link on it (header, menus, sidebars, the profile
 * dropdown, the phone menu at 390 px, body, footer) is checked against the route table and the
 * guard's canAccess for this session (`linkProblem`), without rendering its target; a link naming a
 * record is followed in the browser, since only the page knows whether the record exists (on a phone,
 * one such link of each kind, in `phoneRecordKinds`, for its width). On a desktop the links of every
 * page opened are read (of one record page of each kind), on a phone those of one page of each
 * layout (its menus are the others').
 */
export async function visitAs(
  context: BrowserContext,
  seeds: readonly string[],
  options: { phone: boolean; session: SessionSnapshot; axed: Set<string>; phoneRecordKinds: Set<string> },
): Promise<VisitReport> {
  const { phone, session, axed } = options;
  const report: VisitReport = { pages: 0, links: 0, axeRuns: 0, problems: [], turnedAway: [] };
  const pages: Page[] = [];
  const visited = new Set<string>();
  const checked = new Set<string>();
  const linksRead = new Set<string>();
  const queue: { path: string; from: string | null }[] = seeds.map((path) => ({ path, from: null }));
  await drain(queue, CRAWL_PAGES, async ({ path, from }, worker) => {
    if (visited.has(path)) return;
    visited.add(path);
    await crawlSlots.run(async () => {
      const fresh = !pages[worker];
      const page = (pages[worker] ??= await newPageAt(context, phone));
      const started = Date.now();
      // A page's first path is loaded in full; after that paths are opened inside the app, as a link is.
      const result = await open(page, path, !fresh);
      const opened = Date.now();
      report.pages += 1;
      const failed =
        ERROR_PAGES.has(result.ended) ||
        /^(Page not found|No access granted)$/.test(result.heading) ||
        (result.status !== undefined && result.status >= 400);
      if (failed) {
        if (from) report.problems.push(`${from}: link to ${path} ends on ${result.ended} (${result.status})`);
        else report.turnedAway.push(path);
        return;
      }
      if (!result.heading) report.problems.push(`${path}: no main heading`);
      // Every route has its page (src/web/app/frame-page.tsx is only a safety net for a new manifest route).
      if (await page.getByText('This part of ErgoPortal is being prepared').count()) report.problems.push(`${path}: still a frame`);
      // SPEC §2 / COMMON: no page scrolls sideways on a phone.
      const sideways = phone ? await sidewaysScroll(page) : 0;
      if (sideways > 0) report.problems.push(`${result.ended} at 390 px: scrolls sideways by ${sideways} px`);
      const route = routeForPath(result.ended);
      const kind = phone ? `phone|${route?.layout ?? ''}` : `${route?.page ?? result.ended}|${route?.layout ?? ''}`;
      if (!axed.has(kind)) {
        axed.add(kind);
        report.axeRuns += 1;
        report.problems.push(...(await axeProblems(page, `${result.ended}${phone ? ' at 390 px' : ''}`)));
      }
      // CRAWL_TRACE=<file> writes each page and its times, to see where a slow crawl spends them.
      if (process.env.CRAWL_TRACE)
        appendFileSync(
          process.env.CRAWL_TRACE,
          `${phone ? 'phone' : 'desktop'} ${path} -> ${result.ended} open ${opened - started} axe ${Date.now() - opened}\n`,
        );
      // Records of one kind show the same links but for the record's own (another language, another
      // client): one record page of each kind is read.
      const linkKind = phone ? `${route?.layout ?? ''}` : from ? `record|${route?.page}|${route?.layout}` : result.ended;
      if (linksRead.has(linkKind)) return;
      linksRead.add(linkKind);
      for (const href of await linksOn(page, phone)) {
        if (checked.has(href)) continue;
        checked.add(href);
        report.links += 1;
        const problem = linkProblem(href, session);
        if (problem) {
          report.problems.push(`${path}: link to ${href} ${problem}`);
          continue;
        }
        if (!namesRecord(href) || visited.has(href)) continue;
        if (phone) {
          const target = routeForPath(href);
          const recordKind = `${target?.page}|${target?.layout}`;
          if (options.phoneRecordKinds.has(recordKind)) continue;
          options.phoneRecordKinds.add(recordKind);
        }
        queue.push({ path: href, from: path });
      }
    });
  });
  await Promise.all(pages.map((page) => page.close()));
  return report;
}
