import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { useSession } from '../../session/store';
import '../../components/content/content.css';

const GROUPS = [
  ['/arcadia/working-from-home-a45', 'Working from home', 'Seating, desktops, couches and stretches for your home set-up.'],
  ['/arcadia/working-in-the-office-a45', 'Working in the office', 'Posture, your desk, keyboard, mouse and screens.'],
  ['/arcadia/i-am-hybrid-a45', 'I am hybrid', 'Mobility kits, focus and a schedule that travels with you.'],
  ['/arcadia/working-in-groups-a45', 'Working in groups', 'Meeting rooms and video calls without the strain.'],
  ['/arcadia/working-on-the-move-a45', 'Working on the move', 'Planes, trains and self-care on the road.'],
  ['/arcadia/productivity-a45', 'Productivity', 'Energy, breaks, focus and time management.'],
  ['/arcadia/equipment-guides-a45', 'Equipment guides', 'Chairs, screens, lighting and accessories that fit you.'],
] as const;

/** The branded sub-site's home (SPEC §2 branded area). */
export default function BrandedHome(_props: PageProps) {
  const user = useSession((s) => s.user);
  return (
    <section className="content-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Work well, {user?.first_name ?? 'Arcadian'}</h1>
      <p className="lead">Be mindful of how you sit, be present in your breaks, be great at what you do.</p>
      <div className="card-grid">
        {GROUPS.map(([to, title, text]) => (
          <Link key={to} className="card" to={to}>
            <h2>{title}</h2>
            <p>{text}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
