import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { call } from '../../api/typed';
import { AREA_NAMES, formatDate, statusClass } from './report-labels';
import './report.css';

interface Row {
  id: string;
  user_id: number;
  area: string;
  submitted_at: string;
  status: string;
  first_name: string;
  last_name: string;
  email: string;
  overall: { score: number; max: number; band: string };
}

/** SPEC §2 /admin/summary-reports/:id: a client's submitted self-assessments, each opening /admin/viewreport/:userid/:id. */
export function AssessmentSummary({ clientId }: { clientId: string }) {
  const [data, setData] = useState<{ client: { company_name: string }; reports: Row[] } | null | 'missing'>(null);
  useEffect(() => {
    call('assessment_reports_admin', { params: { clientId } }, { quiet: true }).then(
      ({ data: d }) => setData(d as { client: { company_name: string }; reports: Row[] }),
      () => setData('missing'),
    );
  }, [clientId]);
  if (data === null)
    return (
      <section className="admin-page">
        <p role="status">Loading…</p>
      </section>
    );
  if (data === 'missing')
    return (
      <section className="admin-page">
        <h1>Client not found</h1>
      </section>
    );
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Self-assessment reports: {data.client.company_name}</h1>
      <p>
        <Link to={`/admin/alchemer-summary-reports/${encodeURIComponent(clientId)}`}>Survey-tool reports for this client</Link>
      </p>
      {data.reports.length === 0 ? (
        <p>No self-assessments have been submitted for this client yet.</p>
      ) : (
        <table className="report-table">
          <caption className="visually-hidden">Self-assessment reports</caption>
          <thead>
            <tr>
              <th scope="col">Employee</th>
              <th scope="col">Work area</th>
              <th scope="col">Submitted</th>
              <th scope="col">Score</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.reports.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/admin/viewreport/${r.user_id}/${r.id}`}>
                    {r.first_name} {r.last_name}
                  </Link>{' '}
                  <span className="muted">{r.email}</span>
                </td>
                <td>{AREA_NAMES[r.area] ?? r.area}</td>
                <td>{formatDate(r.submitted_at)}</td>
                <td>
                  {r.overall.score} / {r.overall.max} ({r.overall.band})
                </td>
                <td>
                  <span className={statusClass(r.status)}>{r.status}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
