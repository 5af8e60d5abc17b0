import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { apiGet } from '../../api/client';
import { AREA_NAMES, formatDate, statusClass } from '../../components/reports/report-labels';
import '../../components/reports/report.css';

interface Reports {
  reports: { area: string; submitted_at: string; url: string; status: string; overall: { score: number; max: number; band: string } }[];
  survey_reports: { name: string; submitted_at: string; url: string; status: string }[];
}

/** SPEC §2 /user/my-reports: the employee's reports, newest first, each with its SPEC §3 status label. */
export default function MyReportsPage(_props: PageProps) {
  const [data, setData] = useState<Reports | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => { apiGet<Reports>('/my-reports').then(({ data: d }) => setData(d), () => setFailed(true)); }, []);
  if (failed) return <section className="report-page"><h1>My Reports</h1><p role="alert">Your reports could not be loaded. Please try again.</p></section>;
  if (!data) return <section className="report-page"><h1>My Reports</h1><p role="status">Loading your reports…</p></section>;
  const rows = [
    ...data.reports.map((r) => ({ key: r.url, title: `${AREA_NAMES[r.area] ?? r.area} self-assessment`, date: r.submitted_at, status: r.status, href: `/user/my-reports/viewreport/${r.url}`, score: `${r.overall.score} / ${r.overall.max} (${r.overall.band})` })),
    ...data.survey_reports.map((s) => ({ key: s.url, title: s.name, date: s.submitted_at, status: s.status, href: `/user/alchemer-reports/viewreport/${s.url}`, score: '' })),
  ].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">My Reports</h1>
      <p>Self-assessment reports are ready in minutes; 1:1 evaluation reports take 2 to 5 business days.</p>
      {rows.length === 0 ? <p>You have no reports yet. <Link to="/user/self_assessment_signup">Take a self-assessment</Link> to get your first one.</p> : (
        <table className="report-table">
          <caption className="visually-hidden">Your reports</caption>
          <thead><tr><th scope="col">Report</th><th scope="col">Date</th><th scope="col">Score</th><th scope="col">Status</th></tr></thead>
          <tbody>{rows.map((r) => (
            <tr key={r.key}><td><Link to={r.href}>{r.title}</Link></td><td>{formatDate(r.date)}</td><td>{r.score}</td><td><span className={statusClass(r.status)}>{r.status}</span></td></tr>
          ))}</tbody>
        </table>
      )}
      <p><Link className="button" to="/user/self_assessment_signup">Take a self-assessment</Link></p>
    </section>
  );
}
