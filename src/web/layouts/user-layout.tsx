import { useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { AppRoute } from '../../../generated/routes';
import { mobileMenuLinks, sidebarLinks, siteMenuLinks } from '../../shared/menus';
import { holds } from '../../shared/session-facts';
import { MobileSidebar } from '../menus/mobile-sidebar';
import { ProfileDropdown } from '../menus/profile-dropdown';
import { Sidebar } from '../menus/sidebar';
import { useSession } from '../session/store';
import { Chrome, Logo, useCollapsingMenu } from './chrome';
import { menuLabel } from '../i18n/menu-label';
import { useT } from '../i18n/texts';

/** Signed-in header: the client's site menu (SPEC §2 Menus) and the profile dropdown. */
export function SignedInHeader({ home = '/user' }: { home?: string }) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const [open, setOpen, close] = useCollapsingMenu();
  const t = useT();
  const toggle = useRef<HTMLButtonElement>(null);
  const snapshot = { user, client };
  const site = holds(snapshot, 'site-ergo-ally-site-view') ? siteMenuLinks(snapshot) : [];
  const mobile = user ? mobileMenuLinks(snapshot, site) : [];
  return (
    <div className="header-inner">
      <Logo to={home} />
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

/** SPEC §2 layout "user_dashboard": signed-in header, and the employee or client-manager sidebar. */
export function UserLayout({ route, children }: { route: AppRoute; children: ReactNode }) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const t = useT();
  const links = route.sidebar === 'employee' || route.sidebar === 'clientmanager' ? sidebarLinks({ user, client }, route.sidebar) : [];
  return (
    <Chrome className="layout-user" header={<SignedInHeader />}>
      <div className={links.length ? 'with-sidebar' : 'content'}>
        {links.length > 0 && (
          <Sidebar label={route.sidebar === 'clientmanager' ? t('shell.sidebar_program') : t('shell.sidebar_dashboard')} links={links} />
        )}
        <div className="page">{children}</div>
      </div>
    </Chrome>
  );
}
