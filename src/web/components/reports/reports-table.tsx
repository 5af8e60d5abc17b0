import type { ApiResponse } from '../../../../generated/api-types';
import { Link } from '../../app/history';
import { useLocale, useT } from '../../i18n/texts';
import { areaName, bandName, formatDate, statusClass } from './report-labels';
import { ROSA_SCALE } from '../../../shared/assessment/rosa';
import { href } from '../../../../generated/routes';

/** The report lists my_reports answers, and employee_reports for one employee (manifest/api.yaml). */
export type ReportRows = Pick<ApiResponse<'my_reports'>, 'reports' | 'survey_reports' | 'evaluation_reports'>;

/** Where a finalized evaluation report is read (manifest/routes/dashboard.yaml my_reports_evaluation). */
export const evaluationReportHref = (url: string) => href('my_reports_evaluation', { url });

/**
 * Self-assessment and survey reports, newest first, each with its SPEC §3 status label; `reportHref`
 * gives the report view the reader may open (theirs, or a manager's or evaluator's view).
 */
export function ReportsTable({
  data,
  reportHref,
  caption,
}: {
  data: ReportRows;
  reportHref: (url: string) => string | null;
  caption: string;
}) {
  const t = useT();
  const locale = useLocale();
  const rows = [
    ...data.reports.map((r) => ({
      key: r.url,
      title: t('report.self_assessment_row', { area: areaName(t, r.area) }),
      date: r.submitted_at,
      status: r.status,
      href: reportHref(r.url),
      score: `${r.overall.score} / ${r.overall.max} (${bandName(t, r.overall.band)})`,
    })),
    ...data.survey_reports.map((s) => ({
      key: s.url,
      title: s.name,
      date: s.submitted_at,
      status: s.status,
      href: href('alchemer_reports_viewreport', { url: s.url }),
      score: '',
    })),
    ...data.evaluation_reports.map((e) => ({
      key: e.url,
      title: t('report.evaluation_row', { area: e.work_area }),
      date: e.submitted_at,
      status: e.status,
      href: evaluationReportHref(e.url),
      // The final ROSA score on its own scale (1 to 10; src/shared/assessment/rosa.ts).
      score: e.rosa_score === null ? '' : t('report.rosa_short', { score: e.rosa_score, max: ROSA_SCALE.max }),
    })),
  ].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <table className="report-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('report.report')}</th>
          <th scope="col">{t('report.date')}</th>
          <th scope="col">{t('report.score')}</th>
          <th scope="col">{t('report.status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.href ? <Link to={r.href}>{r.title}</Link> : r.title}</td>
            <td>{formatDate(r.date, locale)}</td>
            <td>{r.score}</td>
            <td>
              <span className={statusClass(r.status)}>{r.status}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
