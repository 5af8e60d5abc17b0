import { useCallback, useEffect, useState } from 'react';
import type { ApiResponse } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { href } from '../../../../generated/routes';
import { AppLink } from '../../components/links/app-link';
import { RequestQueue } from './components/request-queue';
import { EvaluationQueue } from './components/evaluation-queue';
import type { Worklist } from './components/evaluation-types';
import './components/evaluation.css';
import '../../components/reports/report.css';
import { areaName } from '../../components/reports/report-labels';
import { routeTitle } from '../../i18n/menu-label';
import { useLocale, useT } from '../../i18n/texts';
import { formatDateTime } from '../../../shared/dates';

type AssignedClient = ApiResponse<'evaluator_clients'>['clients'][number];

/**
 * SPEC §2 /user/evaluator: the clients assigned to the evaluator and the queue of open requests
 * across them, oldest first, with the business days each has waited against the 2–5 day promise
 * (SPEC §1); a request is claimed by booking its meeting.
 */
export default function EvaluatorPage({ route }: PageProps) {
  const t = useT();
  const locale = useLocale();
  const title = routeTitle(t, route);
  const [clients, setClients] = useState<AssignedClient[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [booked, setBooked] = useState('');
  const [work, setWork] = useState<Worklist | null>(null);
  const load = useCallback(() => {
    call('evaluator_clients').then(
      (c) => setClients(c.data.clients),
      () => setFailed(true),
    );
    // The report lists need a report permission the page itself does not require: without one they are left out.
    call('evaluation_worklist', {}, { quiet: true }).then(
      (w) => setWork(w.data),
      () => setWork({ mine: null, meetings: null, review: null, approval: null }),
    );
  }, []);
  useEffect(load, [load]);
  if (failed)
    return (
      <section className="report-page">
        <h1>{title}</h1>
        <p role="alert">{t('staff.ev.failed')}</p>
      </section>
    );
  if (!clients)
    return (
      <section className="report-page">
        <h1>{title}</h1>
        <p role="status">{t('page.loading')}</p>
      </section>
    );
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <h2>{t('staff.ev.your_clients')}</h2>
      {clients.length === 0 ? (
        <p>{t('staff.no_clients')}</p>
      ) : (
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">{t('staff.client')}</th>
              <th scope="col">{t('staff.ee.open_requests')}</th>
              <th scope="col">{t('staff.ev.booked_meetings')}</th>
              <th scope="col">{t('staff.employees')}</th>
            </tr>
          </thead>
          <tbody>
            {clients.map((c) => (
              <tr key={c.id}>
                <td>
                  {c.company_name} ({c.company_code})
                </td>
                <td>{c.open_requests}</td>
                <td>{c.scheduled_requests}</td>
                <td>
                  <AppLink to={href('evaluator_employee_search', { id: c.id })} fallback={<span>—</span>}>
                    {t('staff.ev.search_employees')}
                    <span className="visually-hidden"> {t('staff.cm.of_client', { client: c.company_name })}</span>
                  </AppLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t('staff.ev.waiting')}</h2>
      <p>{t('staff.ev.oldest_first')}</p>
      {booked && <p role="status">{booked}</p>}
      <RequestQueue
        clients={clients}
        onBooked={(employee) => {
          setBooked(t('staff.ev.booked', { employee }));
          load();
        }}
      />
      {work?.meetings && (
        <>
          <h2>{t('staff.ev.your_meetings')}</h2>
          {work.meetings.length === 0 ? (
            <p>{t('staff.ev.no_meeting')}</p>
          ) : (
            <div className="report-table-wrap">
              <table className="report-table">
                <thead>
                  <tr>
                    <th scope="col">{t('report.employee')}</th>
                    <th scope="col">{t('staff.client')}</th>
                    <th scope="col">{t('report.work_area')}</th>
                    <th scope="col">{t('staff.ev.meeting')}</th>
                    <th scope="col">{t('report.report')}</th>
                  </tr>
                </thead>
                <tbody>
                  {work.meetings.map((m) => (
                    <tr key={m.id} data-request-id={m.id}>
                      <td>{m.employee}</td>
                      <td>{m.company_name}</td>
                      <td>{areaName(t, m.work_area.toLowerCase())}</td>
                      <td>{formatDateTime(m.scheduled_at, locale, { zone: true })}</td>
                      <td>
                        <AppLink to={`/user/new-evaluation/${m.client_id}/${m.employee_id}?request=${m.id}`} fallback={<span>—</span>}>
                          {t('staff.ev.write_report')}
                          <span className="visually-hidden"> {t('staff.ev.on_employee', { employee: m.employee })}</span>
                        </AppLink>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {work?.mine && (
        <>
          <h2>{t('staff.ev.your_reports')}</h2>
          <EvaluationQueue rows={work.mine} route="own" empty={t('staff.ev.no_own')} caption={t('staff.ev.own_caption')} />
        </>
      )}
      {work?.review && (
        <>
          <h2>{t('staff.ev.review')}</h2>
          <EvaluationQueue rows={work.review} route="editsurvey" empty={t('staff.ev.no_review')} caption={t('staff.ev.review')} />
        </>
      )}
    </section>
  );
}
