import { href } from '../../../generated/routes';
import { sidebarLinks, type MenuLink } from '../../shared/menus';
import type { SessionSnapshot } from '../../shared/model';

/** A sidebar entry; Program Management carries its client pages beneath it. */
export interface SidebarEntry extends MenuLink {
  readonly children?: readonly MenuLink[];
}

/**
 * SPEC §2 dashboard sidebar: one sidebar on every dashboard page, whichever of the employee and
 * client-manager sidebars the route names, so a client manager who also reads the activity pages
 * never sees the menu change under them. The client-manager entries (Program Management first)
 * follow the dashboard entries, its client pages nested under it; a page appears once.
 */
export function dashboardSidebar(s: SessionSnapshot): SidebarEntry[] {
  const employee = sidebarLinks(s, 'employee');
  const [management, ...pages] = sidebarLinks(s, 'clientmanager');
  // Without Program Management (an evaluator) the client-manager sidebar adds nothing: its other
  // entries are client pages or already in the employee sidebar.
  if (!management || management.to !== href('client_manager')) return employee;
  // A page the dashboard entries already offer (a programme manager's Program Overview and Employee
  // Search, which open the same pages for their own client) is not listed a second time beneath it.
  const seen = new Set(employee.flatMap((l) => [l.to, l.label]));
  const clientPages = pages.filter((l) => !seen.has(l.to) && !seen.has(l.label));
  const entry: SidebarEntry = { ...management, children: clientPages };
  // Help Center stays last, as in the employee sidebar.
  const help = employee.findIndex((l) => l.to === href('help_center'));
  return help < 0 ? [...employee, entry] : [...employee.slice(0, help), entry, ...employee.slice(help)];
}

/** The entries one per line, nested ones after their parent: the phone menu lists them so. */
export function flatEntries(entries: readonly SidebarEntry[]): MenuLink[] {
  return entries.flatMap(({ children, ...l }) => [l, ...(children ?? [])]);
}
