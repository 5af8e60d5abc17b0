import { lazy, type ComponentType } from 'react';
import type { RouteDefinition } from '../../shared/model';
import type { PageModule, PageProps } from './page-props';
import { loadChunk } from './chunk-reload';
import { loadPartTexts } from '../i18n/texts';
import { PART_PAGES, type TextPart } from '../i18n/text-parts';
import { useSession } from '../session/store';

/**
 * Pages are files under src/web/pages; a route's page key is the file path without extension
 * (docs/architecture.md). Each is its own lazily loaded chunk. The staff pages' loaders are listed in a
 * chunk of their own (staff-pages.ts).
 */
const modules = import.meta.glob<PageModule>([
  '../pages/**/*.tsx',
  '!../pages/**/*.test.tsx',
  '!../pages/**/components/**',
  '!../pages/admin/**',
  '!../pages/dashboard/**',
]);
const STAFF_PAGE = /^(admin|dashboard)\//;

/** The loader of a page key, or undefined when no page file exists yet (the route shows its frame). */
function loaderOf(key: string): (() => Promise<PageModule>) | undefined {
  if (!STAFF_PAGE.test(key)) return modules[`../pages/${key}.tsx`];
  return () =>
    import('./staff-pages').then(({ staffPages }) => {
      const load = staffPages[`../pages/${key}.tsx`];
      if (!load) throw new Error(`No page file for ${key}.`);
      return load();
    });
}
const lazyPages = new Map<string, ComponentType<PageProps>>();
/** Pages whose chunk has arrived: rendered directly, without a Suspense fallback in between. */
const loadedPages = new Map<string, ComponentType<PageProps>>();

/** The parts of the interface texts a page reads besides the core (text-parts.ts). */
const partsOf = (key: string): TextPart[] => (Object.keys(PART_PAGES) as TextPart[]).filter((part) => PART_PAGES[part].test(key));

/** Resolves once the session check has answered, so the reader's profile language is known. */
function sessionKnown(): Promise<void> {
  return new Promise((resolve) => {
    if (useSession.getState().status !== 'loading') return resolve();
    const stop = useSession.subscribe((s) => {
      if (s.status === 'loading') return;
      stop();
      resolve();
    });
  });
}

/**
 * A page's chunk, together with the parts of the texts it reads (never rendered half-translated);
 * `texts` fetches them (by default at once, in the reader's language as known now).
 */
function withTexts(
  key: string,
  chunk: Promise<PageModule>,
  texts: (parts: TextPart[]) => Promise<unknown> = (parts) => Promise.all(parts.map((part) => loadPartTexts(part))),
): Promise<PageModule> {
  const parts = partsOf(key);
  return parts.length ? Promise.all([chunk, texts(parts)]).then(([module]) => module) : chunk;
}

function remember(key: string, module: PageModule): PageModule {
  loadedPages.set(key, module.default);
  return module;
}

/** The page component for a page key (lazy until its chunk has arrived), or null when no file exists yet. */
export function pageFor(key: string): ComponentType<PageProps> | null {
  const loader = loaderOf(key);
  if (!loader) return null;
  // A page first shown through its lazy wrapper keeps it: swapping to the loaded component would
  // remount the page (and fetch its data again) on the next render.
  const shown = lazyPages.get(key);
  if (shown) return shown;
  const loaded = loadedPages.get(key);
  if (loaded) return loaded;
  const page = lazy(() => withTexts(key, loadChunk(loader)).then((module) => remember(key, module)));
  lazyPages.set(key, page);
  return page;
}

/**
 * Starts fetching a route's page chunk and, once it is there, the page's own data, while the session
 * is still loading; resolves when both have arrived (never rejects: the page's own loading path
 * reports failures). The page, the get-user call and the content then load in parallel rather than
 * one after another.
 */
export function preloadPage(route: RouteDefinition): Promise<void> {
  const loader = loaderOf(route.page);
  if (!loader) return Promise.resolve();
  // A page's parts of the texts are fetched once the session has told the reader's profile language.
  return withTexts(route.page, loader(), (parts) => sessionKnown().then(() => Promise.all(parts.map((part) => loadPartTexts(part)))))
    .then((module) => remember(route.page, module).preload?.(route))
    .then(
      () => undefined,
      () => undefined,
    );
}
