import type { PageProps } from '../../app/page-props';
import { AppLink } from '../../components/links/app-link';
import { REQUEST_STATES, RequestsView, type RequestState } from './components/activity/requests-view';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/**
 * SPEC §2 /user/dashboard-scheduled-requests/:type?: the client's evaluation requests in one state.
 * `type` is open (waiting to be booked), scheduled (booked; the default), completed, cancelled or all.
 */
export default function ScheduledRequestsPage({ route, params }: PageProps) {
  const t = useT();
  const title = routeTitle(t, route);
  const type = (params.type ?? 'scheduled').toLowerCase();
  if (!(type in REQUEST_STATES)) {
    return (
      <section className="report-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{title}</h1>
        <p role="alert">{t('staff.rq.no_list', { type })}</p>
        <ul>
          {Object.entries(REQUEST_STATES).map(([k, v]) => (
            <li key={k}>
              <AppLink to={href('dashboard_scheduled_requests', { type: k })}>{t(v)}</AppLink>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const chooser = (
    <nav aria-label={t('staff.rq.by_state')}>
      <ul className="activity-client-links">
        {Object.entries(REQUEST_STATES).map(([k, v]) => (
          <li key={k}>
            {k === type ? (
              <strong aria-current="page">{t(v)}</strong>
            ) : (
              <AppLink to={href('dashboard_scheduled_requests', { type: k })}>{t(v)}</AppLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
  return <RequestsView title={title} state={type as RequestState} stateChooser={chooser} />;
}
