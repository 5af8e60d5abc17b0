import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { landingPath } from '../../shared/landing';
import { useSession } from '../session/store';
import { Chrome, Logo, useCollapsingMenu } from './chrome';

const NAV = [
  ['/self-assessments', 'Self-Assessments'], ['/virtual-services', 'Virtual Services'], ['/onsite-services', 'Onsite Services'],
  ['/wellness-series', 'Wellness Series'], ['/free-resources', 'Free Resources'], ['/blogs/en/blog', 'Blog'], ['/learn-more', 'Contact'],
] as const;

/** The public marketing layout (SPEC §2 layout "home"). */
export function HomeLayout({ children }: { children: ReactNode }) {
  const [open, setOpen] = useCollapsingMenu();
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const header = (
    <div className="header-inner">
      <Logo />
      <button type="button" className="menu-toggle" aria-expanded={open} aria-controls="public-nav" onClick={() => setOpen(!open)}>Menu</button>
      <nav id="public-nav" aria-label="Main" className={open ? 'open' : undefined}>
        <ul>{NAV.map(([to, label]) => <li key={to}><NavLink to={to}>{label}</NavLink></li>)}</ul>
      </nav>
      {user ? <Link className="button" to={landingPath({ user, client })}>My portal</Link> : <Link className="button" to="/user/login">Sign in</Link>}
    </div>
  );
  return <Chrome className="layout-home" header={header}>{children}</Chrome>;
}
