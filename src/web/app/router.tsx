import { useEffect, useMemo } from 'react';
import { redirects, routes, type AppRoute, href } from '../../../generated/routes';
import { Navigate, navigateTo, ParamsProvider, pathMatcher, useLocation } from './history';
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

type Target = { readonly redirect: string } | { readonly route: AppRoute };

/** Every path the product answers (redirects first, then each route with its aliases, which render the same page). */
const match = pathMatcher<Target>([
  ...redirects.map((r) => [r.from, { redirect: r.to }] as const),
  ...routes.flatMap((route) => [route.path, ...route.aliases].map((path) => [path, { route }] as const)),
]);

/**
 * The route the address opens, rendered with its parameters. A plain matcher over the generated
 * table rather than a router library: the product uses no loaders, actions or nested routes
 * (src/web/app/history.tsx).
 */
export function AppRoutes({ onNavigate }: { onNavigate: (navigate: (to: string) => void) => void }) {
  const { pathname } = useLocation();
  useEffect(() => onNavigate((to) => navigateTo(to)), [onNavigate]);
  const found = useMemo(() => match(pathname), [pathname]);
  if (!found) return null;
  if ('redirect' in found.value) return <Navigate to={redirectTarget(found.value.redirect)} replace />;
  const route = found.value.route;
  return (
    <ParamsProvider params={found.params}>
      <RouteElement key={route.name} route={route} />
    </ParamsProvider>
  );
}

/** The route a URL opens (null for a redirect), matched as the router will match it. */
export function routeAt(pathname: string): AppRoute | null {
  const found = match(pathname);
  return found && 'route' in found.value ? found.value.route : null;
}
