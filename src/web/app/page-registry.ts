import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from './page-props';
import { loadChunk } from './chunk-reload';

type PageModule = { default: ComponentType<PageProps> };

/**
 * Pages are files under src/web/pages; a route's page key is the file path without extension
 * (ARCHITECTURE.md). Each is its own lazily loaded chunk.
 */
const modules = import.meta.glob<PageModule>(['../pages/**/*.tsx', '!../pages/**/*.test.tsx', '!../pages/**/components/**']);
const cache = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();

/** The lazy page component for a page key, or null when no file exists yet. */
export function pageFor(key: string): LazyExoticComponent<ComponentType<PageProps>> | null {
  const loader = modules[`../pages/${key}.tsx`];
  if (!loader) return null;
  let page = cache.get(key);
  if (!page) {
    page = lazy(() => loadChunk(loader));
    cache.set(key, page);
  }
  return page;
}

/**
 * Starts fetching a page's chunk while the session is still loading, so the page is ready as soon
 * as the guard lets it through (one round trip fewer before the content paints).
 */
export function preloadPage(key: string): void {
  const loader = modules[`../pages/${key}.tsx`];
  if (loader) loader().catch(() => undefined);
}
