import type { PermissionMenuItem, SessionSnapshot, SiteMenuKey } from './model';
import { adminSidebar, brandedMenu, clientManagerSidebar, employeeSidebar, mobileSidebar, profileMenu, siteMenu } from '../../generated/menus';
import { href, routesByName, type RouteName } from '../../generated/routes';
import { canAccess } from './access';
import { holds, holdsAny, menuEnabled } from './session-facts';

/** A menu entry ready to render. */
export interface MenuLink {
  readonly label: string;
  readonly to: string;
  readonly newTab: boolean;
}

function link(label: string, route: RouteName, newTab = false): MenuLink {
  return { label, to: href(route as never), newTab };
}

/** Shown only when the user holds the entry's permission AND the route's own guard would let them in. */
function permitted(s: SessionSnapshot, item: PermissionMenuItem<RouteName>): boolean {
  return holdsAny(s, item.permissions) && canAccess(routesByName[item.route], s).outcome === 'allow';
}

/**
 * SPEC §2 signed-in menu: each item's text and status come from the client; Request An Evaluation
 * shows only when the self-assessment item is off.
 */
export function siteMenuLinks(s: SessionSnapshot): MenuLink[] {
  // Request An Evaluation also has its own status (SPEC §1 "each menu item has a status").
  return siteMenu.filter((item) => (item.visibleWhen === 'self-assessment-off'
    ? !menuEnabled(s, 'TakeASelfAssessment') && menuEnabled(s, item.key as SiteMenuKey)
    : menuEnabled(s, item.key as SiteMenuKey)))
    .map((item) => link(s.client?.site_menu_details[item.key]?.custom_menu_text || item.label, item.route));
}

/** SPEC §2 profile dropdown, in order: Profile, Admin Dashboard, the dashboard entry, Switch Client, Logout. */
export function profileMenuLinks(s: SessionSnapshot): { links: MenuLink[]; switchClient: boolean } {
  const links = [link(profileMenu.profile.label, profileMenu.profile.route)];
  if (holdsAny(s, profileMenu.adminDashboard.permissions)) links.push(link(profileMenu.adminDashboard.label, profileMenu.adminDashboard.route));
  const entry = profileMenu.dashboardEntry.candidates.find((c) => c.permissions.some((p) => holds(s, p)))
    ?? profileMenu.dashboardEntry.fallback;
  links.push(link(entry.label, entry.route));
  const switchClient = holds(s, profileMenu.switchClientPermission) && s.user?.admin_sso_status === 0;
  return { links, switchClient };
}

/** A permission-filtered sidebar (mobile, employee, client-manager or admin). */
export function sidebarLinks(s: SessionSnapshot, which: 'mobile' | 'employee' | 'clientmanager' | 'admin'): MenuLink[] {
  const items = { mobile: mobileSidebar, employee: employeeSidebar, clientmanager: clientManagerSidebar, admin: adminSidebar }[which];
  return items.filter((item) => permitted(s, item)).map((item) => link(item.label, item.route, item.newTab));
}

/** SPEC §2 branded header menu: Get an Assessment hidden when self-assessment is off, ergo-ally only. */
export function brandedMenuLinks(s: SessionSnapshot): MenuLink[] {
  return brandedMenu.filter((item) => holdsAny(s, item.permissions)
    && (!item.requiresSelfAssessment || menuEnabled(s, 'TakeASelfAssessment')))
    .map((item) => link(item.label, item.route));
}
