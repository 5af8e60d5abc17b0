import { useState } from 'react';
import type { ApiBody } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { surveyReportsGrid } from '../../../../generated/grids';
import { call } from '../../api/typed';
import { ApiError } from '../../api/errors';
import type { FormValues } from '../../components/form/manifest-form';
import { LazyManifestForm as ManifestForm } from '../../components/form/lazy-manifest-form';
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
  const [problems, setProblems] = useState<string[]>([]);
  // The file's row problems are listed below the form, each in the reader's language; any other
  // refusal (a file that is no CSV, too large) goes back to the form, under its field or its button.
  const upload = async (body: FormValues) => {
    setProblems([]);
    try {
      return await call(
        'survey_reports_import',
        { params: { clientId: params.id! }, body: body as ApiBody<'survey_reports_import'> },
        { quiet: true },
      );
    } catch (err) {
      const answer = err instanceof ApiError ? (err.body as { problems?: string[]; codes?: unknown[] } | null) : null;
      if (!answer?.problems) throw err;
      const t = currentT();
      setProblems(
        answer.problems.map((english, i) => messageText(t, english, hasMessageShape(answer.codes?.[i]) ? answer.codes[i] : null)),
      );
      throw new Error(t('admin.survey.nothing'));
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
        <div className="admin-form">
          {/* The declared form manifest/forms/survey-import.yaml; its survey name is for other callers. */}
          <ManifestForm
            form="survey_import"
            omit={['survey_name']}
            submitText={t('admin.survey.import')}
            savingText={t('admin.survey.importing')}
            submit={upload}
            // The server's sentence has the count inside it, so the page words it in the reader's language.
            successMessage={(result) => t('admin.survey.imported', { count: (result.data as { imported?: number }).imported ?? 0 })}
            onSaved={() => setVersion((v) => v + 1)}
          />
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
        </div>
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
