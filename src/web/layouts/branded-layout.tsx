import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { brandedClient } from '../../../generated/branding';
import { brandedMenuLinks } from '../../shared/menus';
import { ProfileDropdown } from '../menus/profile-dropdown';
import { useSession } from '../session/store';
import { Chrome, Logo, useCollapsingMenu } from './chrome';

/** SPEC §2 branded area: its own header menu and a footer with the mottos. */
export function BrandedLayout({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const [open, setOpen] = useCollapsingMenu();
  const links = brandedMenuLinks({ user, client });
  const base = brandedClient.basePath;
  const header = (
    <div className="header-inner">
      <Logo to={base} />
      <button type="button" className="menu-toggle" aria-expanded={open} aria-controls="branded-nav" onClick={() => setOpen(!open)}>Menu</button>
      <nav id="branded-nav" aria-label="Main" className={open ? 'open' : undefined}>
        <ul>{links.map((l) => <li key={l.to}><NavLink to={l.to} end>{l.label}</NavLink></li>)}</ul>
      </nav>
      <ProfileDropdown />
    </div>
  );
  const footer = (
    <footer className="site-footer branded-footer">
      <ul className="mottos"><li>Be mindful</li><li>Be present</li><li>Be great</li></ul>
      <nav aria-label="Legal"><Link to={`${base}/privacy-policy`}>Privacy Policy</Link> <Link to={`${base}/terms-of-serivce`}>Terms of Service</Link></nav>
      {client?.site_footer && <p>{client.site_footer}</p>}
      <p>© {new Date().getFullYear()} {brandedClient.name} · ErgoPortal</p>
    </footer>
  );
  return <Chrome className="layout-branded" header={header} footer={footer}>{children}</Chrome>;
}
