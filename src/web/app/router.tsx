import { useEffect } from 'react';
import { matchRoutes, Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { redirects, routes, type AppRoute, href } from '../../../generated/routes';
import { RouteElement } from './route-element';

const knownPaths = new Set(routes.flatMap((r) => [r.path, ...r.aliases]).filter((p) => !p.includes(':') && p !== '*'));
const paramPatterns = routes
  .flatMap((r) => [r.path, ...r.aliases])
  .filter((p) => p.includes(':'))
  .map((p) => new RegExp(`^${p.replace(/\/:[^/]+\?/g, '(?:/[^/]+)?').replace(/:[^/]+/g, '[^/]+')}/?$`));

/** SPEC §2: a redirect whose target is not a known path goes to /page-not-found. */
export function redirectTarget(to: string): string {
  const path = to.replace(/\/+$/, '') || '/';
  return knownPaths.has(path) || paramPatterns.some((re) => re.test(path)) ? path : href('page_not_found');
}

/** The browser-history route objects, built from the generated table (aliases render the same page). */
export function routeObjects(): RouteObject[] {
  const objects: RouteObject[] = redirects.map((r) => ({ path: r.from, element: <Navigate to={redirectTarget(r.to)} replace /> }));
  for (const route of routes) {
    for (const path of [route.path, ...route.aliases]) {
      objects.push({ path, element: <RouteElement key={route.name} route={route} /> });
    }
  }
  return objects;
}

const objects = routeObjects();

/**
 * The route tree rendered inside <BrowserRouter>. The declarative router, not the data router
 * (createBrowserRouter): the product uses no loaders or actions, and the data router adds about
 * 19 kB gzipped to every page's main script (page-weight bench targets, docs/architecture.md "Dependencies and their traps").
 */
export function AppRoutes({ onNavigate }: { onNavigate: (navigate: (to: string) => void) => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    onNavigate((to) => {
      void navigate(to);
    });
  }, [navigate, onNavigate]);
  return useRoutes(objects);
}

const byPath = routes.flatMap((route) => [route.path, ...route.aliases].map((path) => ({ path, route })));

/** The route a URL opens (null for a redirect), matched as the router will match it. */
export function routeAt(pathname: string): AppRoute | null {
  if (redirects.some((r) => matchRoutes([{ path: r.from }], pathname))) return null;
  const matches = matchRoutes(byPath, pathname);
  return matches ? matches[matches.length - 1].route.route : null;
}
