import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { siteMenuLinks } from '../../../shared/menus';
import { useSession } from '../../session/store';
import { useClientTexts } from '../../components/client-texts/use-client-texts';
import '../../components/content/content.css';

const BLURBS: Record<string, string> = {
  '/user': 'Guides for working well at home, in the office, anywhere and in the lab.',
  '/user/ergo_essentials': 'Posture, sitting, sit-stand basics, typing and mousing habits.',
  '/user/setup_guidelines': 'Seat, desk, screens, accessories and lighting, step by step.',
  '/user/work_better': 'Energy, focus, breaks and time management that protect your body.',
  '/user/video_library': 'Short videos: stretches, desk set-up and healthy habits.',
  '/user/self_assessment': 'Ten minutes, as often as you like; your report is ready in minutes.',
  '/user/schedule_eval': 'A one-to-one virtual evaluation with an ergonomist; report in 2 to 5 business days.',
};

/** The employee home (/user): the client's site menu as cards; headings in the client's own words (content/client-texts/cms.yaml). */
export default function UserHome(_props: PageProps) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const texts = useClientTexts('cms');
  const links = siteMenuLinks({ user, client }).filter((l) => l.to !== '/user');
  const sections = client?.is_access_of ?? [];
  const places = [
    ['Home', '/user/home_essentials'],
    ['Office', '/user/work_from_office'],
    ['Anywhere', '/user/work_from_anywhere'],
    ['Lab', '/user/work_from_lab'],
    ['Travel', '/user/travel-for-work'],
  ].filter(([section]) => sections.includes('Home Menu') && sections.includes(section));
  return (
    <section className="content-page" aria-labelledby="page-heading">
      {client?.banner && <img className="client-banner" src={client.banner} alt="" />}
      <h1 id="page-heading">
        {texts?.welcome_title ?? 'Welcome'}
        {user ? `, ${user.first_name}` : ''}
      </h1>
      <p className="lead">
        {texts?.welcome_lead ?? 'Small changes to how you sit, set up and take breaks add up. Start where you work today.'}
      </p>
      {places.length > 0 && (
        <>
          <h2>{texts?.where_heading ?? 'Where do you work today?'}</h2>
          <div className="card-grid">
            {places.map(([section, to]) => (
              <Link key={to} className="card" to={to}>
                <h2>{section}</h2>
                <p>
                  Set up and stay comfortable{' '}
                  {section === 'Travel'
                    ? 'on the move'
                    : `when you work ${section === 'Anywhere' ? 'anywhere' : `in the ${section.toLowerCase()}`}`}
                  .
                </p>
              </Link>
            ))}
          </div>
        </>
      )}
      <h2>{texts?.explore_heading ?? 'Explore'}</h2>
      <div className="card-grid">
        {links.map((l) => (
          <Link key={l.to} className="card" to={l.to}>
            <h2>{l.label}</h2>
            <p>{BLURBS[l.to] ?? ''}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
