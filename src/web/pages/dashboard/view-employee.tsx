import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { AppLink } from '../../components/links/app-link';
import { historyHref, isHistoryRoute, recordHref, reportHref, searchHref, viewerOf, type Viewer } from './components/employee-viewer';
import {
  Answers,
  areaName,
  evaluationStatusText,
  historyOf,
  ReportLink,
  requestStatusText,
  scoreText,
  Table,
  when,
  type EmployeeRecord,
} from './components/employee-record-parts';
import './components/employees.css';
import { selfAssessmentStatus } from '../../components/reports/status-labels';
import { useT } from '../../i18n/texts';

/**
 * SPEC §2 employee records: /user/view-employee/:id (programme manager), /user/client-view-employee/
 * :clientid/:id (client manager), /user/evaluator-employee-view/:id (evaluator) show the record in
 * sections; their "prev" routes (/user/view-employee-prev/:id and the others) show the employee's
 * history as one dated list with the change between self-assessments (docs/product.md §2 "Decided").
 * Report links use the viewer's own report route; another client's employee is "not found".
 */
export default function ViewEmployeePage({ route, params }: PageProps) {
  const t = useT();
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

  const title = history ? t('staff.er.history') : t('staff.er.record');
  if (record === null)
    return (
      <section className="employees-page">
        <h1>{title}</h1>
        <p role="status">{t('staff.er.loading')}</p>
      </section>
    );
  if (record === 'missing' || record === 'error') {
    return (
      <section className="employees-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{record === 'missing' ? t('staff.er.not_found') : title}</h1>
        <p role="alert">{record === 'missing' ? t('staff.er.missing') : t('staff.er.failed')}</p>
      </section>
    );
  }
  const { employee } = record;
  const name = `${employee.first_name} ${employee.last_name}`;
  return (
    <article className="employees-page employee-record" aria-labelledby="page-heading">
      <h1 id="page-heading">{history ? t('staff.er.history_of', { name }) : name}</h1>
      <nav className="employee-nav" aria-label={t('staff.er.pages')}>
        <AppLink to={searchHref(viewer, employee.client_id)}>{t('staff.er.back')}</AppLink>
        {history ? (
          <AppLink to={recordHref(viewer, employee.client_id, employee.id)}>{t('staff.er.full')}</AppLink>
        ) : (
          <AppLink to={historyHref(viewer, employee.id)}>{t('staff.er.history_link')}</AppLink>
        )}
      </nav>
      <section aria-labelledby="profile-heading">
        <h2 id="profile-heading">{t('staff.er.profile')}</h2>
        <dl className="employee-profile">
          <dt>{t('staff.er.name')}</dt>
          <dd>{name}</dd>
          <dt>{t('grid.employee_search.email')}</dt>
          <dd>{employee.email}</dd>
          <dt>{t('staff.client')}</dt>
          <dd>{employee.company_name}</dd>
          <dt>{t('staff.overview.region')}</dt>
          <dd>{employee.region ?? t('staff.er.not_chosen')}</dd>
          <dt>{t('staff.status')}</dt>
          <dd>
            {employee.status === 'active'
              ? t('staff.er.active')
              : employee.status === 'inactive'
                ? t('staff.er.inactive')
                : employee.status}
          </dd>
          <dt>{t('staff.er.registered')}</dt>
          <dd>{when(employee.created_at)}</dd>
        </dl>
      </section>
      {history ? <History record={record} viewer={viewer} /> : <Sections record={record} viewer={viewer} />}
    </article>
  );
}

function History({ record, viewer }: { record: EmployeeRecord; viewer: Viewer }) {
  const t = useT();
  const events = historyOf(record);
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{t('staff.er.what_happened')}</h2>
      {events.length === 0 ? (
        <p>{t('staff.er.nothing')}</p>
      ) : (
        <ol className="employee-timeline">
          {events.map((e) => (
            <li key={e.key}>
              <time dateTime={e.at}>{when(e.at)}</time>
              {e.text}{' '}
              {e.report && (
                <AppLink to={reportHref(viewer, true, e.report)}>
                  {t('staff.ne.open_report')}
                  <span className="visually-hidden"> {t('staff.er.of_date', { date: when(e.at) })}</span>
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
  const t = useT();
  const name = record.employee.first_name;
  return (
    <>
      <section aria-labelledby="assessments-heading">
        <h2 id="assessments-heading">{t('staff.overview.self_assessments')}</h2>
        {record.assessments.length === 0 ? (
          <p>{t('staff.er.no_assessment', { name })}</p>
        ) : (
          <Table
            caption={t('staff.overview.self_assessments')}
            head={[t('report.report'), t('report.work_area'), t('report.score'), t('staff.status')]}
          >
            {record.assessments.map((a) => (
              <tr key={a.url}>
                <td>
                  <ReportLink to={reportHref(viewer, false, a.url)} date={a.submitted_at} />
                </td>
                <td>{areaName(a.area)}</td>
                <td>{scoreText(a)}</td>
                <td>{selfAssessmentStatus(t, a.status)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">{t('staff.er.requests')}</h2>
        {record.requests.length === 0 ? (
          <p>{t('staff.er.no_request', { name })}</p>
        ) : (
          <Table
            caption={t('staff.er.requests')}
            head={[t('staff.cs.field.requested_at'), t('report.work_area'), t('staff.status'), t('staff.ev.meeting'), t('staff.er.closed')]}
          >
            {record.requests.map((r) => (
              <tr key={r.id}>
                <td>{when(r.created_at)}</td>
                <td>{areaName(r.work_area)}</td>
                <td>{requestStatusText(r.status)}</td>
                <td>{when(r.scheduled_at)}</td>
                <td>{when(r.completed_at ?? r.cancelled_at)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section aria-labelledby="evaluations-heading">
        <h2 id="evaluations-heading">{t('staff.ee.evaluations')}</h2>
        {!record.all_evaluation_statuses && <p className="muted">{t('staff.er.appear')}</p>}
        {record.evaluations.length === 0 ? (
          <p>{t('staff.er.no_evaluation', { name })}</p>
        ) : (
          <Table
            caption={t('staff.ee.evaluations')}
            head={[
              t('staff.cs.field.created_at'),
              t('report.work_area'),
              t('staff.status'),
              t('staff.cs.field.submitted_at'),
              t('staff.cs.field.finalized_at'),
            ]}
          >
            {record.evaluations.map((e) => (
              <tr key={e.id}>
                <td>{when(e.created_at)}</td>
                <td>{areaName(e.work_area)}</td>
                <td>{evaluationStatusText(e.status)}</td>
                <td>{when(e.submitted_at)}</td>
                <td>{when(e.finalized_at)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section aria-labelledby="followups-heading">
        <h2 id="followups-heading">{t('staff.cm.page_follow_ups')}</h2>
        {record.follow_ups.length === 0 ? (
          <p>{t('staff.er.no_follow_up', { name })}</p>
        ) : (
          <ul className="employee-timeline">
            {record.follow_ups.map((f) => (
              <li key={f.id}>
                <time dateTime={f.answered_at ?? f.due_at}>
                  {f.answered_at
                    ? t('staff.er.answered_on', { date: when(f.answered_at) })
                    : t('staff.er.due_on', { date: when(f.due_at) })}
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
