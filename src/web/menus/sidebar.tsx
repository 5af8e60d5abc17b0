import { NavLink } from '../app/history';
import type { MenuLink } from '../../shared/menus';
import type { SidebarEntry } from './dashboard-sidebar';
import { menuLabel } from '../i18n/menu-label';
import { useT } from '../i18n/texts';

function SidebarLink({ link }: { link: MenuLink }) {
  const t = useT();
  return link.newTab ? (
    <a href={link.to} target="_blank" rel="noopener">
      {menuLabel(t, link.label)}
      <span className="visually-hidden"> {t('shell.new_tab')}</span>
    </a>
  ) : (
    <NavLink to={link.to}>{menuLabel(t, link.label)}</NavLink>
  );
}

/**
 * A permission-filtered sidebar (dashboard or admin; SPEC §2). On a phone it is hidden and its
 * entries are in the phone menu (styles/app.css, layouts/user-layout.tsx).
 */
export function Sidebar({ label, links }: { label: string; links: readonly SidebarEntry[] }) {
  if (links.length === 0) return null;
  return (
    <nav className="sidebar" aria-label={label}>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <SidebarLink link={l} />
            {l.children && l.children.length > 0 && (
              <ul className="sidebar-sub">
                {l.children.map((c) => (
                  <li key={c.to}>
                    <SidebarLink link={c} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
