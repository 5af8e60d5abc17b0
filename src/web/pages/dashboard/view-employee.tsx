import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { AppLink } from '../../components/links/app-link';
import { historyHref, isHistoryRoute, recordHref, reportHref, searchHref, viewerOf, type Viewer } from './components/employee-viewer';
import {
  Answers,
  areaName,
  EVALUATION_STATUS,
  historyOf,
  ReportLink,
  REQUEST_STATUS,
  scoreText,
  Table,
  when,
  type EmployeeRecord,
} from './components/employee-record-parts';
import './components/employees.css';

/**
 * SPEC §2 employee records: /user/view-employee/:id (programme manager), /user/client-view-employee/
 * :clientid/:id (client manager), /user/evaluator-employee-view/:id (evaluator) show the record in
 * sections; their "prev" routes (/user/view-employee-prev/:id and the others) show the employee's
 * history as one dated list with the change between self-assessments (docs/product.md §2 "Decided").
 * Report links use the viewer's own report route; another client's employee is "not found".
 */
export default function ViewEmployeePage({ route, params }: PageProps) {
  const viewer = viewerOf(route.name);
  const history = isHistoryRoute(route.name);
  const [record, setRecord] = useState<EmployeeRecord | null | 'missing' | 'error'>(null);
  const id = params.id ?? '';
  const clientId = params.clientid ?? '';
  useEffect(() => {
    setRecord(null);
    if (!id) {
      setRecord('missing');
      return;
    }
    call('employee_record', { params: { id }, query: { client_id: clientId || undefined } }, { quiet: true }).then(
      ({ data }) => setRecord(data),
      (e: { status?: number }) => setRecord(e?.status === 404 || e?.status === 400 ? 'missing' : 'error'),
    );
  }, [id, clientId]);

  const title = history ? 'Employee history' : 'Employee record';
  if (record === null)
    return (
      <section className="employees-page">
        <h1>{title}</h1>
        <p role="status">Loading the employee…</p>
      </section>
    );
  if (record === 'missing' || record === 'error') {
    return (
      <section className="employees-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{record === 'missing' ? 'Employee not found' : title}</h1>
        <p role="alert">
          {record === 'missing'
            ? 'No such employee is in a programme you look after.'
            : 'The employee could not be loaded. Please try again in a moment.'}
        </p>
      </section>
    );
  }
  const { employee } = record;
  const name = `${employee.first_name} ${employee.last_name}`;
  return (
    <article className="employees-page employee-record" aria-labelledby="page-heading">
      <h1 id="page-heading">{history ? `History of ${name}` : name}</h1>
      <nav className="employee-nav" aria-label="Employee pages">
        <AppLink to={searchHref(viewer, employee.client_id)}>Back to employee search</AppLink>
        {history ? (
          <AppLink to={recordHref(viewer, employee.client_id, employee.id)}>Full record</AppLink>
        ) : (
          <AppLink to={historyHref(viewer, employee.id)}>History with changes over time</AppLink>
        )}
      </nav>
      <section aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <dl className="employee-profile">
          <dt>Name</dt>
          <dd>{name}</dd>
          <dt>E-mail</dt>
          <dd>{employee.email}</dd>
          <dt>Client</dt>
          <dd>{employee.company_name}</dd>
          <dt>Region</dt>
          <dd>{employee.region ?? 'Not chosen yet'}</dd>
          <dt>Status</dt>
          <dd>{employee.status === 'active' ? 'Active' : employee.status.replace(/^./, (c) => c.toUpperCase())}</dd>
          <dt>Registered</dt>
          <dd>{when(employee.created_at)}</dd>
        </dl>
      </section>
      {history ? <History record={record} viewer={viewer} /> : <Sections record={record} viewer={viewer} />}
    </article>
  );
}

function History({ record, viewer }: { record: EmployeeRecord; viewer: Viewer }) {
  const events = historyOf(record);
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">What happened, newest first</h2>
      {events.length === 0 ? (
        <p>Nothing has happened yet: no self-assessment, evaluation request or follow-up.</p>
      ) : (
        <ol className="employee-timeline">
          {events.map((e) => (
            <li key={e.key}>
              <time dateTime={e.at}>{when(e.at)}</time>
              {e.text}{' '}
              {e.report && (
                <AppLink to={reportHref(viewer, true, e.report)}>
                  Open the report<span className="visually-hidden"> of {when(e.at)}</span>
                </AppLink>
              )}
              {e.answers !== undefined && <Answers answers={e.answers} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Sections({ record, viewer }: { record: EmployeeRecord; viewer: Viewer }) {
  const name = record.employee.first_name;
  return (
    <>
      <section aria-labelledby="assessments-heading">
        <h2 id="assessments-heading">Self-assessments</h2>
        {record.assessments.length === 0 ? (
          <p>{name} has not submitted a self-assessment yet.</p>
        ) : (
          <Table caption="Self-assessments" head={['Report', 'Work area', 'Score', 'Status']}>
            {record.assessments.map((a) => (
              <tr key={a.url}>
                <td>
                  <ReportLink to={reportHref(viewer, false, a.url)} date={a.submitted_at} />
                </td>
                <td>{areaName(a.area)}</td>
                <td>{scoreText(a)}</td>
                <td>{a.status}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">Evaluation requests</h2>
        {record.requests.length === 0 ? (
          <p>{name} has not asked for a one-to-one evaluation.</p>
        ) : (
          <Table caption="Evaluation requests" head={['Requested', 'Work area', 'Status', 'Meeting', 'Closed']}>
            {record.requests.map((r) => (
              <tr key={r.id}>
                <td>{when(r.created_at)}</td>
                <td>{areaName(r.work_area)}</td>
                <td>{REQUEST_STATUS[r.status] ?? r.status}</td>
                <td>{when(r.scheduled_at)}</td>
                <td>{when(r.completed_at ?? r.cancelled_at)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section aria-labelledby="evaluations-heading">
        <h2 id="evaluations-heading">Evaluations</h2>
        {!record.all_evaluation_statuses && (
          <p className="muted">Evaluation reports appear here once they are sent for your approval or finalized.</p>
        )}
        {record.evaluations.length === 0 ? (
          <p>No evaluation report for {name} yet.</p>
        ) : (
          <Table caption="Evaluations" head={['Started', 'Work area', 'Status', 'Submitted', 'Finalized']}>
            {record.evaluations.map((e) => (
              <tr key={e.id}>
                <td>{when(e.created_at)}</td>
                <td>{areaName(e.work_area)}</td>
                <td>{EVALUATION_STATUS[e.status] ?? e.status}</td>
                <td>{when(e.submitted_at)}</td>
                <td>{when(e.finalized_at)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section aria-labelledby="followups-heading">
        <h2 id="followups-heading">Follow-ups</h2>
        {record.follow_ups.length === 0 ? (
          <p>No follow-up questions have been sent to {name}.</p>
        ) : (
          <ul className="employee-timeline">
            {record.follow_ups.map((f) => (
              <li key={f.id}>
                <time dateTime={f.answered_at ?? f.due_at}>
                  {f.answered_at ? `Answered ${when(f.answered_at)}` : `Due ${when(f.due_at)}`}
                </time>
                <Answers answers={f.answers} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
