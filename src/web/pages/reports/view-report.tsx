import { useEffect, useState } from 'react';
import { Link } from '../../app/history';
import type { ApiResponse } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { callUrl } from '../../api/call-url';
import { partScoreText } from '../../../shared/assessment/part-wording';
import { AppLink } from '../../components/links/app-link';
import { BodyMap } from './components/body-map';
import { ChangeSummary } from './components/change-summary';
import { FindingsList } from './components/findings-list';
import { OfferSlot, useReportOffers } from './components/report-offer-slot';
import { findingActionKey } from '../../../shared/actions/finding-key';
import { pageText } from '../../components/assessment/page-text';
import { formatDate, statusClass } from '../../components/reports/report-labels';
import { useT } from '../../i18n/texts';
import { useSession } from '../../session/store';
import { EvaluationOffer } from '../../components/reports/evaluation-offer';
import '../../components/reports/report.css';
import { href } from '../../../../generated/routes';

type Report = ApiResponse<'assessment_report'>['report'];

/**
 * SPEC §2 /user/my-reports/viewreport/:url (and the manager, evaluator and custom-search report
 * routes): the summary, overall and per-part scores explained, findings with recommendations linking
 * to guidance and equipment pages, the body map, the change since earlier attempts and the PDF.
 */
export default function ViewReportPage({ params }: PageProps) {
  const [report, setReport] = useState<Report | null | 'missing'>(null);
  const base = location.pathname.replace(/[^/]+$/, '');
  const ui = useT();
  const me = useSession((s) => s.user?.email);
  // The admin route names the employee and attempt (/admin/viewreport/:userid/:id); the others the url token.
  const { userid, id, url } = params;
  useEffect(() => {
    const loading =
      userid && id
        ? call('assessment_report_admin', { params: { userId: userid, id } }, { quiet: true })
        : url
          ? call('assessment_report', { params: { url } }, { quiet: true })
          : null;
    if (!loading) {
      setReport('missing');
      return;
    }
    setReport(null);
    loading.then(
      ({ data }) => setReport(data.report),
      () => setReport('missing'),
    );
  }, [userid, id, url]);

  const loaded = report !== null && report !== 'missing' ? report : null;
  const offers = useReportOffers(
    loaded?.result.findings.map((f) => findingActionKey(loaded.result.area, f.id)) ?? [],
    loaded?.employee.email ?? '',
  );

  if (report === null)
    return (
      <section className="report-page">
        <p role="status">{ui('report.loading')}</p>
      </section>
    );
  if (report === 'missing')
    return (
      <section className="report-page">
        <h1>{ui('report.not_found')}</h1>
        <p>
          {ui('report.not_yours')} <AppLink to={href('my_reports')}>{ui('report.your_reports')}</AppLink>
        </p>
      </section>
    );
  const { result, change } = report;
  // The report reads in the language the assessment was taken in (ui-texts.ts), dates too.
  const t = pageText(report.texts);
  const locale = report.language === 'cn' ? 'zh-CN' : report.language;
  const date = (value: string) => formatDate(value, locale);
  const outOf = (score: number, max: number, band: 'low' | 'moderate' | 'high') =>
    `${score} ${t('ui.report.out_of', { max })}, ${t(`ui.band.${band}`)}`;
  return (
    <article className="report-page" aria-labelledby="page-heading" lang={locale}>
      <h1 id="page-heading">{t('ui.report.title', { title: report.title })}</h1>
      <p className="muted">
        {report.employee.first_name} {report.employee.last_name}, {report.company}.{' '}
        {t('ui.report.submitted', { date: date(report.submitted_at) })}. <span className={statusClass(report.status)}>{report.status}</span>
      </p>
      <p>
        <a className="button" href={callUrl('assessment_report_pdf', { url: report.url })} download="Summary-Report.pdf">
          {t('ui.report.download')}
        </a>
      </p>
      <section aria-labelledby="overall-heading" className="panel">
        <h2 id="overall-heading">{t('ui.report.overall')}</h2>
        <p className="report-score">
          <span className={`score band-${result.overall.band}`}>{result.overall.score}</span>
          <span>
            {t('ui.report.out_of', { max: result.overall.max })}:{' '}
            <strong className={`band-${result.overall.band}`}>{t(`ui.band.${result.overall.band}`)}</strong>
            {result.overall.actionNeeded ? `, ${t('ui.report.action')}` : ''}
          </span>
        </p>
        <p>{result.summary}</p>
      </section>
      {/* The employee's own report offers an ergonomist at a moderate or high risk (where the client offers evaluations). */}
      {report.employee.email === me && <EvaluationOffer band={result.overall.band} />}
      {change && <ChangeSummary change={change} score={result.overall.score} t={t} />}
      <div className="report-grid">
        <div>
          <FindingsList
            findings={result.findings}
            t={t}
            after={(f) => <OfferSlot found={offers} findingKey={findingActionKey(result.area, f.id)} idPrefix={`finding-${f.id}-offer`} />}
          />
          {result.parts.length > 0 && (
            <details className="report-section">
              <summary>
                <h2>{t('ui.report.parts')}</h2>
              </summary>
              <p className="muted">{t('ui.report.lower_better')}</p>
              {result.parts.map((p) => (
                <section key={p.id} className="part" aria-label={p.label}>
                  <h3>
                    {p.label}: {partScoreText(p, t)}
                  </h3>
                  <div className="meter" aria-hidden="true">
                    <span style={{ width: `${Math.min(100, (p.score / Math.max(1, p.max)) * 100)}%` }} />
                  </div>
                  <p>{p.explanation}</p>
                </section>
              ))}
            </details>
          )}
        </div>
        {result.bodyMap.length > 0 && (
          <aside aria-labelledby="discomfort-heading">
            <h2 id="discomfort-heading">{t('ui.report.discomfort')}</h2>
            <BodyMap regions={result.bodyMap} t={t} />
          </aside>
        )}
      </div>
      {report.history.length > 1 && (
        <section aria-labelledby="history-heading">
          <h2 id="history-heading">{t('ui.report.history')}</h2>
          <ul>
            {report.history.map((h) => (
              <li key={h.url}>
                {h.url === report.url ? (
                  <strong>
                    {date(h.submitted_at)} ({t('ui.report.this_report')})
                  </strong>
                ) : params.url ? (
                  <Link to={`${base}${h.url}`}>{date(h.submitted_at)}</Link>
                ) : (
                  date(h.submitted_at)
                )}
                : {outOf(h.score, h.max, h.band)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
