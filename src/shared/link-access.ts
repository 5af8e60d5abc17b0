import type { RouteDefinition, SessionSnapshot } from './model';
import { routes, routesByName, type RouteName } from '../../generated/routes';
import { brandedClient } from '../../generated/branding';
import { ergoAllyPermission } from '../../generated/landing';
import brandedSources from '../../content/branded/sources.json';
import { canAccess } from './access';
import { guidanceFileKey } from './signed-in-pages';
import { holds, isBrandedCode } from './session-facts';

const CATCH_ALLS = new Set(['*', '/user/:url']);
const pattern = (path: string) => new RegExp(`^${path.replace(/\/:[^/]+\?/g, '(?:/[^/]+)?').replace(/:[^/]+/g, '[^/]+')}/?$`);
const exact = new Map(
  routes.flatMap((r) => [r.path, ...r.aliases].filter((p) => !p.includes(':') && p !== '*').map((p) => [p, r] as const)),
);
const patterned = routes.flatMap((r) =>
  [r.path, ...r.aliases].filter((p) => p.includes(':') && !CATCH_ALLS.has(p)).map((p) => ({ re: pattern(p), route: r })),
);
const userCatchAll = routes.find((r) => r.path === '/user/:url');

/** The route a path opens, as the router would pick it: exact paths, then parameters, then the catch-alls. */
export function routeForPath(path: string): RouteDefinition | null {
  const clean = path.split(/[?#]/)[0].replace(/(.)\/$/, '$1');
  return (
    exact.get(clean) ??
    patterned.find((p) => p.re.test(clean))?.route ??
    (userCatchAll && /^\/user\/[^/]+$/.test(clean) ? userCatchAll : null)
  );
}

/**
 * True when following a link to `path` would open that page rather than a redirect, 403 or 404:
 * the same `canAccess` the route guard runs (docs/architecture.md "One check behind every control"). Links to
 * other sites, and paths no route knows (they would show the 404 page), follow the same rule.
 *
 * @example
 *   canOpen('/user/self_assessment', { user, client }); // false at a client with self-assessment off
 */
export function canOpen(path: string, s: SessionSnapshot): boolean {
  if (!path.startsWith('/')) return true;
  const route = routeForPath(path);
  return route !== null && canAccess(route, s, path).outcome === 'allow';
}

/**
 * SPEC §2 branded area: the branded client's employees stay in its sub-site. Pages of the employee
 * site that the sub-site has too (its own route for the profile, reports, help, videos and
 * assessments, or a branded guide written from the same document, content/branded/sources.json)
 * are linked at their branded address.
 */
const BRANDED_EQUIVALENTS: Partial<Record<RouteName, RouteName>> = {
  user_home: 'branded_home',
  profile: 'branded_profile',
  my_reports: 'branded_my_report',
  help_center: 'branded_help_center',
  video_library: 'branded_ergo_videos',
  self_assessment_signup: 'branded_get_an_assessment',
  self_assessment: 'branded_self_assessment',
  schedule_eval: 'branded_schedule_evaluation_a45',
  privacy_policy: 'branded_privacy_policy',
  user_terms_of_service: 'branded_terms_of_serivce',
  terms_of_service: 'branded_terms_of_serivce',
};

/** Guidance document key → the branded route showing that document. */
const brandedGuides = new Map<string, string>();
for (const route of routes) {
  if (route.area !== 'branded' || !route.contentSlug) continue;
  const source = (brandedSources as Record<string, string>)[route.contentSlug.replace(/\//g, '--')];
  if (source && !brandedGuides.has(source)) brandedGuides.set(source, route.path);
}

/** True for the branded client's employees, whom SPEC §6 keeps in the branded area. */
export function staysInBrandedArea(s: SessionSnapshot): boolean {
  return !!s.user && isBrandedCode(s.client?.company_code) && holds(s, ergoAllyPermission);
}

/** The branded address of an employee-site path, or null when the sub-site has no such page. */
export function brandedPathFor(path: string): string | null {
  if (path === brandedClient.basePath || path.startsWith(`${brandedClient.basePath}/`)) return path;
  const route = routeForPath(path);
  if (!route) return null;
  const twin = BRANDED_EQUIVALENTS[route.name as RouteName];
  if (twin) return routesByName[twin].path;
  if (route.contentSlug && route.area === 'user') return brandedGuides.get(guidanceFileKey(route.contentSlug)) ?? null;
  return null;
}

/**
 * Where a link inside the signed-in product should lead for this user, or null when it must not be
 * shown: a page they cannot open, or (for the branded client's employees) an employee-site page the
 * sub-site has no twin of. Public pages and report views stay as they are.
 */
export function linkTarget(path: string, s: SessionSnapshot): string | null {
  if (!path.startsWith('/')) return path;
  let target = path;
  if (staysInBrandedArea(s)) {
    const route = routeForPath(path);
    if (route && route.area !== 'public' && route.area !== 'branded' && !route.viewreport && !route.path.includes(':')) {
      const branded = brandedPathFor(path);
      if (!branded) return null;
      target = branded;
    }
  }
  return canOpen(target, s) ? target : null;
}
