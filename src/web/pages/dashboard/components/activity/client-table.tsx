import type { ApiResponse } from '../../../../../../generated/api-types';
import { AppLink } from '../../../../components/links/app-link';

/** One client's activity (manifest/api.yaml activity_clients). */
export type ClientRow = ApiResponse<'activity_clients'>['clients'][number];

/** The client manager's pages of one client (SPEC §2 Program Management). */
export const CLIENT_PAGES = [
  { path: '/user/client-program-overview', label: 'Program overview' },
  { path: '/user/client-employee-search', label: 'Employees' },
  { path: '/user/client-reports', label: 'Reports' },
  { path: '/user/client-request', label: 'Requests' },
  { path: '/user/client-followups', label: 'Follow-ups' },
] as const;

/** Activity per client, each row opening that client's pages the reader may open. */
export function ClientTable({ clients, caption }: { clients: readonly ClientRow[]; caption: string }) {
  return (
    <div className="activity-table-wrap">
      <table className="report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Client</th>
            <th scope="col">Employees</th>
            <th scope="col">Self-assessments this month</th>
            <th scope="col">Self-assessments, last 12 months</th>
            <th scope="col">Open requests</th>
            <th scope="col">Evaluations in progress</th>
            <th scope="col">Follow-ups waiting</th>
            <th scope="col">Pages</th>
          </tr>
        </thead>
        <tbody>
          {clients.map((c) => (
            <tr key={c.id} data-client-id={c.id}>
              <th scope="row">
                {c.name} <small>({c.code})</small>
              </th>
              <td>{c.employees}</td>
              <td>{c.self_assessments_month}</td>
              <td>{c.self_assessments_year}</td>
              <td>{c.open_requests}</td>
              <td>{c.evaluations_in_progress}</td>
              <td>{c.follow_ups_due}</td>
              <td>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
