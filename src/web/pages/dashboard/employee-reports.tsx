import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { AppLink, useLinkTarget } from '../../components/links/app-link';
import { ReportsTable, type ReportRows } from '../../components/reports/reports-table';
import '../../components/reports/report.css';

type Reports = ReportRows & { employee: { first_name: string; last_name: string; email: string } };

/** The report views, in the order tried: the reader's own, then the manager's, client manager's and evaluator's. */
const REPORT_VIEWS = [
  '/user/my-reports/viewreport/',
  '/user/employee-reports/viewreport/',
  '/user/client-employee-reports/viewreport/',
  '/user/evaluator-employee-reports/viewreport/',
];

/**
 * SPEC §2 /user/my-reports/:email: one employee's reports, for a manager (or evaluator, or admin)
 * who may see that employee; the server answers 404 for anyone else and for an unknown address,
 * and the page then says so plainly.
 */
export default function EmployeeReportsPage({ params }: PageProps) {
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
      ({ data: d }) => setData(d as Reports),
      () => setData('missing'),
    );
  }, [email]);
  const view = REPORT_VIEWS.find((base) => target(`${base}x`) !== null);
  if (data === null)
    return (
      <section className="report-page">
        <h1>Employee reports</h1>
        <p role="status">Loading the reports…</p>
      </section>
    );
  if (data === 'missing') {
    return (
      <section className="report-page" aria-labelledby="page-heading">
        <h1 id="page-heading">No such employee</h1>
        <p>
          No employee with the address <strong>{email}</strong> is in a programme you look after. Check the address, or find the employee by
          name.
        </p>
        <p>
          <AppLink className="button" to="/user/employee-search">
            Search employees
          </AppLink>
        </p>
      </section>
    );
  }
  const name = `${data.employee.first_name} ${data.employee.last_name}`;
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Reports of {name}</h1>
      <p className="muted">{data.employee.email}</p>
      {data.reports.length + data.survey_reports.length === 0 ? (
        <p>{name} has not submitted a self-assessment yet.</p>
      ) : (
        <ReportsTable data={data} caption={`Reports of ${name}`} reportHref={(url) => (view ? `${view}${url}` : null)} />
      )}
    </section>
  );
}
