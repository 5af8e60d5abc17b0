import { useEffect, useState } from 'react';
import { Link } from '../../../app/history';
import type { ApiResponse } from '../../../../../generated/api-types';
import { ROSA_SCALE, rosaRisk } from '../../../../shared/assessment/rosa';
import { call } from '../../../api/typed';
import { useLinkTarget } from '../../../components/links/app-link';
import { EvaluationOffer } from '../../../components/reports/evaluation-offer';
import { areaName, formatDate } from '../../../components/reports/report-labels';
import { useLocale, useT } from '../../../i18n/texts';
import '../../../components/reports/report.css';
import { href } from '../../../../../generated/routes';

type Home = ApiResponse<'employee_home'>;

/**
 * The personal part of the employee home (/user, SPEC §2): the employee's own last result and its
 * date, when the client's reassessment interval makes the next self-assessment due, the last
 * one-to-one evaluation, and the recommendations still open (employee_home: the caller's own rows only).
 */
export function PersonalSummary() {
  const t = useT();
  const locale = useLocale();
  const target = useLinkTarget();
  const [home, setHome] = useState<Home | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    call('employee_home', {}, { quiet: true }).then(
      ({ data }) => live && setHome(data),
      () => live && setHome('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  if (home === null)
    return (
      <p role="status" className="muted">
        {t('home.mine.loading')}
      </p>
    );
  if (home === 'failed') return <p role="alert">{t('home.mine.failed')}</p>;
  const { last_result: last, last_evaluation: evaluation, reassessment, recommendations } = home;
  const date = (value: string) => formatDate(value, locale);
  const reportTo = last ? target(href('my_reports_viewreport', { url: last.url })) : null;
  const evaluationTo = evaluation ? target(href('my_reports_evaluation', { url: evaluation.url })) : null;
  const assessTo = target(href('self_assessment_signup'));
  return (
    <section aria-labelledby="mine-heading" className="personal-summary">
      <h2 id="mine-heading">{t('home.mine.heading')}</h2>
      <div className="card-grid">
        <div className="card">
          <h3>{t('home.mine.last_result')}</h3>
          {last ? (
            <>
              <p>
                {t('home.mine.result_text', {
                  area: areaName(t, last.area),
                  date: date(last.submitted_at),
                  score: last.score,
                  max: last.max,
                })}
              </p>
              <p>
                <strong className={`band-${last.band}`}>{t(`home.band.${last.band}`)}</strong>
                {last.action_needed ? `, ${t('home.band.action')}` : ''}
              </p>
              {reportTo && <Link to={reportTo}>{t('home.mine.read_report')}</Link>}
            </>
          ) : (
            <p>{t('home.mine.no_result')}</p>
          )}
        </div>
        {reassessment && (
          <div className="card">
            <h3>{t('home.mine.next_due')}</h3>
            <p>
              {reassessment.overdue || !reassessment.due_at
                ? t('home.mine.due_now', { days: reassessment.interval_days })
                : t('home.mine.due_on', { date: date(reassessment.due_at), days: reassessment.interval_days })}
            </p>
            {assessTo && <Link to={assessTo}>{t('home.mine.take_now')}</Link>}
          </div>
        )}
        {evaluation && (
          <div className="card">
            <h3>{t('home.mine.last_evaluation')}</h3>
            <p>{t('home.mine.evaluation_text', { date: date(evaluation.finalized_at) })}</p>
            {evaluation.rosa_score !== null && (
              <p>
                {t('home.rosa_text', {
                  score: evaluation.rosa_score,
                  max: ROSA_SCALE.max,
                  risk: t(rosaRisk(evaluation.rosa_score) === 'high' ? 'home.rosa_high' : 'home.rosa_low'),
                })}
              </p>
            )}
            {evaluationTo && <Link to={evaluationTo}>{t('home.mine.read_report')}</Link>}
          </div>
        )}
      </div>
      {last && <EvaluationOffer band={last.band} />}
      <h3>{t('home.mine.recommendations')}</h3>
      {recommendations.length === 0 ? (
        <p>{t('home.mine.no_recommendations')}</p>
      ) : (
        <ul className="open-recommendations">
          {recommendations.map((r, i) => {
            const to = r.link ? target(r.link) : null;
            const from = r.source === 'evaluation' ? t('home.mine.from_evaluation') : t('home.mine.from_assessment');
            // A self-assessment finding's moderate severity reads as the evaluation's medium priority.
            const priority = t(`home.priority.${r.priority === 'moderate' ? 'medium' : r.priority}`);
            return (
              <li key={i}>
                {to ? <Link to={to}>{r.title}</Link> : r.title}
                <span className="muted">
                  {' '}
                  ({priority} · {from})
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
