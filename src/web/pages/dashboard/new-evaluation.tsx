import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ApiResponse } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { callUrl } from '../../api/call-url';
import { statusClass } from '../../components/reports/report-labels';
import { AppLink } from '../../components/links/app-link';
import { rosaOf, type Observations, type Recommendation } from '../../../shared/evaluations/observation-form';
import { useEvaluationAutosave, type SaveState } from './components/evaluation-autosave';
import { EvaluationObservations } from './components/evaluation-observations';
import { EvaluationRecommendations } from './components/evaluation-recommendations';
import { RosaSummary } from './components/evaluation-report-view';
import type { EvaluationReply } from './components/evaluation-types';
import './components/evaluation.css';
import '../../components/reports/report.css';

type RequestDetails = ApiResponse<'evaluator_request'>['request'];

const SAVE_TEXT: Record<SaveState, string> = {
  idle: 'No changes yet',
  saving: 'Saving…',
  saved: 'Saved',
  failed: 'Not saved — retry',
  conflict: 'Not saved: the report was changed elsewhere',
};

/**
 * SPEC §2 /user/new-evaluation/:cid/:uid: the ergonomist's report after the video meeting. Opening the
 * page starts the evaluation, or reopens the caller's open draft for the same employee and request
 * (`?request=ID`), so a reload never makes a second draft; `?evaluation=ID` opens one of the caller's
 * reports directly. Observations and recommendations save as they are typed; Submit sends the
 * report to a second ergonomist (SPEC §3 In Review).
 */
