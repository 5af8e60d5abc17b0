import type { RouteDefinition, SessionSnapshot } from './model';
import { brandedClient } from '../../generated/branding';
import { ergoAllyPermission } from '../../generated/landing';
import { EMPLOYEE_PERMISSION } from './employee-permission';
import { landingPath } from './landing';
import { redirectParam } from './safe-redirect';
import { holds, holdsAny, isBrandedCode, menuEnabled } from './session-facts';

export type AccessReason =
  | 'guest-only'
  | 'sign-in'
  | 'super-admin-only'
  | 'admin-area'
  | 'session-expired'
  | 'branded-only'
  | 'permission'
  | 'content-access'
  | 'self-assessment-off';

export type AccessOutcome =
  { readonly outcome: 'allow' } | { readonly outcome: 'redirect'; readonly to: string; readonly reason: AccessReason };

export const ADMIN_PERMISSION = 'site-access-admin-center-view';
export const SUPER_ADMIN_ROLE = 'Super_admin';
const HELP_CENTER = 'dashboard-pages-employee-help-center-view';

const go = (to: string, reason: AccessReason): AccessOutcome => ({ outcome: 'redirect', to, reason });

/** SPEC §6 admin routes without the admin permission. */
function adminFallback(s: SessionSnapshot): AccessOutcome {
  if (holds(s, EMPLOYEE_PERMISSION)) return go('/user/my-reports', 'admin-area');
  if (holds(s, ergoAllyPermission)) return go(isBrandedCode(s.client?.company_code) ? brandedClient.basePath : '/user', 'admin-area');
  return go('/no-acces-granted', 'session-expired');
}

/** SPEC §6 branded section: only the branded client; its non-ergo-ally users go by permission. */
function brandedFallback(s: SessionSnapshot): AccessOutcome | null {
  if (!isBrandedCode(s.client?.company_code)) return go('/user/login', 'branded-only');
  if (holds(s, ergoAllyPermission)) return null;
  if (holds(s, ADMIN_PERMISSION)) return go('/admin', 'branded-only');
  if (holds(s, EMPLOYEE_PERMISSION)) return go('/user/my-reports', 'branded-only');
  if (holds(s, HELP_CENTER)) return go('/user/help-center', 'branded-only');
  return go('/user/profile', 'branded-only');
}

/**
 * The one access check behind every guard, menu filter and link (docs/architecture.md "One check behind every control", after react-admin's
 * canAccess). Implements SPEC §4 "Session" and §6 "Route rules" in this order: who may open the
 * route at all, the admin and branded areas, permissions (any of), then the client's content access
 * and self-assessment switch.
 *
 * @example
 *   canAccess(routesByName.my_reports, { user, client }, '/user/my-reports');
 */
export function canAccess(route: RouteDefinition, s: SessionSnapshot, wantedPath: string = route.path): AccessOutcome {
  if (route.access === 'public') return { outcome: 'allow' };
  // A signed-in user on a guest-only page goes to the page they originally asked for, else landing.
  if (route.access === 'guest') return s.user ? go(redirectParam(wantedPath) ?? landingPath(s), 'guest-only') : { outcome: 'allow' };
  if (!s.user) return go(`/user/login?redirect=${encodeURIComponent(wantedPath)}`, 'sign-in');
  if (route.access === 'superadmin' && s.user.role_name !== SUPER_ADMIN_ROLE) return go(landingPath(s), 'super-admin-only');
  if (route.conditions.includes('admin-area') && !holds(s, ADMIN_PERMISSION)) return adminFallback(s);
  if (route.conditions.includes('branded-client')) {
    const fallback = brandedFallback(s);
    if (fallback) return fallback;
  }
  if (!holdsAny(s, route.permissions)) {
    // SPEC §6: non-ergo-ally users asking for the employee site are sent to where they belong
    // (administrators to /admin, the others to their landing page, at worst the profile).
    if (route.permissions.length === 1 && route.permissions[0] === ergoAllyPermission) return go(landingPath(s), 'permission');
    return go('/no-acces-granted', 'permission');
  }
  const access = s.client?.is_access_of ?? [];
  if (!route.contentAccess.every((section) => access.includes(section))) return go('/page-not-found', 'content-access');
  if (route.conditions.includes('self-assessment-enabled') && !menuEnabled(s, 'TakeASelfAssessment')) {
    return go('/page-not-found', 'self-assessment-off');
  }
  return { outcome: 'allow' };
}

/**
 * Whether the server's gate will let the signed-in user make a call (plugins/api-routes.ts: the
 * call's permissions, any of, then `access: superadmin`), so that a page never offers an action or
 * loads a figure the server would refuse and audit. Pass the call's definition from generated/api.ts.
 *
 * @example
 *   canCall(callsByName.survey_reports_import, { user, client });
 */
export function canCall(
  call: { readonly auth: string; readonly permissions: readonly string[]; readonly access?: string },
  s: SessionSnapshot,
): boolean {
  if (call.auth === 'public') return true;
  if (!s.user) return false;
  if (call.access === 'superadmin' && s.user.role_name !== SUPER_ADMIN_ROLE) return false;
  return holdsAny(s, call.permissions);
}
