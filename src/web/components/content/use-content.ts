import { useEffect, useState } from 'react';

export type ContentDoc = { meta: { title: string; summary?: string; [key: string]: unknown }; html: string };
type Loader = () => Promise<ContentDoc>;

/**
 * Loads one content document by key from a lazily imported set (each document is its own small
 * chunk). `undefined` while loading, `null` when there is no such document.
 */
export function useContent(loaders: Record<string, Loader>, key: string | null): ContentDoc | null | undefined {
  const [doc, setDoc] = useState<ContentDoc | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setDoc(undefined);
    const loader = key ? loaders[key] : undefined;
    if (!loader) { setDoc(null); return undefined; }
    loader().then((d) => { if (live) setDoc(d); }, () => { if (live) setDoc(null); });
    return () => { live = false; };
  }, [loaders, key]);
  return doc;
}

/** Index a glob by the file's base name without extension ("../../content/site/home.md" → "home"). */
export function byBaseName(glob: Record<string, Loader>): Record<string, Loader> {
  return Object.fromEntries(Object.entries(glob).map(([path, loader]) => [path.split('/').pop()!.replace(/\.md$/, ''), loader]));
}
