import type { ReactNode } from 'react';
import { Link, NavLink } from '../app/history';
import { landingPath } from '../../shared/landing';
import { useSession } from '../session/store';
import { Chrome, Logo, useCollapsingMenu } from './chrome';
import type { InterfaceKey } from '../i18n/keys';
import { useT } from '../i18n/texts';
import { href } from '../../../generated/routes';

const NAV: readonly (readonly [string, InterfaceKey])[] = [
  [href('self_assessments'), 'nav.self_assessments'],
  [href('virtual_service'), 'nav.virtual_services'],
  [href('onsite_service'), 'nav.onsite_services'],
  [href('wellness_series'), 'nav.wellness_series'],
  [href('free_resources'), 'nav.free_resources'],
  [href('blog'), 'nav.blog'],
  [href('learn_more'), 'shell.contact'],
];

/** The public marketing layout (SPEC §2 layout "home"). */
export function HomeLayout({ children }: { children: ReactNode }) {
  const [open, setOpen] = useCollapsingMenu();
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const t = useT();
  const header = (
    <div className="header-inner">
      <Logo />
      <button type="button" className="menu-toggle" aria-expanded={open} aria-controls="public-nav" onClick={() => setOpen(!open)}>
        {t('shell.menu')}
      </button>
      <nav id="public-nav" aria-label={t('shell.nav_main')} className={open ? 'open' : undefined}>
        <ul>
          {NAV.map(([to, key]) => (
            <li key={to}>
              <NavLink to={to}>{t(key)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {user ? (
        <Link className="button" to={landingPath({ user, client })}>
          {t('shell.my_portal')}
        </Link>
      ) : (
        <Link className="button" to={href('user_login')}>
          {t('shell.sign_in')}
        </Link>
      )}
    </div>
  );
  return (
    <Chrome className="layout-home" header={header}>
      {children}
    </Chrome>
  );
}
