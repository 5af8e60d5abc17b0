import { useRef, type ReactNode } from 'react';
import { Link, NavLink } from '../app/history';
import { brandedClient } from '../../../generated/branding';
import { linkTarget } from '../../shared/link-access';
import { brandedMenuLinks, mobileMenuLinks, type MenuLink } from '../../shared/menus';
import { MobileSidebar } from '../menus/mobile-sidebar';
import { ProfileDropdown } from '../menus/profile-dropdown';
import { useSession } from '../session/store';
import { Chrome, Logo, useCollapsingMenu } from './chrome';
import { menuLabel } from '../i18n/menu-label';
import { useT } from '../i18n/texts';
import { href } from '../../../generated/routes';

/** SPEC §2 branded area: its own header menu and a footer with the mottos. */
export function BrandedLayout({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const [open, setOpen, close] = useCollapsingMenu();
  const t = useT();
  const toggle = useRef<HTMLButtonElement>(null);
  const links = brandedMenuLinks({ user, client });
  const base = brandedClient.basePath;
  // The sub-site's own videos, reports and help pages, linked from the footer and the phone menu.
  const programme = (
    [
      [t('shell.ergo_videos'), `${base}/ergo-videos`],
      [t('menu.my_reports'), href('my_reports')],
      [t('menu.help_center'), href('help_center')],
    ] as const
  ).flatMap(([label, path]): MenuLink[] => {
    const to = linkTarget(path, { user, client });
    return to ? [{ label, to, newTab: false }] : [];
  });
  const header = (
    <div className="header-inner">
      <Logo to={base} />
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
      <nav aria-label={t('shell.nav_main')} className="site-menu">
        <ul>
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end>
                {menuLabel(t, l.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ProfileDropdown />
      <MobileSidebar links={mobileMenuLinks({ user, client }, [...links, ...programme])} open={open} onClose={close} returnFocus={toggle} />
    </div>
  );
  const footer = (
    <footer className="site-footer branded-footer">
      <ul className="mottos">
        <li>{t('shell.motto_mindful')}</li>
        <li>{t('shell.motto_present')}</li>
        <li>{t('shell.motto_great')}</li>
      </ul>
      {programme.length > 0 && (
        <nav aria-label={t('shell.your_programme')}>
          {programme.map((l) => (
            <Link key={l.to} to={l.to}>
              {l.label}
            </Link>
          ))}
        </nav>
      )}
      <nav aria-label={t('shell.nav_legal')}>
        <Link to={`${base}/privacy-policy`}>{t('shell.privacy_policy')}</Link>{' '}
        <Link to={`${base}/terms-of-serivce`}>{t('shell.terms')}</Link>
      </nav>
      {client?.site_footer && <p>{client.site_footer}</p>}
      <p>
        © {new Date().getFullYear()} {brandedClient.name} · ErgoPortal
      </p>
    </footer>
  );
  return (
    <Chrome className="layout-branded" header={header} footer={footer}>
      {children}
    </Chrome>
  );
}
