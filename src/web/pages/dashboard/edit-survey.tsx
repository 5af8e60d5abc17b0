import { useCallback, useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { areaName, formatDate } from '../../components/reports/report-labels';
import { evaluationStatus, evaluationStatusBadge, transitionLabel } from '../../components/reports/status-labels';
import { AppLink } from '../../components/links/app-link';
import type { Observations, Recommendation } from '../../../shared/evaluations/observation-form';
import type { RosaScores } from '../../../shared/assessment/rosa';
import { EvaluationReportView, RosaSummary } from './components/evaluation-report-view';
import { EvaluationActions } from './components/evaluation-actions';
import { EvaluationQueue } from './components/evaluation-queue';
import type { EvaluationReply, Worklist } from './components/evaluation-types';
import './components/evaluation.css';
import '../../components/reports/report.css';
import { routeTitle } from '../../i18n/menu-label';
import { codedOfError } from '../../api/errors';
import { currentT, messageText, useLocale, useT } from '../../i18n/texts';
import { formatDateTime } from '../../../shared/dates';
import { href } from '../../../../generated/routes';

/**
 * SPEC §2 /user/editsurvey/:url (the second ergonomist's quality review) and /user/editclientreport/:url
 * (the client's programme manager approves or declines, SPEC §3 Pending Client Approval). `:url` is
 * the evaluation's id: every read is checked on the server (a client the caller does not serve
 * answers 404), so an unguessable token would add nothing. The actions are the transitions the
 * server says the caller may fire now (manifest/workflows/evaluation.yaml). `/user/editclientreport/pending`
 * lists the reports waiting for the manager's approval.
 */
export default function EditSurveyPage({ route, params }: PageProps) {
  const t = useT();
  const locale = useLocale();
  const title = routeTitle(t, route);
  const id = Number(params.url);
  const clientView = route.name === 'editclientreport' || route.name === 'report_approvals';
  const [report, setReport] = useState<EvaluationReply | null>(null);
  const [failed, setFailed] = useState('');
  const [done, setDone] = useState('');
  const load = useCallback(() => {
    if (!Number.isSafeInteger(id) || id < 1) return;
    call('evaluation_get', { params: { id } }, { quiet: true }).then(
      (r) => setReport(r.data),
      (error: Error) =>
        setFailed(error.message ? messageText(currentT(), error.message, codedOfError(error)) : currentT()('staff.es2.failed')),
    );
  }, [id]);
  useEffect(load, [load]);

  if (!Number.isSafeInteger(id) || id < 1) return <PendingList title={title} clientView={clientView} />;
  if (failed)
    return (
      <section className="report-page">
        <h1>{title}</h1>
        <p role="alert">{failed}</p>
      </section>
    );
  if (!report)
    return (
      <section className="report-page">
        <h1>{title}</h1>
        <p role="status">{t('report.loading')}</p>
      </section>
    );
  const e = report.evaluation;
  const scores = (e.rosa as { scores?: RosaScores }).scores;
  const wording = e.client_wording?.en ?? {};
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('staff.ne.heading', { title, employee: e.employee?.name ?? t('staff.ne.employee') })}</h1>
      <p>
        {e.company_name} · {areaName(t, e.work_area.toLowerCase())} ·{' '}
        {t('staff.es2.written_by', { author: e.author?.name ?? t('staff.es2.an_evaluator') })} ·{' '}
        <span {...evaluationStatusBadge(e.status)} data-testid="report-status">
          {evaluationStatus(t, e.status)}
        </span>
      </p>
      {done && <p role="status">{done}</p>}
      {clientView && <p>{t('staff.es2.client_intro')}</p>}
      {Object.keys(wording).length > 0 && (
        <section className="part" aria-labelledby="wording-heading">
          <h2 id="wording-heading">{t('staff.es2.wording')}</h2>
          <dl>
            {Object.entries(wording).map(([key, text]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <EvaluationActions
        evaluation={e}
        transitions={report.transitions}
        onDone={(message) => {
          setDone(message);
          load();
        }}
      />
      {report.can_edit && (
        <p>
          <AppLink to={`${href('new_evaluation', { cid: e.client_id, uid: e.employee_id })}?evaluation=${e.id}`}>
            {t('staff.es2.edit')}
          </AppLink>
        </p>
      )}
      {!clientView && (
        <>
          <h2>{t('staff.es2.rosa')}</h2>
          <RosaSummary scores={scores} />
        </>
      )}
      <EvaluationReportView observations={e.observations as Observations} recommendations={e.recommendations as Recommendation[]} />
      <h2>{t('staff.es2.history')}</h2>
      {report.history.length === 0 ? (
        <p>{t('staff.es2.not_moved')}</p>
      ) : (
        // A table that scrolls sideways on a phone and holds no link must take the focus itself, or a
        // keyboard user cannot scroll it (WCAG 2.2 SC 2.1.1; axe scrollable-region-focusable).
        <div className="report-table-wrap" role="region" aria-label={t('staff.es2.moves')} tabIndex={0}>
          <table className="report-table">
            <caption className="visually-hidden">{t('staff.es2.moves')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.es2.when')}</th>
                <th scope="col">{t('staff.es2.who')}</th>
                <th scope="col">{t('staff.es2.step')}</th>
                <th scope="col">{t('staff.es2.now')}</th>
                <th scope="col">{t('staff.es2.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {report.history.map((h, i) => (
                <tr key={i}>
                  <td>{formatDate(h.at, locale)}</td>
                  <td>{h.actor}</td>
                  <td>{transitionLabel(t, h.transition)}</td>
                  <td>{evaluationStatus(t, h.to_status)}</td>
                  <td>{h.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!clientView && (
        <details className="report-section">
          <summary>
            <h2>{t('staff.es2.versions', { count: report.versions.length })}</h2>
          </summary>
          <div className="report-table-wrap" role="region" aria-label={t('staff.es2.versions_label')} tabIndex={0}>
            <table className="report-table">
              <thead>
                <tr>
                  <th scope="col">{t('staff.es2.version')}</th>
                  <th scope="col">{t('staff.status')}</th>
                  <th scope="col">{t('staff.es2.saved')}</th>
                  <th scope="col">{t('staff.es2.by')}</th>
                </tr>
              </thead>
              <tbody>
                {report.versions.map((v) => (
                  <tr key={v.version}>
                    <td>{v.version}</td>
                    <td>{evaluationStatus(t, v.status)}</td>
                    <td>{formatDateTime(v.saved_at, locale)}</td>
                    <td>{v.saved_by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}

/** Without a report id: the reports waiting for the caller (review queue, or the manager's approvals). */
function PendingList({ title, clientView }: { title: string; clientView: boolean }) {
  const t = useT();
  const [list, setList] = useState<Worklist | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    call('evaluation_worklist', {}, { quiet: true }).then(
      (r) => setList(r.data),
      () => setFailed(true),
    );
  }, []);
  if (failed)
    return (
      <section className="report-page">
        <h1>{title}</h1>
        <p role="alert">{t('staff.reports_failed')}</p>
      </section>
    );
  if (!list)
    return (
      <section className="report-page">
        <h1>{title}</h1>
        <p role="status">{t('page.loading')}</p>
      </section>
    );
  const rows = (clientView ? list.approval : list.review) ?? [];
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <h2>{clientView ? t('staff.es2.waiting_approval') : t('staff.ev.review')}</h2>
      <EvaluationQueue
        rows={rows}
        route={clientView ? 'editclientreport' : 'editsurvey'}
        empty={clientView ? t('staff.es2.none_approval') : t('staff.es2.none_review')}
      />
    </section>
  );
}
