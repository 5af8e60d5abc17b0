import type { ApiResponse } from '../../../../generated/api-types';
import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { AppLink, useLinkTarget } from '../../components/links/app-link';
import { ReportsTable } from '../../components/reports/reports-table';
import '../../components/reports/report.css';
import { fillNodes } from '../../i18n/fill';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

type Reports = ApiResponse<'employee_reports'>;

/** The report views, in the order tried: the reader's own, then the manager's, client manager's and evaluator's. */
const REPORT_VIEWS = [
  'my_reports_viewreport',
  'employee_reports_viewreport',
  'client_employee_reports_viewreport',
  'evaluator_employee_reports_viewreport',
] as const;

/**
 * SPEC §2 /user/my-reports/:email: one employee's reports, for a manager (or evaluator, or admin)
 * who may see that employee; the server answers 404 for anyone else and for an unknown address,
 * and the page then says so plainly.
 */
export default function EmployeeReportsPage({ params }: PageProps) {
  const t = useT();
  const email = params.email ?? '';
  const [data, setData] = useState<Reports | null | 'missing'>(null);
  const target = useLinkTarget();
  useEffect(() => {
    setData(null);
    if (!email) {
      setData('missing');
      return;
    }
    call('employee_reports', { params: { email } }, { quiet: true }).then(
      ({ data: d }) => setData(d),
      () => setData('missing'),
    );
  }, [email]);
  const view = REPORT_VIEWS.find((name) => target(href(name, { url: 'x' })) !== null);
  if (data === null)
    return (
      <section className="report-page">
        <h1>{t('staff.emr.title')}</h1>
        <p role="status">{t('staff.emr.loading')}</p>
      </section>
    );
  if (data === 'missing') {
    return (
      <section className="report-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{t('staff.emr.no_such')}</h1>
        <p>{fillNodes(t('staff.emr.no_such_text'), { email: <strong>{email}</strong> })}</p>
        <p>
          <AppLink className="button" to={href('employee_search')}>
            {t('staff.ev.search_employees')}
          </AppLink>
        </p>
      </section>
    );
  }
  const name = `${data.employee.first_name} ${data.employee.last_name}`;
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('staff.emr.reports_of', { name })}</h1>
      <p className="muted">{data.employee.email}</p>
      {data.reports.length + data.survey_reports.length === 0 ? (
        <p>{t('staff.er.no_assessment', { name })}</p>
      ) : (
        <ReportsTable data={data} caption={t('staff.emr.reports_of', { name })} reportHref={(url) => (view ? href(view, { url }) : null)} />
      )}
    </section>
  );
}
