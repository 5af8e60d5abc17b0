import type { ApiResponse } from '../../../../generated/api-types';
import { useEffect, useState } from 'react';
import { Link } from '../../app/history';
import { call } from '../../api/typed';
import { useLocale, useT } from '../../i18n/texts';
import { areaName, bandName, formatDate, statusClass } from './report-labels';
import './report.css';
import { href } from '../../../../generated/routes';

type Row = ApiResponse<'assessment_reports_admin'>['reports'][number];

/** SPEC §2 /admin/summary-reports/:id: a client's submitted self-assessments, each opening /admin/viewreport/:userid/:id. */
export function AssessmentSummary({ clientId }: { clientId: string }) {
  const [data, setData] = useState<{ client: { company_name: string }; reports: Row[] } | null | 'missing'>(null);
  const t = useT();
  const locale = useLocale();
  useEffect(() => {
    call('assessment_reports_admin', { params: { clientId } }, { quiet: true }).then(
      ({ data: d }) => setData(d),
      () => setData('missing'),
    );
  }, [clientId]);
  if (data === null)
    return (
      <section className="admin-page">
        <p role="status">{t('page.loading')}</p>
      </section>
    );
  if (data === 'missing')
    return (
      <section className="admin-page">
        <h1>{t('report.client_not_found')}</h1>
      </section>
    );
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('report.summary_title', { company: data.client.company_name })}</h1>
      <p>
        <Link to={href('alchemer_summary_reports', { id: clientId })}>{t('report.survey_reports_link')}</Link>
      </p>
      {data.reports.length === 0 ? (
        <p>{t('report.no_submissions')}</p>
      ) : (
        <table className="report-table">
          <caption className="visually-hidden">{t('report.summary_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('report.employee')}</th>
              <th scope="col">{t('report.work_area')}</th>
              <th scope="col">{t('report.submitted_column')}</th>
              <th scope="col">{t('report.score')}</th>
              <th scope="col">{t('report.status')}</th>
            </tr>
          </thead>
          <tbody>
            {data.reports.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={href('admin_viewreport', { userid: r.user_id, id: r.id })}>
                    {r.first_name} {r.last_name}
                  </Link>{' '}
                  <span className="muted">{r.email}</span>
                </td>
                <td>{areaName(t, r.area)}</td>
                <td>{formatDate(r.submitted_at, locale)}</td>
                <td>
                  {r.overall.score} / {r.overall.max} ({bandName(t, r.overall.band)})
                </td>
                <td>
                  <span className={statusClass(r.status)}>{r.status}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
