import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The browser history the product navigates with: the address, links, redirects and the query
 * string, in the words react-router uses (Link, NavLink, Navigate, useNavigate, useLocation,
 * useParams, useSearchParams) and matching paths as it does (case-insensitive, ranked: static
 * segments before parameters before `*`, optional `:id?` segments). The product needs nothing else of
 * a router (no loaders, actions or nested routes), and this is about 13 kB gzipped lighter in every
 * page's main script (page budgets, src/web/build/page-budgets.ts).
 */
export interface Location {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export interface NavigateOptions {
  readonly replace?: boolean;
}

const isBrowser = typeof window !== 'undefined';
const read = (): Location =>
  isBrowser
    ? { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash }
    : { pathname: '/', search: '', hash: '' };

let current = read();
const listeners = new Set<() => void>();
const changed = () => {
  const next = read();
  if (next.pathname === current.pathname && next.search === current.search && next.hash === current.hash) return;
  current = next;
  for (const listener of listeners) listener();
};
if (isBrowser) window.addEventListener('popstate', changed);
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Goes to `to` (a path, a path with query, or `?query` on the current path) in this tab. */
export function navigateTo(to: string, options: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (options.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  changed();
}

/** The current address; the component renders again when it changes. */
export function useLocation(): Location {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return navigateTo;
}

/** Redirects as soon as it renders (after the commit, as react-router's Navigate does). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => navigateTo(to, { replace }), [to, replace]);
  return null;
}

/** The query string as URLSearchParams and a setter that replaces it (keeping the path). */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
    const query = new URLSearchParams(next).toString();
    navigateTo(`${window.location.pathname}${query ? `?${query}` : ''}`, options);
  }, []);
  return [params, set];
}

const ParamsContext = createContext<Readonly<Record<string, string | undefined>>>({});

/** Gives the matched route's parameters to useParams below it. */
export function ParamsProvider({ params, children }: { params: Readonly<Record<string, string | undefined>>; children: ReactNode }) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(ParamsContext);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { readonly to: string; readonly replace?: boolean };

/** A plain click on a same-origin link navigates in place; a modified click, another target or another site is left to the browser. */
function useLinkClick(to: string, replace: boolean | undefined, target: string | undefined, onClick: LinkProps['onClick']) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    if (new URL(to, window.location.href).origin !== window.location.origin) return;
    event.preventDefault();
    navigateTo(to, { replace });
  };
}

export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const click = useLinkClick(to, replace, rest.target, onClick);
  return <a {...rest} href={to} onClick={click} />;
}

/** A link marked `active` with aria-current="page" while its path (or, without `end`, a path below it) is open. */
export function NavLink({ to, end, className, ...rest }: LinkProps & { readonly end?: boolean }) {
  const { pathname } = useLocation();
  const path = (new URL(to, 'http://x').pathname.replace(/\/+$/, '') || '/').toLowerCase();
  const here = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  const active = here === path || (!end && path !== '/' && here.startsWith(`${path}/`));
  return (
    <Link
      {...rest}
      to={to}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}

/** One compiled path: its pattern, its parameters' names and its rank. */
interface Compiled<T> {
  readonly value: T;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly score: number;
  readonly order: number;
}

/** `/a/:b?/c` → `/a/c`, `/a/:b/c` (the variants react-router ranks separately). */
function variants(path: string): string[] {
  const segments = path.split('/');
  let out: string[][] = [[]];
  for (const segment of segments) {
    if (segment.startsWith(':') && segment.endsWith('?')) {
      const plain = segment.slice(0, -1);
      out = out.flatMap((v) => [v, [...v, plain]]);
    } else out = out.map((v) => [...v, segment]);
  }
  return out.map((v) => v.join('/') || '/');
}

/** react-router's ranking: 10 a static segment, 3 a parameter, 1 an empty one, −2 a `*`, plus the segment count. */
function scoreOf(path: string): number {
  const segments = path.split('/');
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function compile<T>(path: string, value: T, order: number): Compiled<T> {
  const names: string[] = [];
  const splat = path.endsWith('*');
  const body = path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    });
  if (splat) names.push('*');
  const source = splat ? (body === '/' ? '^(?:\\/(.+)|\\/*)$' : `^${body}(?:\\/(.+)|\\/*)$`) : `^${body}\\/*$`;
  return { value, pattern: new RegExp(source, 'i'), names, score: scoreOf(path), order };
}

/** The address with each segment decoded (an encoded slash stays one), as react-router matches it. */
const decode = (pathname: string) =>
  pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');

/**
 * A matcher over paths, each carrying a value: the best-ranked path that matches an address (ties:
 * the earlier path), with its parameters, or null.
 *
 * @example
 *   const match = pathMatcher([['/user/:id', 'profile']]);
 *   match('/user/7'); // { value: 'profile', params: { id: '7' } }
 */
export function pathMatcher<T>(
  entries: readonly (readonly [string, T])[],
): (pathname: string) => { value: T; params: Record<string, string> } | null {
  const compiled = entries
    .flatMap(([path, value], order) => variants(path).map((v) => compile(v, value, order)))
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname) => {
    const path = decode(pathname);
    for (const entry of compiled) {
      const found = entry.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      entry.names.forEach((name, i) => {
        if (found[i + 1] !== undefined) params[name] = found[i + 1]!;
      });
      return { value: entry.value, params };
    }
    return null;
  };
}
