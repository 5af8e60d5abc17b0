import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { redirects, routes } from '../../../generated/routes';
import { RouteElement } from './route-element';

const knownPaths = new Set(routes.flatMap((r) => [r.path, ...r.aliases]).filter((p) => !p.includes(':') && p !== '*'));
const paramPatterns = routes.flatMap((r) => [r.path, ...r.aliases]).filter((p) => p.includes(':'))
  .map((p) => new RegExp(`^${p.replace(/\/:[^/]+\?/g, '(?:/[^/]+)?').replace(/:[^/]+/g, '[^/]+')}/?$`));

/** SPEC §2: a redirect whose target is not a known path goes to /page-not-found. */
export function redirectTarget(to: string): string {
  const path = to.replace(/\/+$/, '') || '/';
  return knownPaths.has(path) || paramPatterns.some((re) => re.test(path)) ? path : '/page-not-found';
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

export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}
