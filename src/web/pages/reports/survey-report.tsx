import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { callUrl } from '../../api/call-url';
import { formatDate } from '../../components/reports/report-labels';
import { useLocale, useT } from '../../i18n/texts';
import '../../components/reports/report.css';

interface SurveyReport {
  id: string;
  url: string;
  survey_name: string;
  submitted_at: string;
  company: string;
  employee: { id: number; first_name: string; last_name: string; email: string };
  answers: { question: string; answer: string }[];
}

/**
 * SPEC §2 survey-tool reports: /user/alchemer-reports/viewreport/:url for employees, managers and
 * evaluators, and /admin/alchemerviewreport/:userid/:id and /admin/alchemerdownloadreport/:userid/:id
 * for admins; the download route starts the Summary-Report PDF download as soon as it opens.
 */
export default function SurveyReportPage({ route, params }: PageProps) {
  const [report, setReport] = useState<SurveyReport | null | 'missing'>(null);
  const admin = params.userid !== undefined && params.id !== undefined;
  const ui = useT();
  const locale = useLocale();
  const { userid, id, url } = params;
  const pdf = admin ? callUrl('survey_report_admin_pdf', { userId: userid!, id: id! }) : url ? callUrl('survey_report_pdf', { url }) : null;
  useEffect(() => {
    const loading = admin
      ? call('survey_report_admin', { params: { userId: userid!, id: id! } }, { quiet: true })
      : url
        ? call('survey_report', { params: { url } }, { quiet: true })
        : null;
    if (!loading) {
      setReport('missing');
      return;
    }
    loading.then(
      ({ data }) => setReport((data as { report: SurveyReport }).report),
      () => setReport('missing'),
    );
  }, [admin, userid, id, url]);
  useEffect(() => {
    if (route.name === 'alchemer_download_report' && pdf && report && report !== 'missing') window.location.assign(pdf);
  }, [route.name, pdf, report]);

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
        <p>{ui('report.not_yours')}</p>
      </section>
    );
  return (
    <article className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{report.survey_name}</h1>
      <p className="muted">
        {report.employee.first_name} {report.employee.last_name}, {report.company}.{' '}
        {ui('report.submitted', { date: formatDate(report.submitted_at, locale) })}
      </p>
      <p>
        <a className="button" href={pdf!} download="Summary-Report.pdf">
          {ui('report.download_pdf')}
        </a>
        {admin && (
          <>
            {' '}
            <button type="button" className="button secondary" onClick={() => history.back()}>
              {ui('report.back')}
            </button>
          </>
        )}
      </p>
      {report.answers.length === 0 ? (
        <p>{ui('report.no_answers')}</p>
      ) : (
        <table className="report-table">
          <caption className="visually-hidden">{ui('report.questions_answers')}</caption>
          <thead>
            <tr>
              <th scope="col">{ui('report.question')}</th>
              <th scope="col">{ui('report.answer')}</th>
            </tr>
          </thead>
          <tbody>
            {report.answers.map((a, i) => (
              <tr key={i}>
                <th scope="row">{a.question}</th>
                <td>{a.answer}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
