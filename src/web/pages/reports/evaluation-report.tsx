import { useEffect, useState } from 'react';
import { Link } from '../../app/history';
import type { ApiResponse } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { callUrl } from '../../api/call-url';
import { AppLink, useLinkTarget } from '../../components/links/app-link';
import { GuidePicture } from '../../components/content/guide-picture';
import { ROSA_SCALE, rosaRisk, rosaScaleValues } from '../../../shared/assessment/rosa';
import { formatDate, statusClass } from '../../components/reports/report-labels';
import { useT } from '../../i18n/texts';
import { OfferSlot, useReportOffers } from './components/report-offer-slot';
import '../../components/reports/report.css';
import { href } from '../../../../generated/routes';

type Report = ApiResponse<'evaluation_report'>['report'];

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

/** The observations grouped under their form section, in the server's order. */
function sections(observations: Report['observations']) {
  const groups = new Map<string, Report['observations'][number][]>();
  for (const o of observations) groups.set(o.section, [...(groups.get(o.section) ?? []), o]);
  return [...groups];
}

/**
 * SPEC §1, §2 /user/my-reports: a finalized one-to-one evaluation report — the ergonomist's
 * observations and recommendations by priority — with its Summary-Report PDF (SPEC §4) and, once due,
 * the follow-up. The server answers 404 for any report that is not Finalized or not the reader's to see.
 * The report's words come with it in the employee's profile language, the client's wording first
 * (src/server/domain/evaluations/report-texts.ts), the same words as its PDF.
 */
export default function EvaluationReportPage({ params }: PageProps) {
  const [report, setReport] = useState<Report | null | 'missing'>(null);
  const url = params.url ?? '';
  const ui = useT();
  const target = useLinkTarget();
  useEffect(() => {
    if (!url) {
      setReport('missing');
      return;
    }
    setReport(null);
    call('evaluation_report', { params: { url } }, { quiet: true }).then(
      ({ data }) => setReport(data.report),
      () => setReport('missing'),
    );
  }, [url]);
  const loaded = report !== null && report !== 'missing' ? report : null;
  const offers = useReportOffers(loaded?.recommendations.flatMap((r) => (r.key ? [r.key] : [])) ?? [], loaded?.employee.email ?? '');
  if (report === null)
    return (
      <section className="report-page">
        <h1>{ui('report.evaluation_title')}</h1>
        <p role="status">{ui('report.loading')}</p>
      </section>
    );
  if (report === 'missing') {
    return (
      <section className="report-page">
        <h1>{ui('report.not_found')}</h1>
        <p role="alert">{ui('report.not_yours')}</p>
        <p>
          <AppLink to={href('my_reports')}>{ui('report.your_reports')}</AppLink>
        </p>
      </section>
    );
  }
  const t = report.texts;
  const locale = report.language === 'cn' ? 'zh-CN' : report.language;
  return (
    <article className="report-page" aria-labelledby="page-heading" lang={locale}>
      <h1 id="page-heading">{t['report.title']}</h1>
      {/* One fact a line, as in the PDF, so no English punctuation joins the employee's language. */}
      <p className="muted">
        {report.employee.first_name} {report.employee.last_name} ({report.company})
        <br />
        {fill(t['report.finalized'], { date: formatDate(report.finalized_at, locale) })} ·{' '}
        <span className={statusClass(report.status)}>{t['report.status']}</span>
      </p>
      <p>
        {fill(t['report.evaluator'], { name: report.evaluator })}
        <br />
        {t['report.work_area']}: {report.work_area}
      </p>
      <p>
        <a className="button" href={callUrl('evaluation_report_pdf', { url: report.url })} download="Summary-Report.pdf">
          {t['report.download']}
        </a>
      </p>
      {report.rosa_score !== null && (
        <section aria-labelledby="rosa-heading" className="panel">
          <h2 id="rosa-heading">{t['report.rosa']}</h2>
          {/* The score on ROSA's own scale (Sonne, Villalta & Andrews 2012): 1 to 10, high risk from 5. */}
          <p className="report-score">
            <span className={`score band-${rosaRisk(report.rosa_score)}`}>{report.rosa_score}</span>
            <span>
              / {ROSA_SCALE.max}:{' '}
              <strong className={`band-${rosaRisk(report.rosa_score)}`}>
                {t[rosaRisk(report.rosa_score) === 'high' ? 'report.rosa_high' : 'report.rosa_low']}
              </strong>
            </span>
          </p>
          <p className="muted">{fill(t['report.rosa_scale'], rosaScaleValues)}</p>
        </section>
      )}
      {report.observations.length > 0 && (
        <section aria-labelledby="observations-heading" className="panel">
          <h2 id="observations-heading">{t['report.observations']}</h2>
          {sections(report.observations).map(([section, items]) => (
            <section key={section} aria-label={section}>
              <h3>{section}</h3>
              <dl>
                {items.map((o, i) => (
                  <div key={i}>
                    {o.label && (
                      <dt>
                        <strong>{o.label}</strong>
                      </dt>
                    )}
                    <dd>{o.text}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </section>
      )}
      <section aria-labelledby="recommendations-heading" className="panel">
        <h2 id="recommendations-heading">{t['report.recommendations']}</h2>
        {report.recommendations.length === 0 ? (
          <p>{t['report.no_recommendations']}</p>
        ) : (
          <ol>
            {report.recommendations.map((r, i) => (
              <li key={i}>
                <strong>{t[`report.priority.${r.priority}`] ?? r.priority}:</strong> {r.label}
                {r.text && <p className="muted">{r.text}</p>}
                {r.link && target(r.link) && (
                  <p>
                    <Link to={target(r.link)!} aria-label={`${t['report.guide']}: ${r.label}`}>
                      <GuidePicture href={r.link} />
                      {t['report.guide']}
                    </Link>
                  </p>
                )}
                {r.key && <OfferSlot found={offers} findingKey={r.key} idPrefix={`recommendation-${i}-offer`} />}
              </li>
            ))}
          </ol>
        )}
      </section>
      {report.follow_up && (
        <section aria-labelledby="follow-up-heading" className="panel">
          <h2 id="follow-up-heading">{t['report.follow_up']}</h2>
          {report.follow_up.answered_at ? (
            <p>{fill(t['report.answered_on'], { date: formatDate(report.follow_up.answered_at, locale) })}</p>
          ) : (
            <p>
              <Link to={href('follow_up', { id: report.follow_up.id })}>{t['report.follow_up_link']}</Link>
            </p>
          )}
        </section>
      )}
      <p>
        <AppLink to={href('my_reports')}>{ui('report.back_to_my_reports')}</AppLink>
      </p>
    </article>
  );
}
