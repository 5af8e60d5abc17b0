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

type AssignedClient = ApiResponse<'evaluator_clients'>['clients'][number];

/**
 * SPEC §2 /user/evaluator: the clients assigned to the evaluator and the queue of open requests
 * across them, oldest first, with the business days each has waited against the 2–5 day promise
 * (SPEC §1); a request is claimed by booking its meeting.
 */
export default function EvaluatorPage({ route }: PageProps) {
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
        <h1>{route.title}</h1>
        <p role="alert">Your clients and requests could not be loaded. Please try again.</p>
      </section>
    );
  if (!clients)
    return (
      <section className="report-page">
        <h1>{route.title}</h1>
        <p role="status">Loading…</p>
      </section>
    );
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{route.title}</h1>
      <h2>Your clients</h2>
      {clients.length === 0 ? (
        <p>No client is assigned to you yet; an administrator assigns clients.</p>
      ) : (
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Open requests</th>
              <th scope="col">Booked meetings</th>
              <th scope="col">Employees</th>
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
                    Search employees<span className="visually-hidden"> of {c.company_name}</span>
                  </AppLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Requests waiting for an ergonomist</h2>
      <p>Oldest first. Employees are told their report follows within 2 to 5 business days.</p>
      {booked && <p role="status">{booked}</p>}
      <RequestQueue
        clients={clients}
        onBooked={(employee) => {
          setBooked(`The meeting with ${employee} is booked and the invitation sent.`);
          load();
        }}
      />
      {work?.meetings && (
        <>
          <h2>Your booked meetings</h2>
          {work.meetings.length === 0 ? (
            <p>No meeting is booked.</p>
          ) : (
            <div className="report-table-wrap">
              <table className="report-table">
                <thead>
                  <tr>
                    <th scope="col">Employee</th>
                    <th scope="col">Client</th>
                    <th scope="col">Work area</th>
                    <th scope="col">Meeting</th>
                    <th scope="col">Report</th>
                  </tr>
                </thead>
                <tbody>
                  {work.meetings.map((m) => (
                    <tr key={m.id} data-request-id={m.id}>
                      <td>{m.employee}</td>
                      <td>{m.company_name}</td>
                      <td>{m.work_area}</td>
                      <td>{new Date(m.scheduled_at).toLocaleString()}</td>
                      <td>
                        <AppLink to={`/user/new-evaluation/${m.client_id}/${m.employee_id}?request=${m.id}`} fallback={<span>—</span>}>
                          Write the report<span className="visually-hidden"> on {m.employee}</span>
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
          <h2>Your reports</h2>
          <EvaluationQueue rows={work.mine} route="own" empty="You have not started a report yet." caption="Your reports and drafts" />
        </>
      )}
      {work?.review && (
        <>
          <h2>Reports waiting for review</h2>
          <EvaluationQueue
            rows={work.review}
            route="editsurvey"
            empty="No report of another evaluator is waiting for review."
            caption="Reports waiting for review"
          />
        </>
      )}
    </section>
  );
}
