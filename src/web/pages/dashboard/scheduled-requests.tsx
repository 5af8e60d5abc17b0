import type { PageProps } from '../../app/page-props';
import { AppLink } from '../../components/links/app-link';
import { REQUEST_STATES, RequestsView, type RequestState } from './components/activity/requests-view';

/**
 * SPEC §2 /user/dashboard-scheduled-requests/:type?: the client's evaluation requests in one state.
 * `type` is open (waiting to be booked), scheduled (booked; the default), completed, cancelled or all.
 */
export default function ScheduledRequestsPage({ route, params }: PageProps) {
  const type = (params.type ?? 'scheduled').toLowerCase();
  if (!(type in REQUEST_STATES)) {
    return (
      <section className="report-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{route.title}</h1>
        <p role="alert">There is no list of “{type}” requests. Choose one of the lists below.</p>
        <ul>
          {Object.entries(REQUEST_STATES).map(([k, v]) => (
            <li key={k}>
              <AppLink to={`/user/dashboard-scheduled-requests/${k}`}>{v}</AppLink>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const chooser = (
    <nav aria-label="Requests by state">
      <ul className="activity-client-links">
        {Object.entries(REQUEST_STATES).map(([k, v]) => (
          <li key={k}>
            {k === type ? <strong aria-current="page">{v}</strong> : <AppLink to={`/user/dashboard-scheduled-requests/${k}`}>{v}</AppLink>}
          </li>
        ))}
      </ul>
    </nav>
  );
  return <RequestsView title={route.title} state={type as RequestState} stateChooser={chooser} />;
}
