import { lazy, Suspense } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { siteMenuLinks } from '../../../shared/menus';
import { useSession } from '../../session/store';
import { useClientTexts } from '../../components/client-texts/use-client-texts';
import { useT } from '../../i18n/texts';
import type { InterfaceKey } from '../../i18n/keys';
import '../../components/content/content.css';
import { href } from '../../../../generated/routes';

// The employee's own results come with their data: their code (the API table, ROSA bands, report
// labels) is fetched as soon as this page runs, beside the page rather than before it, so the page
// itself stays within the employee pages' 100 kB (src/web/build/page-budgets.ts).
const summary = import('./components/personal-summary');
const PersonalSummary = lazy(() => summary.then((m) => ({ default: m.PersonalSummary })));

/** Each card's line under a menu link (content/interface/, home.blurb.*). */
const BLURBS: Record<string, InterfaceKey> = {
  [href('user_home')]: 'home.blurb.guides',
  [href('ergo_essentials')]: 'home.blurb.ergo_essentials',
  [href('setup_guidelines')]: 'home.blurb.setup_guidelines',
  [href('work_better')]: 'home.blurb.work_better',
  [href('video_library')]: 'home.blurb.video_library',
  [href('self_assessment')]: 'home.blurb.self_assessment',
  [href('schedule_eval')]: 'home.blurb.schedule_eval',
};
/** The work-place cards' sentences (SPEC §2 "Home Menu" sections). */
const PLACE_TEXT: Record<string, InterfaceKey> = {
  Home: 'home.place.home',
  Office: 'home.place.office',
  Anywhere: 'home.place.anywhere',
  Lab: 'home.place.lab',
  Travel: 'home.place.travel',
};

/**
 * The employee home (/user): the employee's own results, next reassessment and open recommendations
 * (PersonalSummary), then the client's site menu as cards; headings in the client's own words
 * (content/client-texts/cms.yaml).
 */
export default function UserHome(_props: PageProps) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const texts = useClientTexts('cms');
  const t = useT();
  const links = siteMenuLinks({ user, client }).filter((l) => l.to !== href('user_home'));
  const sections = client?.is_access_of ?? [];
  const places = [
    ['Home', href('home_essentials')],
    ['Office', href('work_from_office')],
    ['Anywhere', href('work_from_anywhere')],
    ['Lab', href('work_from_lab')],
    ['Travel', href('travel_for_work')],
  ].filter(([section]) => sections.includes('Home Menu') && sections.includes(section));
  return (
    <section className="content-page" aria-labelledby="page-heading">
      {client?.banner && <img className="client-banner" src={client.banner} alt="" />}
      <h1 id="page-heading">
        {texts?.welcome_title ?? t('home.welcome')}
        {user ? `, ${user.first_name}` : ''}
      </h1>
      <p className="lead">{texts?.welcome_lead ?? t('home.welcome_lead')}</p>
      {user && (
        <Suspense
          fallback={
            <p role="status" className="muted">
              {t('home.mine.loading')}
            </p>
          }
        >
          <PersonalSummary />
        </Suspense>
      )}
      {places.length > 0 && (
        <>
          <h2>{texts?.where_heading ?? t('home.where_heading')}</h2>
          <div className="card-grid">
            {places.map(([section, to]) => (
              <Link key={to} className="card" to={to}>
                <h2>{t(`report.area.${section.toLowerCase() as 'home' | 'office' | 'anywhere' | 'lab' | 'travel'}`)}</h2>
                <p>{t(PLACE_TEXT[section])}</p>
              </Link>
            ))}
          </div>
        </>
      )}
      <h2>{texts?.explore_heading ?? t('home.explore')}</h2>
      <div className="card-grid">
        {links.map((l) => (
          <Link key={l.to} className="card" to={l.to}>
            <h2>{l.label}</h2>
            <p>{BLURBS[l.to] ? t(BLURBS[l.to]) : ''}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
