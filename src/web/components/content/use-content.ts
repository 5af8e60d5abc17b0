import { useEffect, useState } from 'react';

export type ContentDoc = { meta: { title: string; summary?: string; [key: string]: unknown }; html: string };
type Loader = () => Promise<ContentDoc>;

/** Documents that have arrived, by loader: a page opened again (or preloaded) renders at once. */
const loaded = new Map<Loader, ContentDoc>();

/** Starts loading a document before its page renders (see preloadPage); never rejects. */
export function preloadContent(loaders: Record<string, Loader>, key: string | null): Promise<void> {
  const loader = key ? loaders[key] : undefined;
  if (!loader || loaded.has(loader)) return Promise.resolve();
  return loader().then((doc) => { loaded.set(loader, doc); }, () => undefined);
}

/**
 * Loads one content document by key from a lazily imported set (each document is its own small
 * chunk). `undefined` while loading, `null` when there is no such document or it failed to load.
 */
export function useContent(loaders: Record<string, Loader>, key: string | null): ContentDoc | null | undefined {
  const loader = key ? loaders[key] : undefined;
  const [, setArrived] = useState<ContentDoc | null>(null);
  const [failed, setFailed] = useState<Loader | null>(null);
  useEffect(() => {
    if (!loader) return undefined;
    // Preloaded between this render and the effect: render again to show it.
    if (loaded.has(loader)) { setArrived(loaded.get(loader)!); return undefined; }
    let live = true;
    loader().then((doc) => {
      loaded.set(loader, doc);
      if (live) setArrived(doc);
    }, () => { if (live) setFailed(() => loader); });
    return () => { live = false; };
  }, [loader]);
  if (!loader || failed === loader) return null;
  return loaded.get(loader);
}

/** Index a glob by the file's base name without extension ("../../content/site/home.md" → "home"). */
export function byBaseName(glob: Record<string, Loader>): Record<string, Loader> {
  return Object.fromEntries(Object.entries(glob).map(([path, loader]) => [path.split('/').pop()!.replace(/\.md$/, ''), loader]));
}
