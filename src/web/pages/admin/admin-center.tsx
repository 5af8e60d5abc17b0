import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { routesByName } from '../../../../generated/routes';
import { canAccess } from '../../../shared/access';
import { sidebarLinks } from '../../../shared/menus';
import { useSession } from '../../session/store';
import { useAdminFigures } from './admin-figures';
import '../../components/content/content.css';
import './components/admin.css';

const DESCRIPTIONS: Record<string, string> = {
  'Users Role': 'Roles and the permissions each one grants.',
  Permissions: 'Every permission, which roles hold it, and permissions added here.',
  Users: 'Find, add and edit users across every client; import and export CSV.',
  'User Groups': "Named groups of a client's users, to write to together.",
  Clients: 'Client companies: branding, menus, regions and content access.',
  'SSO Configuration': "Single sign-on: each client's OpenID Connect provider and e-mail domains.",
  'Self-Assessment Settings': "Each client's work areas, reassessment interval and reminder, and follow-up delay.",
  'Email Templates': 'The e-mails the portal sends, with their variables.',
  'Send Notification': 'Write to users, a group or a whole client.',
  'Audit Log': 'Who did what, when and from where, with tamper detection.',
  Videos: 'The video library: add, edit and remove videos and help-centre tutorials.',
  Blog: 'Write, preview and publish posts (opens in a new tab).',
};

/** SPEC §2 /admin: the admin center's home, showing only what this administrator may use. */
export default function AdminCenter(_props: PageProps) {
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
      <h1 id="page-heading">Admin Center</h1>
      <p>
        Signed in as {user?.first_name} {user?.last_name} ({user?.role_name?.replace('_', ' ')}).
      </p>
      <div className="card-grid">
        {showDashboard && (
          <Link className="card" to={dashboard.path}>
            <h2>{dashboard.title}</h2>
            <p>System health: users and sessions, mail, the audit chain, storage and the slowest calls.</p>
          </Link>
        )}
        {links.map((l) =>
          l.newTab ? (
            <a key={l.to} className="card" href={l.to} target="_blank" rel="noopener">
              <h2>{l.label}</h2>
              <p>{DESCRIPTIONS[l.label]}</p>
            </a>
          ) : (
            <Link key={l.to} className="card" to={l.to}>
              <h2>{l.label}</h2>
              <p>{DESCRIPTIONS[l.label]}</p>
              {figures[l.label] && <p className="card-figure">{figures[l.label]}</p>}
            </Link>
          ),
        )}
      </div>
    </section>
  );
}
