import { AppLink } from '../../../components/links/app-link';
import { formatDate, statusClass } from '../../../components/reports/report-labels';
import type { WorklistReport } from './evaluation-types';

/** A list of reports with their status (SPEC §3 labels, each with its colour) linking to the page that acts on them. */
export function EvaluationQueue({
  rows,
  route,
  empty,
  caption,
}: {
  rows: WorklistReport[];
  route: 'editsurvey' | 'editclientreport' | 'own';
  empty: string;
  caption?: string;
}) {
  if (rows.length === 0) return <p>{empty}</p>;
  const target = (r: WorklistReport) =>
    route === 'own'
      ? r.editable
        ? `/user/new-evaluation/${r.client_id}/${r.employee_id}?evaluation=${r.id}`
        : `/user/editsurvey/${r.id}`
      : `/user/${route}/${r.id}`;
  return (
    <div className="report-table-wrap">
      <table className="report-table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">Employee</th>
            <th scope="col">Client</th>
            <th scope="col">Work area</th>
            {route !== 'own' && <th scope="col">Author</th>}
            <th scope="col">Status</th>
            <th scope="col">Updated</th>
            <th scope="col">Open</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-evaluation-id={r.id}>
              <td>{r.employee}</td>
              <td>{r.company_name}</td>
              <td>{r.work_area}</td>
              {route !== 'own' && <td>{r.author}</td>}
              <td>
                <span className={statusClass(r.label)}>{r.label}</span>
              </td>
              <td>{formatDate(r.updated_at)}</td>
              <td>
                <AppLink to={target(r)} fallback={<span>—</span>}>
                  {route === 'own' && r.editable ? 'Continue writing' : 'Open'}
                  <span className="visually-hidden"> the report on {r.employee}</span>
                </AppLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
