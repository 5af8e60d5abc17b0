import { appendFileSync } from 'node:fs';
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
async function open(page: Page, path: string, inApp: boolean): Promise<{ status: number | undefined; ended: string; heading: string }> {
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

export async function axeProblems(page: Page, where: string): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).disableRules(['region']).options(AXE_OPTIONS).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: axe ${v.id} (${v.nodes.length})`);
}

/**
 * Crawls as one signed-in user: every route they may open and every internal link found on the way
 * (menus, sidebars, the profile dropdown, the phone menu at 390 px, page bodies, footers), followed
 * to see that it opens its page and not the 403 or 404 page; axe runs once per kind of page (page
 * component and layout) so the run stays short. Several pages of the context crawl at once
 * (support/pool.ts); a link to a page another one is still opening is checked when all are done.
 */
export async function crawlAs(context: BrowserContext, seeds: readonly string[], phone: boolean, axed: Set<string>): Promise<CrawlReport> {
  const report: CrawlReport = { pages: 0, links: 0, axeRuns: 0, problems: [] };
  const pages: Page[] = [];
  /** Where each path claimed by a worker ended, and whether it failed (set when its visit is done). */
  const visited = new Map<string, { ended: string; failed: boolean } | null>();
  const later: { path: string; from: string }[] = [];
  const linksRead = new Set<string>();
  const queue: { path: string; from: string | null }[] = seeds.map((path) => ({ path, from: null }));
  const linked = new Set<string>();
  await drain(queue, CRAWL_PAGES, async ({ path, from }, worker) => {
    if (visited.has(path)) {
      if (from) later.push({ path, from });
      return;
    }
    visited.set(path, null);
    await crawlSlots.run(async () => {
      const fresh = !pages[worker];
      const page = (pages[worker] ??= await context.newPage());
      const started = Date.now();
      // A page's first path is loaded in full; after that links are followed inside the app.
      const result = await open(page, path, from !== null && !fresh);
      const opened = Date.now();
      report.pages += 1;
      const failed =
        ERROR_PAGES.has(result.ended) ||
        /^(Page not found|No access granted)$/.test(result.heading) ||
        (result.status !== undefined && result.status >= 400);
      visited.set(path, { ended: result.ended, failed });
      if (from && failed) {
        report.problems.push(`${from}: link to ${path} ends on ${result.ended} (${result.status})`);
        return;
      }
      if (!from && failed) return; // a seed the guard turned away is not a link anybody follows
      if (!result.heading) report.problems.push(`${path}: no main heading`);
      // Every route has its page (src/web/app/frame-page.tsx is only a safety net for a new manifest route).
      if (await page.getByText('This part of ErgoPortal is being prepared').count()) report.problems.push(`${path}: still a frame`);
      // SPEC §2 / COMMON: no page scrolls sideways on a phone.
      const sideways = phone ? await sidewaysScroll(page) : 0;
      if (sideways > 0) report.problems.push(`${result.ended} at 390 px: scrolls sideways by ${sideways} px`);
      const route = routeForPath(result.ended);
      // A kind of page: its component and layout; on a phone the layout alone (the bodies are the
      // desktop's, the header and its menu are what change). `axed` may be shared by several
      // accounts' crawls, so that each kind is checked by axe once.
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
      // On a phone the links of one page of each layout are enough: its menus are those of the others.
      const linkKind = phone ? `${route?.layout ?? ''}` : result.ended;
      if (linksRead.has(linkKind)) return;
      linksRead.add(linkKind);
      for (const href of await linksOn(page, phone)) {
        report.links += linked.has(`${path}>${href}`) ? 0 : 1;
        linked.add(`${path}>${href}`);
        const known = visited.get(href);
        if (known === undefined || known === null || known.failed) queue.push({ path: href, from: path });
      }
    });
  });
  // Links to pages that were already open (or opening) when they were found.
  for (const { path, from } of later) {
    const target = visited.get(path);
    if (target && ERROR_PAGES.has(target.ended)) report.problems.push(`${from}: link to ${path} ends on ${target.ended}`);
  }
  await Promise.all(pages.map((page) => page.close()));
  return report;
}
