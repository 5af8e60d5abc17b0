import type { SessionSnapshot, SiteMenuKey } from './model';
import { brandedClient } from '../../generated/branding';

/** True when the signed-in user's role grants `permission` (SPEC §6: access is by permission strings). */
export function holds(snapshot: SessionSnapshot, permission: string): boolean {
  return snapshot.user?.roles.all_permission.includes(permission) ?? false;
}

/** True when the user holds any of `permissions`; an empty list needs nothing (SPEC §6 "any match suffices"). */
export function holdsAny(snapshot: SessionSnapshot, permissions: readonly string[]): boolean {
  return permissions.length === 0 || permissions.some((p) => holds(snapshot, p));
}

/** SPEC §1: the branded client is selected by its company codes, compared case-insensitively. */
export function isBrandedCode(companyCode: string | null | undefined): boolean {
  const code = (companyCode ?? '').toLowerCase();
  return brandedClient.codes.some((c) => c.toLowerCase() === code);
}

/** SPEC §3: a client menu item is shown unless its status is 0 (default: shown). */
export function menuEnabled(snapshot: SessionSnapshot, key: SiteMenuKey): boolean {
  return snapshot.client?.site_menu_details[key]?.status !== 0;
}
