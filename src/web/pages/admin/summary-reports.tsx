import { useState, type FormEvent } from 'react';
import type { PageProps } from '../../app/page-props';
import { surveyReportsGrid } from '../../../../generated/grids';
import { call } from '../../api/typed';
import { ApiError } from '../../api/errors';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { useCanCall } from '../../session/can-call';
import { AssessmentSummary } from '../../components/reports/assessment-summary';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import './components/admin.css';

/**
 * SPEC §2 /admin/alchemer-summary-reports/:id: a client's reports from the external survey tool, and
 * the import of the tool's CSV export (format: src/server/assessments/README.md; SPEC §5 "Import
 * file: required; only CSV allowed"). The list is the declared grid manifest/grids/survey_reports.yaml.
 * /admin/summary-reports/:id lists the client's self-assessments.
 */
export default function SummaryReportsPage(props: PageProps) {
  return props.route.name === 'summary_reports' ? <AssessmentSummary clientId={props.params.id ?? ''} /> : <SurveySummary {...props} />;
}

function SurveySummary({ params }: PageProps) {
  const canImport = useCanCall('survey_reports_import');
  // The client's name comes with each page of the list; 'missing': no such client.
  const [company, setCompany] = useState<string | null | 'missing'>(null);
  const [version, setVersion] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
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
      setVersion((v) => v + 1);
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { problems?: string[] }) : null;
      setProblems(body?.problems ?? [err instanceof Error ? err.message : 'The file could not be imported.']);
    } finally {
      setBusy(false);
    }
  };

  if (company === 'missing')
    return (
      <section className="admin-page">
        <h1>Client not found</h1>
      </section>
    );
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Survey reports{company === null ? '' : `: ${company}`}</h1>
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
      <ManifestGrid
        grid={surveyReportsGrid}
        idPrefix="survey-report"
        pathParams={{ clientId: params.id ?? '' }}
        refresh={version}
        onLoaded={(_total, answer) => setCompany((answer.client as { company_name: string }).company_name)}
        onError={() => setCompany('missing')}
      />
    </section>
  );
}
