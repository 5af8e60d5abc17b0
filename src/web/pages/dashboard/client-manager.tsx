import type { PageProps } from '../../app/page-props';
import { AppLink } from '../../components/links/app-link';
import { ActivityFrame, StatCards, useFigures } from './components/activity/activity-parts';
import { CLIENT_PAGES } from './components/activity/client-table';

/**
 * SPEC §2 /user/client-manager (Program Management): the clients a client manager looks after, each
 * with what is waiting and its programme pages.
 */
export default function ClientManagerPage({ route }: PageProps) {
  const data = useFigures('activity_clients');
  return (
    <ActivityFrame title={route.title} state={data} failure="Your clients could not be loaded. Please try again.">
      {({ clients }) => {
        if (!clients.length) return <p>No client is assigned to you yet; an administrator assigns clients.</p>;
        return (
          <>
            <p>The clients you look after. Open a client&rsquo;s pages to follow its programme.</p>
            {clients.map((c) => (
              <section key={c.id} className="activity-client" aria-labelledby={`client-${c.id}`} data-client-id={c.id}>
                <h2 id={`client-${c.id}`}>{c.name}</h2>
                <StatCards
                  label={`${c.name} at a glance`}
                  items={[
                    { label: 'Employees', value: c.employees },
                    { label: 'Self-assessments this month', value: c.self_assessments_month },
                    { label: 'Open requests', value: c.open_requests },
                    { label: 'Evaluations in progress', value: c.evaluations_in_progress },
                    { label: 'Follow-ups waiting', value: c.follow_ups_due },
                  ]}
                />
                <ul className="activity-client-links">
                  {CLIENT_PAGES.map((p) => (
                    <li key={p.path}>
                      <AppLink to={`${p.path}/${c.id}`}>
                        {p.label}
                        <span className="visually-hidden"> of {c.name}</span>
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