export default function NewEvaluationPage({ route, params }: PageProps) {
  const [search, setSearch] = useSearchParams();
  const requestId = Number(search.get('request')) || undefined;
  const evaluationId = Number(search.get('evaluation')) || undefined;
  const [report, setReport] = useState<EvaluationReply | null>(null);
  const [details, setDetails] = useState<RequestDetails | null>(null);
  const [failed, setFailed] = useState('');
  const [observations, setObservations] = useState<Observations>({});
  const [recommendations, setRecommendations] = useState<Recommendation[]>([]);
  const [workArea, setWorkArea] = useState('Office');
  const [submitted, setSubmitted] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const id =
        evaluationId ??
        (
          await call(
            'evaluation_start',
            { body: { employee_id: Number(params.uid), client_id: Number(params.cid), ...(requestId ? { request_id: requestId } : {}) } },
            { quiet: true },
          )
        ).data.id;
      // The address now names the report itself, so a reload reopens it even after it is submitted.
      if (!evaluationId) setSearch({ evaluation: String(id) }, { replace: true });
      const { data } = await call('evaluation_get', { params: { id } }, { quiet: true });
      setReport(data);
      setObservations((data.evaluation.observations ?? {}) as Observations);
      setRecommendations(data.evaluation.recommendations);
      setWorkArea(data.evaluation.work_area);
      const linked = data.evaluation.request_id;
      if (linked)
        call('evaluator_request', { params: { id: linked } }, { quiet: true }).then(
          (r) => setDetails(r.data.request),
          () => setDetails(null),
        );
    } catch (error) {
      setFailed(error instanceof Error ? error.message : 'The evaluation could not be opened.');
    }
  }, [evaluationId, params.cid, params.uid, requestId, setSearch]);
  useEffect(() => {
    void load();
  }, [load]);

  const editable = Boolean(report?.can_edit);
  const save = useEvaluationAutosave(report ? report.evaluation.id : null, report?.evaluation.version ?? 1);
  const rosa = useMemo(() => rosaOf(observations), [observations]);
  // The server offers Submit only once the saved report holds a recommendation (the workflow's
  // `recommendations` requirement, SPEC §1), so the moves are read again after each save; without
  // this a new draft showed no Submit button until the page was reloaded.
  const reportId = report?.evaluation.id;
  useEffect(() => {
    if (save.state !== 'saved' || !reportId) return;
    let live = true;
    call('evaluation_get', { params: { id: reportId } }, { quiet: true }).then(
      (r) => {
        if (live) setReport((prev) => (prev ? { ...prev, transitions: r.data.transitions } : prev));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [save.state, reportId]);

  if (failed)
    return (
      <section className="report-page">
        <h1>{route.title}</h1>
        <p role="alert">{failed}</p>
        <p>
          <AppLink to="/user/evaluator">Back to your evaluations</AppLink>
        </p>
      </section>
    );
  if (!report)
    return (
      <section className="report-page">
        <h1>{route.title}</h1>
        <p role="status">Opening the evaluation…</p>
      </section>
    );
  const e = report.evaluation;
  const submit = report.transitions.find((t) => t.to !== e.status);
  const fire = async () => {
    if (!submit) return;
    setBusy(true);
    try {
      if (!(await save.flush())) return;
      const { message } = await call('evaluation_transition', {
        params: { id: e.id },
        body: { transition: submit.name, version: save.version.current },
      });
      setSubmitted(message ?? 'The report has been submitted.');
      await load();
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="report-page" aria-labelledby="page-heading" style={{ maxWidth: 1200 }}>
      <h1 id="page-heading">
        {route.title}: {e.employee?.name ?? 'employee'}
      </h1>
      <p>
        {e.company_name} ·{' '}
        <span className={statusClass(e.state?.label ?? e.status)} data-testid="report-status">
          {e.state?.label ?? e.status}
        </span>
      </p>
      {submitted && <p role="status">{submitted}</p>}
      {!editable && (
        <p>
          This report is {e.state?.label ?? e.status} and cannot be changed now.{' '}
          <AppLink to={`/user/editsurvey/${e.id}`}>Open the report</AppLink>
        </p>
      )}
      {report.history
        .filter((h) => h.reason)
        .slice(-1)
        .map((h) => (
          <p key={h.at} className="part">
            <strong>Reviewer’s comment ({h.actor}):</strong> {h.reason}
          </p>
        ))}
      <div className="evaluation-layout">
        <div>
          {editable && (
            <p className={`save-status ${save.state}`} aria-live="polite" data-testid="save-status">
              {SAVE_TEXT[save.state]}
              {save.message && save.state !== 'saved' ? `: ${save.message}` : ''}
              {save.state === 'failed' && (
                <>
                  {' '}
                  <button type="button" className="button secondary" onClick={() => void save.flush()}>
                    Retry now
                  </button>
                </>
              )}
              {save.state === 'conflict' && (
                <>
                  {' '}
                  <button type="button" className="button secondary" onClick={() => window.location.reload()}>
                    Reload the report
                  </button>
                </>
              )}
            </p>
          )}
          <div className="evaluation-field">
            <label htmlFor="work-area">Work area</label>
            <select
              id="work-area"
              disabled={!editable}
              value={workArea}
              onChange={(ev) => {
                setWorkArea(ev.target.value);
                save.change({ work_area: ev.target.value });
              }}
            >
              {['Office', 'Home', 'Anywhere', 'Lab', 'Travel'].map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
          <h2>What you observed</h2>
          <EvaluationObservations
            workArea={workArea}
            value={observations}
            readOnly={!editable}
            onChange={(next) => {
              setObservations(next);
              save.change({ observations: next });
            }}
          />
          <h2>Recommendations</h2>
          {editable ? (
            <EvaluationRecommendations
              value={recommendations}
              onChange={(next) => {
                setRecommendations(next);
                save.change({ recommendations: next });
              }}
            />
          ) : (
            <p>
              {recommendations.length} recommendation{recommendations.length === 1 ? '' : 's'}.
            </p>
          )}
          {editable && submit && (
            <div className="evaluation-actions">
              <p>When the report is complete, send it to a second ergonomist for review.</p>
              <button type="button" className="button" disabled={busy || save.state === 'conflict'} onClick={() => void fire()}>
                {submit.label}
              </button>
            </div>
          )}
        </div>
        <aside className="evaluation-aside" aria-label="ROSA and the employee’s request">
          <h2>Your ROSA score</h2>
          <RosaSummary scores={rosa.scores} />
          <h2>The employee’s request</h2>
          {!e.request_id ? (
            <p>This evaluation was started without a request.</p>
          ) : !details ? (
            <p role="status">Loading the request…</p>
          ) : (
            <>
              <p>
                <strong>Work area:</strong> {details.work_area}
              </p>
              {details.notes && (
                <p>
                  <strong>Notes:</strong> {details.notes}
                </p>
              )}
              <div className="evaluation-photos">
                {details.photos.length === 0 ? (
                  <p>No photo was sent.</p>
                ) : (
                  details.photos.map((p) => (
                    <img
                      key={p.position}
                      src={callUrl('evaluator_request_photo', { id: details.id, position: p.position })}
                      alt={`Workstation photo ${p.position} sent by the employee`}
                      loading="lazy"
                    />
                  ))
                )}
              </div>
            </>
          )}
        </aside>
      </div>
    </section>
  );
}
