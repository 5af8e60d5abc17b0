import { useEffect, useState } from 'react';

export type ContentDoc = { meta: { title: string; summary?: string; [key: string]: unknown }; html: string };
type Loader = () => Promise<ContentDoc>;

/** Documents that have arrived, by loader: a page opened again (or preloaded) renders at once. */
const loaded = new Map<Loader, ContentDoc>();

/**
 * The document as the server already sent it: a pre-rendered page (src/shared/static-shell.ts
 * contentArticle, built from the same Markdown) holds its title, summary and HTML in the page, so
 * the first page opened does not download them a second time. Gone once the app has rendered.
 */
function sentDocument(key: string): ContentDoc | null {
  if (typeof document === 'undefined') return null;
  const article = [...document.querySelectorAll<HTMLElement>('#root article[data-content]')].find((a) => a.dataset.content === key);
  const title = article?.querySelector(':scope > h1');
  // A routine's page holds its body in two parts, the timer between them (content-view.tsx).
  const body = article ? [...article.querySelectorAll(':scope > .content-body')] : [];
  if (!title || body.length === 0) return null;
  const summary = article!.querySelector(':scope > p.lead')?.textContent ?? undefined;
  return { meta: { title: title.textContent ?? '', ...(summary ? { summary } : {}) }, html: body.map((part) => part.innerHTML).join('') };
}

/** Starts loading a document before its page renders (see preloadPage); never rejects. */
export function preloadContent(loaders: Record<string, Loader>, key: string | null): Promise<void> {
  const loader = key ? loaders[key] : undefined;
  if (!loader || loaded.has(loader)) return Promise.resolve();
  const sent = sentDocument(key!);
  if (sent) {
    loaded.set(loader, sent);
    return Promise.resolve();
  }
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

/**
 * Loaders for a set of documents whose index itself loads on first use: a page that arrived
 * pre-rendered reads its document from the HTML (sentDocument) and never needs the index, so the
 * index stays out of the page's first scripts. Each key's loader is one stable function, as the
 * loaded-document memory above is keyed by loader; a key the index lacks fails like a missing file.
 */
export function lazyDocuments(loadIndex: () => Promise<Record<string, Loader>>): Record<string, Loader> {
  const loaders = new Map<string, Loader>();
  const loaderFor = (key: string): Loader => {
    let loader = loaders.get(key);
    if (!loader) {
      loader = () => loadIndex().then((index) => {
        const load = index[key];
        if (!load) throw new Error(`No document ${key}`);
        return load();
      });
      loaders.set(key, loader);
    }
    return loader;
  };
  return new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? loaderFor(key) : undefined) }) as Record<string, Loader>;
}
