import type { SessionSnapshot } from './model';
import { brandedClient } from '../../generated/branding';
import {
  ergoAllyPermission,
  ergoAllyPosition,
  firstMenuFallback,
  firstMenuRules,
  landingFallback,
  landingRules,
} from '../../generated/landing';
import { href, type RouteName } from '../../generated/routes';
import { holds, holdsAny, isBrandedCode, menuEnabled } from './session-facts';

function path(name: RouteName): string {
  return href(name as never);
}

/** SPEC §4: ergo-ally-site users go to the first enabled site menu (the branded client to its sub-site). */
function ergoAllyLanding(snapshot: SessionSnapshot): string {
  if (isBrandedCode(snapshot.client?.company_code)) return brandedClient.basePath;
  const first = firstMenuRules.find((rule) => menuEnabled(snapshot, rule.menuKey));
  return path(first ? first.route : firstMenuFallback);
}

/**
 * Where a signed-in user lands (SPEC §4 "Landing redirect by permission", first match wins); guests
 * go to the login page and SSO users still choosing a client to the client-selection screen.
 *
 * @example
 *   landingPath({ user: admin, client }); // "/admin"
 */
export function landingPath(snapshot: SessionSnapshot): string {
  if (!snapshot.user) return '/user/login';
  if (snapshot.user.sso_status === 1) return path('select_client');
  for (const [index, rule] of landingRules.entries()) {
    if (index === ergoAllyPosition && holds(snapshot, ergoAllyPermission)) return ergoAllyLanding(snapshot);
    if (holdsAny(snapshot, rule.permissions) && rule.permissions.length > 0) return path(rule.route);
  }
  if (ergoAllyPosition >= landingRules.length && holds(snapshot, ergoAllyPermission)) return ergoAllyLanding(snapshot);
  return path(landingFallback);
}
