import { NavLink } from 'react-router-dom';
import type { MenuLink } from '../../shared/menus';
import { menuLabel } from '../i18n/menu-label';
import { useT } from '../i18n/texts';

/** A permission-filtered sidebar (employee, client manager or admin; SPEC §2). */
export function Sidebar({ label, links }: { label: string; links: readonly MenuLink[] }) {
  const t = useT();
  if (links.length === 0) return null;
  return (
    <nav className="sidebar" aria-label={label}>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            {l.newTab ? (
              <a href={l.to} target="_blank" rel="noopener">
                {menuLabel(t, l.label)}
                <span className="visually-hidden"> {t('shell.new_tab')}</span>
              </a>
            ) : (
              <NavLink to={l.to}>{menuLabel(t, l.label)}</NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
