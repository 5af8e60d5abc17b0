import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { areaName } from '../../components/reports/report-labels';
import { evaluationStatus, evaluationStatusBadge, transitionLabel } from '../../components/reports/status-labels';
import { AppLink } from '../../components/links/app-link';
import { rosaOf, type Observations, type Recommendation } from '../../../shared/evaluations/observation-form';
import { useEvaluationAutosave, type SaveState } from './components/evaluation-autosave';
import { EvaluationObservations } from './components/evaluation-observations';
import { EvaluationRecommendations } from './components/evaluation-recommendations';
import { RosaSummary } from './components/evaluation-report-view';
import { EvaluationIndex } from './components/evaluation-index';
import { EvaluationStart } from './components/evaluation-start';
import { RequestDetailsView, type RequestDetails } from './components/request-details';
import type { EvaluationReply } from './components/evaluation-types';
import './components/evaluation.css';
import '../../components/reports/report.css';
import type { InterfaceKey } from '../../i18n/keys';
import { routeTitle } from '../../i18n/menu-label';
import { codedOfError } from '../../api/errors';
import { currentT, messageText, useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

const SAVE_TEXT: Record<SaveState, InterfaceKey> = {
  idle: 'staff.ne.save_idle',
  saving: 'staff.ne.save_saving',
  saved: 'staff.ne.save_saved',
  failed: 'staff.ne.save_failed',
  conflict: 'staff.ne.save_conflict',
};
const WORK_AREAS = ['Office', 'Home', 'Anywhere', 'Lab', 'Travel'];

/**
 * SPEC §2 /user/new-evaluation/:cid/:uid: the ergonomist's report after the video meeting. Opening the
 * page changes nothing: without `?evaluation=ID` it shows the request (`?request=ID`) and a Start
 * button, which starts the evaluation or reopens the caller's own report for that request, so a
 * second press never makes a second draft; `?evaluation=ID` opens one of the caller's reports.
 * The request, photos and latest self-assessment stay beside the form on a desktop; the section
 * index jumps to each part. Observations and recommendations save as they are typed; Submit sends the
 * report to a second ergonomist (SPEC §3 In Review).
 */
export default function NewEvaluationPage({ route, params }: PageProps) {
  const t = useT();
  const title = routeTitle(t, route);
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
    // Without a report named in the address the page only shows the request and its Start button
    // (EvaluationStart): opening it changes nothing.
    if (!evaluationId) return;
    try {
      const { data } = await call('evaluation_get', { params: { id: evaluationId } }, { quiet: true });
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
      setFailed(error instanceof Error ? messageText(currentT(), error.message, codedOfError(error)) : currentT()('staff.ne.open_failed'));
    }
  }, [evaluationId]);
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
        <h1>{title}</h1>
        <p role="alert">{failed}</p>
        <p>
          <AppLink to={href('evaluator')}>{t('staff.ne.back')}</AppLink>
        </p>
      </section>
    );
  if (!evaluationId)
    return (
      <section className="report-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{title}</h1>
        <EvaluationStart
          clientId={Number(params.cid)}
          employeeId={Number(params.uid)}
          requestId={requestId}
          // The address now names the report itself, so a reload reopens it even after it is submitted.
          onStarted={(id) => setSearch({ evaluation: String(id) }, { replace: true })}
        />
      </section>
    );
  if (!report)
    return (
      <section className="report-page">
        <h1>{title}</h1>
        <p role="status">{t('staff.ne.opening')}</p>
      </section>
    );
  const e = report.evaluation;
  const submit = report.transitions.find((move) => move.to !== e.status);
  const fire = async () => {
    if (!submit) return;
    setBusy(true);
    try {
      if (!(await save.flush())) return;
      const { data } = await call('evaluation_transition', {
        params: { id: e.id },
        body: { transition: submit.name, version: save.version.current },
      });
      setSubmitted(data ? t('msg.evaluation.now_in_state', { state: evaluationStatus(t, data.state) }) : t('staff.ne.submitted'));
      await load();
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="report-page evaluation-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('staff.ne.heading', { title, employee: e.employee?.name ?? t('staff.ne.employee') })}</h1>
      <p>
        {e.company_name} ·{' '}
        <span {...evaluationStatusBadge(e.status)} data-testid="report-status">
          {evaluationStatus(t, e.status)}
        </span>
      </p>
      {submitted && <p role="status">{submitted}</p>}
      {!editable && (
        <p>
          {t('staff.ne.locked', { status: evaluationStatus(t, e.status) })}{' '}
          <AppLink to={href('editsurvey', { url: e.id })}>{t('staff.ne.open_report')}</AppLink>
        </p>
      )}
      {report.history
        .filter((h) => h.reason)
        .slice(-1)
        .map((h) => (
          <p key={h.at} className="part">
            <strong>{t('staff.ne.reviewer_comment', { actor: h.actor ?? '' })}</strong> {h.reason}
          </p>
        ))}
      <div className="evaluation-layout">
        <div className="evaluation-main">
          <EvaluationIndex workArea={workArea} withSubmit={editable && Boolean(submit)} />
          {editable && (
            <p className={`save-status ${save.state}`} aria-live="polite" data-testid="save-status">
              {t(SAVE_TEXT[save.state])}
              {save.message && save.state !== 'saved' ? `: ${save.message}` : ''}
              {save.state === 'failed' && (
                <>
                  {' '}
                  <button type="button" className="button secondary" onClick={() => void save.flush()}>
                    {t('staff.ne.retry')}
                  </button>
                </>
              )}
              {save.state === 'conflict' && (
                <>
                  {' '}
                  <button type="button" className="button secondary" onClick={() => window.location.reload()}>
                    {t('staff.ne.reload')}
                  </button>
                </>
              )}
            </p>
          )}
          <div className="evaluation-field" id="ev-work-area" tabIndex={-1}>
            <label htmlFor="work-area">{t('report.work_area')}</label>
            <select
              id="work-area"
              disabled={!editable}
              value={workArea}
              onChange={(ev) => {
                setWorkArea(ev.target.value);
                save.change({ work_area: ev.target.value });
              }}
            >
              {WORK_AREAS.map((a) => (
                <option key={a} value={a}>
                  {areaName(t, a.toLowerCase())}
                </option>
              ))}
            </select>
          </div>
          <h2>{t('staff.ne.observed')}</h2>
          <EvaluationObservations
            workArea={workArea}
            value={observations}
            readOnly={!editable}
            onChange={(next) => {
              setObservations(next);
              save.change({ observations: next });
            }}
          />
          <h2 id="ev-recommendations" tabIndex={-1}>
            {t('staff.fu.recommendations')}
          </h2>
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
              {t(recommendations.length === 1 ? 'staff.ne.recommendation_count_one' : 'staff.ne.recommendation_count', {
                count: recommendations.length,
              })}
            </p>
          )}
          {editable && submit && (
            <div className="evaluation-actions" id="ev-submit" tabIndex={-1}>
              <p>{t('staff.ne.when_complete')}</p>
              <button type="button" className="button" disabled={busy || save.state === 'conflict'} onClick={() => void fire()}>
                {transitionLabel(t, submit.name)}
              </button>
            </div>
          )}
        </div>
        <aside className="evaluation-aside" aria-label={t('staff.ne.aside')}>
          <h2>{t('staff.ne.rosa')}</h2>
          <RosaSummary scores={rosa.scores} />
          <h2>{t('staff.ne.request')}</h2>
          {!e.request_id ? (
            <p>{t('staff.ne.no_request')}</p>
          ) : !details ? (
            <p role="status">{t('staff.ne.loading_request')}</p>
          ) : (
            <RequestDetailsView details={details} />
          )}
        </aside>
      </div>
    </section>
  );
}
