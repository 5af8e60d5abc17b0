import type { PermissionMenuItem, SessionSnapshot, SiteMenuKey } from './model';
import {
  adminSidebar,
  brandedMenu,
  clientManagerSidebar,
  employeeSidebar,
  mobileSidebar,
  profileMenu,
  siteMenu,
} from '../../generated/menus';
import { href, type RouteName } from '../../generated/routes';
import { linkTarget } from './link-access';
import { holds, holdsAny, menuEnabled } from './session-facts';

/** A menu entry ready to render. */
export interface MenuLink {
  readonly label: string;
  readonly to: string;
  readonly newTab: boolean;
}

/**
 * A menu entry the user can follow, or null: the route's own guard (canAccess) must let them in,
 * and the branded client's employees get the branded address (link-access.ts), so no menu leads
 * to a 403, a 404 or out of the branded area.
 */
function link(s: SessionSnapshot, label: string, route: RouteName, newTab = false): MenuLink | null {
  const to = linkTarget(href(route as never), s);
  return to === null ? null : { label, to, newTab };
}

const present = (l: MenuLink | null): l is MenuLink => l !== null;

/** Shown only when the user holds the entry's permission AND the route's own guard would let them in. */
function permitted(s: SessionSnapshot, item: PermissionMenuItem<RouteName>): MenuLink | null {
  return holdsAny(s, item.permissions) ? link(s, item.label, item.route, item.newTab) : null;
}

/**
 * SPEC §2 signed-in menu: each item's text and status come from the client; Request An Evaluation
 * shows only when the self-assessment item is off.
 */
export function siteMenuLinks(s: SessionSnapshot): MenuLink[] {
  // Request An Evaluation also has its own status (SPEC §1 "each menu item has a status").
  return siteMenu
    .filter((item) =>
      item.visibleWhen === 'self-assessment-off'
        ? !menuEnabled(s, 'TakeASelfAssessment') && menuEnabled(s, item.key as SiteMenuKey)
        : menuEnabled(s, item.key as SiteMenuKey),
    )
    .map((item) => link(s, s.client?.site_menu_details[item.key]?.custom_menu_text || item.label, item.route))
    .filter(present);
}

/**
 * SPEC §2 profile dropdown, in order: Profile, Admin Dashboard, the dashboard entry, Switch Client,
 * Logout. The dashboard entry is the first candidate the user may open; the Employee Help Center
 * fallback shows only to those who may open it.
 */
export function profileMenuLinks(s: SessionSnapshot): { links: MenuLink[]; switchClient: boolean } {
  const links = [link(s, profileMenu.profile.label, profileMenu.profile.route)];
  if (holdsAny(s, profileMenu.adminDashboard.permissions))
    links.push(link(s, profileMenu.adminDashboard.label, profileMenu.adminDashboard.route));
  const entry =
    profileMenu.dashboardEntry.candidates
      .filter((c) => c.permissions.some((p) => holds(s, p)))
      .map((c) => link(s, c.label, c.route))
      .find(present) ?? link(s, profileMenu.dashboardEntry.fallback.label, profileMenu.dashboardEntry.fallback.route);
  links.push(entry);
  const switchClient = holds(s, profileMenu.switchClientPermission) && s.user?.admin_sso_status === 0;
  return { links: links.filter(present), switchClient };
}

/** A permission-filtered sidebar (mobile, employee, client-manager or admin). */
export function sidebarLinks(s: SessionSnapshot, which: 'mobile' | 'employee' | 'clientmanager' | 'admin'): MenuLink[] {
  const items = { mobile: mobileSidebar, employee: employeeSidebar, clientmanager: clientManagerSidebar, admin: adminSidebar }[which];
  return items.map((item) => permitted(s, item)).filter(present);
}

/** SPEC §2 branded header menu: Get an Assessment hidden when self-assessment is off, ergo-ally only. */
export function brandedMenuLinks(s: SessionSnapshot): MenuLink[] {
  return brandedMenu
    .filter((item) => holdsAny(s, item.permissions) && (!item.requiresSelfAssessment || menuEnabled(s, 'TakeASelfAssessment')))
    .map((item) => link(s, item.label, item.route))
    .filter(present);
}

/**
 * SPEC §2 mobile slide-out sidebar: on a phone it stands in for every desktop menu, so it lists the
 * header menu (`primary`: the client's site menu or the branded menu), the dashboard entries by
 * permission, then the profile dropdown's links; each address once.
 */
export function mobileMenuLinks(s: SessionSnapshot, primary: readonly MenuLink[]): MenuLink[] {
  const all = [...primary, ...sidebarLinks(s, 'mobile'), ...profileMenuLinks(s).links];
  return all.filter((l, i) => all.findIndex((o) => o.to === l.to) === i);
}
