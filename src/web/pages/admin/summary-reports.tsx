import { useState, type FormEvent } from 'react';
import type { PageProps } from '../../app/page-props';
import { surveyReportsGrid } from '../../../../generated/grids';
import { call } from '../../api/typed';
import { ApiError, codedOfError } from '../../api/errors';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { useCanCall } from '../../session/can-call';
import { AssessmentSummary } from '../../components/reports/assessment-summary';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { currentT, messageText, useT } from '../../i18n/texts';
import { hasMessageShape } from '../../../shared/coded-message';
import './components/admin.css';

/**
 * SPEC §2 /admin/alchemer-summary-reports/:id: a client's reports from the external survey tool, and
 * the import of the tool's CSV export (format: src/server/domain/assessments/README.md; SPEC §5 "Import
 * file: required; only CSV allowed"). The list is the declared grid manifest/grids/survey_reports.yaml.
 * /admin/summary-reports/:id lists the client's self-assessments.
 */
export default function SummaryReportsPage(props: PageProps) {
  return props.route.name === 'summary_reports' ? <AssessmentSummary clientId={props.params.id ?? ''} /> : <SurveySummary {...props} />;
}

function SurveySummary({ params }: PageProps) {
  const t = useT();
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
      setError(currentT()('form.required', { field: currentT()('form.user_import.import_file') }));
      return;
    }
    if (!/\.csv$/i.test(file.name)) {
      setError(currentT()('admin.survey.csv_only'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      const { data: answer } = await call(
        'survey_reports_import',
        { params: { clientId: params.id! }, body: { csv: await file.text() } },
        { quiet: true },
      );
      // The server's sentence has the count inside it, so the page words it in the reader's language.
      const count = (answer as { imported?: number }).imported ?? 0;
      emitToast({ message: currentT()('admin.survey.imported', { count }), variant: 'success', duration: SUCCESS_TOAST_MS });
      setVersion((v) => v + 1);
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { problems?: string[]; codes?: unknown[] }) : null;
      // Each problem by its code in the reader's language, as the English the server sent otherwise.
      const t = currentT();
      setProblems(
        body?.problems?.map((english, i) => messageText(t, english, hasMessageShape(body.codes?.[i]) ? body.codes[i] : null)) ?? [
          err instanceof Error ? messageText(currentT(), err.message, codedOfError(err)) : currentT()('admin.survey.failed'),
        ],
      );
    } finally {
      setBusy(false);
    }
  };

  if (company === 'missing')
    return (
      <section className="admin-page">
        <h1>{t('report.client_not_found')}</h1>
      </section>
    );
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{company === null ? t('admin.survey.title') : t('admin.survey.title_for', { company })}</h1>
      {canImport && (
        <form className="admin-form" onSubmit={upload} noValidate>
          <label htmlFor="import_file">{t('admin.survey.file')}</label>
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
              <p>{t('admin.survey.nothing')}</p>
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          )}
          <button type="submit" className="button" disabled={busy}>
            {t(busy ? 'admin.survey.importing' : 'admin.survey.import')}
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
