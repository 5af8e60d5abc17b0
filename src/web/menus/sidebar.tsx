import { NavLink } from 'react-router-dom';
import type { MenuLink } from '../../shared/menus';

/** A permission-filtered sidebar (employee, client manager or admin; SPEC §2). */
export function Sidebar({ label, links }: { label: string; links: readonly MenuLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav className="sidebar" aria-label={label}>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            {l.newTab
              ? <a href={l.to} target="_blank" rel="noopener">{l.label}<span className="visually-hidden"> (opens in a new tab)</span></a>
              : <NavLink to={l.to}>{l.label}</NavLink>}
          </li>
        ))}
      </ul>
    </nav>
  );
}
