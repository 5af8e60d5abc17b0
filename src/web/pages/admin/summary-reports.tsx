import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { ApiError } from '../../api/errors';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { useCanCall } from '../../session/can-call';
import { AssessmentSummary } from '../../components/reports/assessment-summary';
import './components/admin.css';

interface Row {
  id: string;
  user_id: number;
  survey_name: string;
  submitted_at: string;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * SPEC §2 /admin/alchemer-summary-reports/:id: a client's reports from the external survey tool, and
 * the import of the tool's CSV export (format: src/server/assessments/README.md; SPEC §5 "Import
 * file: required; only CSV allowed"). /admin/summary-reports/:id lists the client's self-assessments.
 */
export default function SummaryReportsPage(props: PageProps) {
  return props.route.name === 'summary_reports' ? <AssessmentSummary clientId={props.params.id ?? ''} /> : <SurveySummary {...props} />;
}

function SurveySummary({ params }: PageProps) {
  const canImport = useCanCall('survey_reports_import');
  const [data, setData] = useState<{ client: { company_name: string }; reports: Row[] } | null | 'missing'>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    call('survey_reports_list', { params: { clientId: params.id! } }, { quiet: true }).then(
      ({ data: d }) => setData(d as { client: { company_name: string }; reports: Row[] }),
      () => setData('missing'),
    );
  }, [params.id]);
  useEffect(load, [load]);

  const upload = async (e: FormEvent) => {
    e.preventDefault();
    setProblems([]);
    if (!file) {
      setError('Import file field is required');
      return;
    }
    if (!/\.csv$/i.test(file.name)) {
      setError('Only CSV files are allowed.');
      return;
    }
    setError('');
    setBusy(true);
    try {
      const { message } = await call(
        'survey_reports_import',
        { params: { clientId: params.id! }, body: { csv: await file.text() } },
        { quiet: true },
      );
      emitToast({ message: message ?? 'Imported', variant: 'success', duration: SUCCESS_TOAST_MS });
      load();
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { problems?: string[] }) : null;
      setProblems(body?.problems ?? [err instanceof Error ? err.message : 'The file could not be imported.']);
    } finally {
      setBusy(false);
    }
  };

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
      <h1 id="page-heading">Survey reports: {data.client.company_name}</h1>
      {canImport && (
        <form className="admin-form" onSubmit={upload} noValidate>
          <label htmlFor="import_file">Import file (CSV export of the survey tool)</label>
          <input
            id="import_file"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'import_file-error' : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {error && (
            <p id="import_file-error" className="field-error">
              {error}
            </p>
          )}
          {problems.length > 0 && (
            <div role="alert" className="form-error">
              <p>Nothing was imported:</p>
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Importing…' : 'Import'}
          </button>
        </form>
      )}
      {data.reports.length === 0 ? (
        <p>No survey reports for this client yet.</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Survey reports</caption>
          <thead>
            <tr>
              <th scope="col">Employee</th>
              <th scope="col">Survey</th>
              <th scope="col">Submitted</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.reports.map((r) => (
              <tr key={r.id}>
                <td>
                  {r.first_name} {r.last_name} <span className="muted">{r.email}</span>
                </td>
                <td>{r.survey_name}</td>
                <td>{new Date(r.submitted_at).toISOString().slice(0, 10)}</td>
                <td>
                  <Link to={`/admin/alchemerviewreport/${r.user_id}/${r.id}`}>View</Link> ·{' '}
                  <Link to={`/admin/alchemerdownloadreport/${r.user_id}/${r.id}`}>Download</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
