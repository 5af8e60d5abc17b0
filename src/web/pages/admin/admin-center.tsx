import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { routesByName } from '../../../../generated/routes';
import { canAccess } from '../../../shared/access';
import { sidebarLinks } from '../../../shared/menus';
import { useSession } from '../../session/store';
import { useAdminFigures } from './admin-figures';
import '../../components/content/content.css';
import { menuLabel } from '../../i18n/menu-label';
import { slug } from '../../i18n/manifest-texts';
import { hasKey, useT } from '../../i18n/texts';
import './components/admin.css';

/** Each card's description, by its menu label (manifest/menus.yaml): key admin.center.<label in snake case>. */
const descriptionKey = (label: string) => `admin.center.${slug(label)}`;

/** SPEC §2 /admin: the admin center's home, showing only what this administrator may use. */
export default function AdminCenter(_props: PageProps) {
  const t = useT();
  const describe = (label: string) => {
    const key = descriptionKey(label);
    return hasKey(key) ? t(key) : null;
  };
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const links = sidebarLinks({ user, client }, 'admin');
  const figures = useAdminFigures(
    links.map((l) => l.label),
    user,
  );
  // The system health dashboard sits outside the admin sidebar; only the Super_admin role may open it (SPEC §6).
  const dashboard = routesByName.superadmin_dashboard;
  const showDashboard = canAccess(dashboard, { user, client }).outcome === 'allow';
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.admin')}</h1>
      <p>
        {t('admin.center.signed_in', {
          name: `${user?.first_name ?? ''} ${user?.last_name ?? ''}`.trim(),
          role: user?.role_name?.replace('_', ' ') ?? '',
        })}
      </p>
      <div className="card-grid">
        {showDashboard && (
          <Link className="card" to={dashboard.path}>
            <h2>{t('admin.center.dashboard')}</h2>
            <p>{t('admin.center.system_health')}</p>
          </Link>
        )}
        {links.map((l) =>
          l.newTab ? (
            <a key={l.to} className="card" href={l.to} target="_blank" rel="noopener">
              <h2>{menuLabel(t, l.label)}</h2>
              <p>{describe(l.label)}</p>
            </a>
          ) : (
            <Link key={l.to} className="card" to={l.to}>
              <h2>{menuLabel(t, l.label)}</h2>
              <p>{describe(l.label)}</p>
              {figures[l.label] && <p className="card-figure">{figures[l.label]}</p>}
            </Link>
          ),
        )}
      </div>
    </section>
  );
}
