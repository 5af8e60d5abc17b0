import { Link } from 'react-router-dom';
import { AREA_NAMES, formatDate, statusClass } from './report-labels';

export interface ReportRows {
  reports: { area: string; submitted_at: string; url: string; status: string; overall: { score: number; max: number; band: string } }[];
  survey_reports: { name: string; submitted_at: string; url: string; status: string }[];
  /** Finalized one-to-one evaluation reports (SPEC §1); the server never lists any other state. */
  evaluation_reports?: {
    url: string;
    submitted_at: string;
    work_area: string;
    status: string;
    follow_up: { id: string; answered: boolean } | null;
  }[];
}

/** Where a finalized evaluation report is read (manifest/routes/dashboard.yaml my_reports_evaluation). */
export const evaluationReportHref = (url: string) => `/user/my-reports/evaluation/${url}`;

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
  const rows = [
    ...data.reports.map((r) => ({
      key: r.url,
      title: `${AREA_NAMES[r.area] ?? r.area} self-assessment`,
      date: r.submitted_at,
      status: r.status,
      href: reportHref(r.url),
      score: `${r.overall.score} / ${r.overall.max} (${r.overall.band})`,
    })),
    ...data.survey_reports.map((s) => ({
      key: s.url,
      title: s.name,
      date: s.submitted_at,
      status: s.status,
      href: `/user/alchemer-reports/viewreport/${s.url}`,
      score: '',
    })),
    ...(data.evaluation_reports ?? []).map((e) => ({
      key: e.url,
      title: `1:1 evaluation (${e.work_area})`,
      date: e.submitted_at,
      status: e.status,
      href: evaluationReportHref(e.url),
      score: '',
    })),
  ].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <table className="report-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Report</th>
          <th scope="col">Date</th>
          <th scope="col">Score</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.href ? <Link to={r.href}>{r.title}</Link> : r.title}</td>
            <td>{formatDate(r.date)}</td>
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
