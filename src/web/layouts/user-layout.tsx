import { useRef, type ReactNode } from 'react';
import { NavLink } from '../app/history';
import type { AppRoute } from '../../../generated/routes';
import { mobileMenuLinks, siteMenuLinks, type MenuLink } from '../../shared/menus';
import { holds } from '../../shared/session-facts';
import { dashboardSidebar, flatEntries, type SidebarEntry } from '../menus/dashboard-sidebar';
import { MobileSidebar } from '../menus/mobile-sidebar';
import { ProfileDropdown } from '../menus/profile-dropdown';
import { Sidebar } from '../menus/sidebar';
import { useSession } from '../session/store';
import { useWorkingClientStore } from '../shell/working-client';
import { Chrome, Logo, useCollapsingMenu } from './chrome';
import { menuLabel } from '../i18n/menu-label';
import { useT } from '../i18n/texts';
import { href } from '../../../generated/routes';

/**
 * The client the header names: the one the page is about when it chose one (a client manager's
 * client, SPEC §2), else the reader's own (shown by its logo).
 */
function WorkingClientName() {
  const working = useWorkingClientStore((s) => s.client);
  const own = useSession((s) => s.client?.id);
  const t = useT();
  if (!working || working.id === own) return null;
  return (
    <p className="working-client" data-client-id={working.id}>
      <span className="muted">{t('shell.working_client')}</span> <strong>{working.name}</strong>
    </p>
  );
}

/**
 * Signed-in header: the client's site menu (SPEC §2 Menus) and the profile dropdown; on a phone the
 * Menu button opens the slide-out menu, which also carries the page's sidebar (`sidebar`).
 */
export function SignedInHeader({ home = href('user_home'), sidebar = [] }: { home?: string; sidebar?: readonly MenuLink[] }) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const working = useWorkingClientStore((s) => s.client);
  const [open, setOpen, close] = useCollapsingMenu();
  const t = useT();
  const toggle = useRef<HTMLButtonElement>(null);
  const snapshot = { user, client };
  const site = holds(snapshot, 'site-ergo-ally-site-view') ? siteMenuLinks(snapshot) : [];
  const mobile = user ? mobileMenuLinks(snapshot, [...site, ...sidebar]) : [];
  return (
    <div className="header-inner">
      {/* Working on another client: the product's mark, so no logo names the reader's own client. */}
      <Logo to={home} product={!!working && working.id !== client?.id} />
      <WorkingClientName />
      {user && (
        <button
          type="button"
          className="menu-toggle"
          ref={toggle}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? 'mobile-sidebar' : undefined}
          onClick={() => setOpen(!open)}
        >
          {t('shell.menu')}
        </button>
      )}
      <nav aria-label={t('shell.nav_main')} className="site-menu">
        <ul>
          {site.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end>
                {menuLabel(t, l.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ProfileDropdown />
      <MobileSidebar links={mobile} open={open} onClose={close} returnFocus={toggle} />
    </div>
  );
}

/** The client pages under Program Management open the client the reader is working on, when there is one. */
function withWorkingClient(entries: readonly SidebarEntry[], id: number | undefined): SidebarEntry[] {
  if (id === undefined) return [...entries];
  return entries.map((e) => (e.children ? { ...e, children: e.children.map((c) => ({ ...c, to: `${c.to}/${id}` })) } : e));
}

/**
 * SPEC §2 layout "user_dashboard": signed-in header and one dashboard sidebar (the employee and
 * client-manager entries together, menus/dashboard-sidebar.ts), the same on every dashboard page.
 */
export function UserLayout({ route, children }: { route: AppRoute; children: ReactNode }) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const working = useWorkingClientStore((s) => s.client?.id);
  const t = useT();
  const dashboard = route.sidebar === 'employee' || route.sidebar === 'clientmanager';
  const links = dashboard ? withWorkingClient(dashboardSidebar({ user, client }), working) : [];
  return (
    <Chrome className="layout-user" header={<SignedInHeader sidebar={flatEntries(links)} />}>
      <div className={links.length ? 'with-sidebar' : 'content'}>
        {links.length > 0 && <Sidebar label={t('shell.sidebar_dashboard')} links={links} />}
        <div className="page">{children}</div>
      </div>
    </Chrome>
  );
}
