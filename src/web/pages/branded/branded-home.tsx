import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { useSession } from '../../session/store';
import { useT } from '../../i18n/texts';
import '../../components/content/content.css';
import { href } from '../../../../generated/routes';

/** Each group's card: its address and the key of its title and line (content/interface/, branded.*). */
const GROUPS = [
  [href('branded_working_from_home_a45'), 'home'],
  [href('branded_working_in_the_office_a45'), 'office'],
  [href('branded_i_am_hybrid_a45'), 'hybrid'],
  [href('branded_working_in_groups_a45'), 'groups'],
  [href('branded_working_on_the_move_a45'), 'move'],
  [href('branded_productivity_a45'), 'productivity'],
  [href('branded_equipment_guides_a45'), 'equipment'],
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
