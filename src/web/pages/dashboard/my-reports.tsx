import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { AppLink, useLinkTarget } from '../../components/links/app-link';
import { ReportsTable, type ReportRows as Reports } from '../../components/reports/reports-table';
import { formatDate } from '../../components/reports/report-labels';
import '../../components/reports/report.css';

/** SPEC §2 /user/my-reports: the employee's reports, newest first, each with its SPEC §3 status label. */
export default function MyReportsPage(_props: PageProps) {
  const [data, setData] = useState<Reports | null>(null);
  const [failed, setFailed] = useState(false);
  const target = useLinkTarget();
  // Only the ways in the client offers (SPEC §6: self-assessment pages 404 when it is turned off).
  const assessment = target('/user/self_assessment_signup');
  const evaluation = target('/user/schedule_eval');
  useEffect(() => {
    call('my_reports').then(
      ({ data: d }) => setData(d),
      () => setFailed(true),
    );
  }, []);
  if (failed)
    return (
      <section className="report-page">
        <h1>My Reports</h1>
        <p role="alert">Your reports could not be loaded. Please try again.</p>
      </section>
    );
  if (!data)
    return (
      <section className="report-page">
        <h1>My Reports</h1>
        <p role="status">Loading your reports…</p>
      </section>
    );
  const empty = data.reports.length + data.survey_reports.length + (data.evaluation_reports?.length ?? 0) === 0;
  const followUps = (data.evaluation_reports ?? []).filter((e) => e.follow_up && !e.follow_up.answered);
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">My Reports</h1>
      <p>Self-assessment reports are ready in minutes; 1:1 evaluation reports take 2 to 5 business days.</p>
      {empty ? (
        <p>
          You have no reports yet.{' '}
          {assessment ? (
            <>
              <Link to={assessment}>Take a self-assessment</Link> to get your first one.
            </>
          ) : evaluation ? (
            <>
              <Link to={evaluation}>Request an evaluation</Link> to get your first one.
            </>
          ) : null}
        </p>
      ) : (
        <ReportsTable data={data} caption="Your reports" reportHref={(url) => `/user/my-reports/viewreport/${url}`} />
      )}
      {followUps.length > 0 && (
        <section aria-labelledby="follow-up-heading" className="panel">
          <h2 id="follow-up-heading">Follow-ups waiting for you</h2>
          <p>Tell your ergonomist which recommendations you have put in place and how you feel now. It takes two minutes.</p>
          <ul>
            {followUps.map((e) => (
              <li key={e.follow_up!.id}>
                <Link to={`/user/follow-up/${e.follow_up!.id}`}>
                  Answer the follow-up of your {formatDate(e.submitted_at)} evaluation ({e.work_area})
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <AppLink
          className="button"
          to="/user/self_assessment_signup"
          fallback={
            <AppLink className="button" to="/user/schedule_eval">
              Request an evaluation
            </AppLink>
          }
        >
          Take a self-assessment
        </AppLink>
      </p>
    </section>
  );
}
