import type { PageProps } from '../../app/page-props';
import { AppLink } from '../../components/links/app-link';
import { ActivityFrame, StatCards, figure, useFigures } from './components/activity/activity-parts';
import { CLIENT_PAGES } from './components/activity/client-table';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';

/**
 * SPEC §2 /user/client-manager (Program Management): the clients a client manager looks after, each
 * with what is waiting and its programme pages.
 */
export default function ClientManagerPage({ route }: PageProps) {
  const t = useT();
  const data = useFigures('activity_clients');
  return (
    <ActivityFrame title={routeTitle(t, route)} state={data} failure={t('staff.cm.failed')}>
      {({ clients }) => {
        if (!clients.length) return <p>{t('staff.no_clients')}</p>;
        return (
          <>
            <p>{t('staff.cm.intro')}</p>
            {clients.map((c) => (
              <section key={c.id} className="activity-client" aria-labelledby={`client-${c.id}`} data-client-id={c.id}>
                <h2 id={`client-${c.id}`}>{c.name}</h2>
                <StatCards
                  label={t('staff.cm.at_a_glance', { client: c.name })}
                  items={[
                    { label: t('staff.employees'), value: c.employees },
                    { label: t('staff.cm.sa_month'), value: figure(c.self_assessments_month) },
                    { label: t('staff.ee.open_requests'), value: figure(c.open_requests) },
                    { label: t('staff.cm.evaluations_in_progress'), value: figure(c.evaluations_in_progress) },
                    { label: t('staff.cm.follow_ups_waiting'), value: figure(c.follow_ups_due) },
                  ]}
                />
                <ul className="activity-client-links">
                  {CLIENT_PAGES.map((p) => (
                    <li key={p.path}>
                      <AppLink to={`${p.path}/${c.id}`}>
                        {t(p.label)}
                        <span className="visually-hidden"> {t('staff.cm.of_client', { client: c.name })}</span>
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        );
      }}
    </ActivityFrame>
  );
}
