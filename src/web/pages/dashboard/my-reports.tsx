import { useEffect, useState } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { AppLink, useLinkTarget } from '../../components/links/app-link';
import { ReportsTable, type ReportRows as Reports } from '../../components/reports/reports-table';
import { areaName, formatDate } from '../../components/reports/report-labels';
import '../../components/reports/report.css';
import { fillNodes } from '../../i18n/fill';
import { useLocale, useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/** SPEC §2 /user/my-reports: the employee's reports, newest first, each with its SPEC §3 status label. */
export default function MyReportsPage(_props: PageProps) {
  const t = useT();
  const locale = useLocale();
  const [data, setData] = useState<Reports | null>(null);
  const [failed, setFailed] = useState(false);
  const target = useLinkTarget();
  // Only the ways in the client offers (SPEC §6: self-assessment pages 404 when it is turned off).
  const assessment = target(href('self_assessment_signup'));
  const evaluation = target(href('schedule_eval'));
  useEffect(() => {
    call('my_reports').then(
      ({ data: d }) => setData(d),
      () => setFailed(true),
    );
  }, []);
  if (failed)
    return (
      <section className="report-page">
        <h1>{t('menu.my_reports')}</h1>
        <p role="alert">{t('staff.mr.failed')}</p>
      </section>
    );
  if (!data)
    return (
      <section className="report-page">
        <h1>{t('menu.my_reports')}</h1>
        <p role="status">{t('staff.mr.loading')}</p>
      </section>
    );
  const empty = data.reports.length + data.survey_reports.length + (data.evaluation_reports?.length ?? 0) === 0;
  const followUps = (data.evaluation_reports ?? []).filter((e) => e.follow_up && !e.follow_up.answered);
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('menu.my_reports')}</h1>
      <p>{t('staff.mr.intro')}</p>
      {empty ? (
        <p>
          {t('staff.mr.none')}{' '}
          {assessment
            ? fillNodes(t('staff.mr.first'), { link: <Link to={assessment}>{t('guidance.take_assessment')}</Link> })
            : evaluation
              ? fillNodes(t('staff.mr.first'), { link: <Link to={evaluation}>{t('guidance.request_evaluation')}</Link> })
              : null}
        </p>
      ) : (
        <ReportsTable data={data} caption={t('report.your_reports')} reportHref={(url) => href('my_reports_viewreport', { url })} />
      )}
      {followUps.length > 0 && (
        <section aria-labelledby="follow-up-heading" className="panel">
          <h2 id="follow-up-heading">{t('staff.mr.follow_ups')}</h2>
          <p>{t('staff.mr.follow_ups_text')}</p>
          <ul>
            {followUps.map((e) => (
              <li key={e.follow_up!.id}>
                <Link to={href('follow_up', { id: e.follow_up!.id })}>
                  {t('staff.mr.answer', { date: formatDate(e.submitted_at, locale), area: areaName(t, e.work_area.toLowerCase()) })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <AppLink
          className="button"
          to={href('self_assessment_signup')}
          fallback={
            <AppLink className="button" to={href('schedule_eval')}>
              {t('guidance.request_evaluation')}
            </AppLink>
          }
        >
          {t('guidance.take_assessment')}
        </AppLink>
      </p>
    </section>
  );
}
