import { useCallback, useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { formatDate, statusClass } from '../../components/reports/report-labels';
import { AppLink } from '../../components/links/app-link';
import type { Observations, Recommendation } from '../../../shared/evaluations/observation-form';
import type { RosaScores } from '../../../shared/assessment/rosa';
import { EvaluationReportView, RosaSummary } from './components/evaluation-report-view';
import { EvaluationActions } from './components/evaluation-actions';
import { EvaluationQueue } from './components/evaluation-queue';
import type { EvaluationReply, Worklist } from './components/evaluation-types';
import './components/evaluation.css';
import '../../components/reports/report.css';

/**
 * SPEC §2 /user/editsurvey/:url (the second ergonomist's quality review) and /user/editclientreport/:url
 * (the client's programme manager approves or declines, SPEC §3 Pending Client Approval). `:url` is
 * the evaluation's id: every read is checked on the server (a client the caller does not serve
 * answers 404), so an unguessable token would add nothing. The actions are the transitions the
 * server says the caller may fire now (manifest/workflows/evaluation.yaml). `/user/editclientreport/pending`
 * lists the reports waiting for the manager's approval.
 */
export default function EditSurveyPage({ route, params }: PageProps) {
  const id = Number(params.url);
  const clientView = route.name === 'editclientreport';
  const [report, setReport] = useState<EvaluationReply | null>(null);
  const [failed, setFailed] = useState('');
  const [done, setDone] = useState('');
  const load = useCallback(() => {
    if (!Number.isSafeInteger(id) || id < 1) return;
    call('evaluation_get', { params: { id } }, { quiet: true }).then(
      (r) => setReport(r.data),
      (error: Error) => setFailed(error.message || 'The report could not be loaded.'),
    );
  }, [id]);
  useEffect(load, [load]);

  if (!Number.isSafeInteger(id) || id < 1) return <PendingList title={route.title} clientView={clientView} />;
  if (failed)
    return (
      <section className="report-page">
        <h1>{route.title}</h1>
        <p role="alert">{failed}</p>
      </section>
    );
  if (!report)
    return (
      <section className="report-page">
        <h1>{route.title}</h1>
        <p role="status">Loading the report…</p>
      </section>
    );
  const e = report.evaluation;
  const label = e.state?.label ?? e.status;
  const scores = (e.rosa as { scores?: RosaScores }).scores;
  const wording = e.client_wording?.en ?? {};
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">
        {route.title}: {e.employee?.name ?? 'employee'}
      </h1>
      <p>
        {e.company_name} · {e.work_area} · written by {e.author?.name ?? 'an evaluator'} ·{' '}
        <span className={statusClass(label)} data-testid="report-status">
          {label}
        </span>
      </p>
      {done && <p role="status">{done}</p>}
      {clientView && (
        <p>
          This is the report as your employee will read it once approved. Approve it to send it to the employee, or decline it with a reason
          for the ergonomist.
        </p>
      )}
      {Object.keys(wording).length > 0 && (
        <section className="part" aria-labelledby="wording-heading">
          <h2 id="wording-heading">Your organisation’s wording</h2>
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
          <AppLink to={`/user/new-evaluation/${e.client_id}/${e.employee_id}?evaluation=${e.id}`}>Edit this report</AppLink>
        </p>
      )}
      {!clientView && (
        <>
          <h2>The evaluator’s ROSA score</h2>
          <RosaSummary scores={scores} />
        </>
      )}
      <EvaluationReportView observations={e.observations as Observations} recommendations={e.recommendations as Recommendation[]} />
      <h2>History</h2>
      {report.history.length === 0 ? (
        <p>The report has not moved yet.</p>
      ) : (
        // A table that scrolls sideways on a phone and holds no link must take the focus itself, or a
        // keyboard user cannot scroll it (WCAG 2.2 SC 2.1.1; axe scrollable-region-focusable).
        <div className="report-table-wrap" role="region" aria-label="Moves of the report" tabIndex={0}>
          <table className="report-table">
            <caption className="visually-hidden">Moves of the report</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Step</th>
                <th scope="col">Now</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.history.map((h, i) => (
                <tr key={i}>
                  <td>{formatDate(h.at)}</td>
                  <td>{h.actor}</td>
                  <td>{h.transition.replace(/_/g, ' ')}</td>
                  <td>{h.to_status.replace(/_/g, ' ')}</td>
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
            <h2>Versions ({report.versions.length})</h2>
          </summary>
          <div className="report-table-wrap" role="region" aria-label="Versions of the report" tabIndex={0}>
            <table className="report-table">
              <thead>
                <tr>
                  <th scope="col">Version</th>
                  <th scope="col">Status</th>
                  <th scope="col">Saved</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {report.versions.map((v) => (
                  <tr key={v.version}>
                    <td>{v.version}</td>
                    <td>{v.status.replace(/_/g, ' ')}</td>
                    <td>{new Date(v.saved_at).toLocaleString()}</td>
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
        <p role="alert">The reports could not be loaded. Please try again.</p>
      </section>
    );
  if (!list)
    return (
      <section className="report-page">
        <h1>{title}</h1>
        <p role="status">Loading…</p>
      </section>
    );
  const rows = (clientView ? list.approval : list.review) ?? [];
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <h2>{clientView ? 'Reports waiting for your approval' : 'Reports waiting for review'}</h2>
      <EvaluationQueue
        rows={rows}
        route={clientView ? 'editclientreport' : 'editsurvey'}
        empty={clientView ? 'No report is waiting for your approval.' : 'No report is waiting for review.'}
      />
    </section>
  );
}
