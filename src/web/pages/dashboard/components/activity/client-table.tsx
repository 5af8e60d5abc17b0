import type { ApiResponse } from '../../../../../../generated/api-types';
import { AppLink } from '../../../../components/links/app-link';
import type { InterfaceKey } from '../../../../i18n/keys';
import { useT } from '../../../../i18n/texts';
import { figure } from './activity-parts';
import { href } from '../../../../../../generated/routes';

/** One client's activity (manifest/api/activity.yaml activity_clients). */
export type ClientRow = ApiResponse<'activity_clients'>['clients'][number];

/** The client manager's pages of one client (SPEC §2 Program Management). */
export const CLIENT_PAGES = [
  { path: href('client_program_overview'), label: 'staff.cm.page_overview' },
  { path: href('client_employee_search'), label: 'staff.employees' },
  { path: href('client_reports'), label: 'staff.overview.reports' },
  { path: href('client_request'), label: 'staff.overview.requests' },
  { path: href('client_followups'), label: 'staff.cm.page_follow_ups' },
] as const satisfies readonly { path: string; label: InterfaceKey }[];

/** Activity per client, each row opening that client's pages the reader may open. */
export function ClientTable({ clients, caption }: { clients: readonly ClientRow[]; caption: string }) {
  const t = useT();
  return (
    <div className="activity-table-wrap">
      <table className="report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('staff.client')}</th>
            <th scope="col" className="num">
              {t('staff.employees')}
            </th>
            <th scope="col" className="num">
              {t('staff.cm.sa_month')}
            </th>
            <th scope="col" className="num">
              {t('staff.cm.sa_year')}
            </th>
            <th scope="col" className="num">
              {t('staff.ee.open_requests')}
            </th>
            <th scope="col" className="num">
              {t('staff.cm.evaluations_in_progress')}
            </th>
            <th scope="col" className="num">
              {t('staff.cm.follow_ups_waiting')}
            </th>
            <th scope="col">{t('staff.cm.pages')}</th>
          </tr>
        </thead>
        <tbody>
          {clients.map((c) => (
            <tr key={c.id} data-client-id={c.id}>
              <th scope="row">
                {c.name} <small>({c.code})</small>
              </th>
              <td className="num">{c.employees}</td>
              <td className="num">{figure(c.self_assessments_month)}</td>
              <td className="num">{figure(c.self_assessments_year)}</td>
              <td className="num">{figure(c.open_requests)}</td>
              <td className="num">{figure(c.evaluations_in_progress)}</td>
              <td className="num">{figure(c.follow_ups_due)}</td>
              <td>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
