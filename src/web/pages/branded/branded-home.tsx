import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { useSession } from '../../session/store';
import { useT } from '../../i18n/texts';
import '../../components/content/content.css';

/** Each group's card: its address and the key of its title and line (content/interface/, branded.*). */
const GROUPS = [
  ['/arcadia/working-from-home-a45', 'home'],
  ['/arcadia/working-in-the-office-a45', 'office'],
  ['/arcadia/i-am-hybrid-a45', 'hybrid'],
  ['/arcadia/working-in-groups-a45', 'groups'],
  ['/arcadia/working-on-the-move-a45', 'move'],
  ['/arcadia/productivity-a45', 'productivity'],
  ['/arcadia/equipment-guides-a45', 'equipment'],
] as const;

/** The branded sub-site's home (SPEC §2 branded area). */
export default function BrandedHome(_props: PageProps) {
  const user = useSession((s) => s.user);
  const t = useT();
  return (
    <section className="content-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{user ? t('branded.welcome', { name: user.first_name }) : t('branded.welcome_guest')}</h1>
      <p className="lead">{t('branded.lead')}</p>
      <div className="card-grid">
        {GROUPS.map(([to, group]) => (
          <Link key={to} className="card" to={to}>
            <h2>{t(`branded.group.${group}`)}</h2>
            <p>{t(`branded.group_text.${group}`)}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
