import { useCallback, useEffect, useId, useState } from 'react';
import { call } from '../../../api/typed';
import type { ApiResponse } from '../../../../../generated/api-types';
import { formatDate } from '../../../components/reports/report-labels';
import { AppLink } from '../../../components/links/app-link';
import { BookMeeting } from './book-meeting';

export interface QueueClient {
  readonly id: number;
  readonly company_name: string;
}
type QueuePage = ApiResponse<'evaluator_queue'>;

const PROMISE_LABEL = { new: 'New', due: 'Due now', overdue: 'Overdue' } as const;
const PAGE_SIZE = 50;

/**
 * SPEC §2 /user/evaluator: the open requests across the evaluator's clients, oldest first, with the
 * business days each has waited against the 2–5 day promise (SPEC §1). A page of 50 at a time, with
 * a choice of one client, so an evaluator serving many clients is not handed thousands of rows.
 */
export function RequestQueue({ clients, onBooked }: { clients: readonly QueueClient[]; onBooked: (employee: string) => void }) {
  const [clientId, setClientId] = useState('');
  const [start, setStart] = useState(0);
  const [page, setPage] = useState<QueuePage | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const pickerId = useId();
  const load = useCallback(() => {
    setFailed(false);
    const query = { start: String(start), size: String(PAGE_SIZE), ...(clientId ? { client_id: clientId } : {}) };
    call('evaluator_queue', { query }).then(
      (r) => setPage(r.data),
      () => setFailed(true),
    );
  }, [clientId, start]);
  useEffect(load, [load, version]);
  const first = page && page.total ? page.start + 1 : 0;
  const last = page ? page.start + page.requests.length : 0;
  return (
    <>
      {clients.length > 1 && (
        <p className="queue-filter">
          <label htmlFor={pickerId}>Client </label>
          <select
            id={pickerId}
            value={clientId}
            onChange={(e) => {
              setClientId(e.target.value);
              setStart(0);
            }}
          >
            <option value="">All your clients</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company_name}
              </option>
            ))}
          </select>
        </p>
      )}
      {failed ? (
        <p role="alert">
          The requests could not be loaded.{' '}
          <button type="button" onClick={load}>
            Try again
          </button>
        </p>
      ) : !page ? (
        <p role="status">Loading…</p>
      ) : page.total === 0 ? (
        <p>No request is waiting.</p>
      ) : (
        <>
          <p role="status" className="queue-range">
            Requests {first.toLocaleString()}–{last.toLocaleString()} of {page.total.toLocaleString()}
          </p>
          <div className="report-table-wrap">
            <table className="report-table evaluator-queue">
              <thead>
                <tr>
                  <th scope="col">Employee</th>
                  <th scope="col">Client</th>
                  <th scope="col">Work area</th>
                  <th scope="col">Available</th>
                  <th scope="col">Asked on</th>
                  <th scope="col">Waited</th>
                  <th scope="col">Book</th>
                  <th scope="col">Report</th>
                </tr>
              </thead>
              <tbody>
                {page.requests.map((r) => (
                  <tr key={r.id} data-request-id={r.id}>
                    <td>
                      {r.employee}
                      <br />
                      <small>{r.email}</small>
                    </td>
                    <td>{r.company_name}</td>
                    <td>
                      {r.work_area}
                      {r.photo_count ? ` (${r.photo_count} photo${r.photo_count === 1 ? '' : 's'})` : ''}
                    </td>
                    <td>
                      {r.preferred_times} <small>({r.time_zone})</small>
                    </td>
                    <td>{formatDate(r.created_at)}</td>
                    <td>
                      {r.business_days_waited} business day{r.business_days_waited === 1 ? '' : 's'}{' '}
                      <strong>{PROMISE_LABEL[r.promise_status]}</strong>
                    </td>
                    <td>
                      <BookMeeting
                        requestId={r.id}
                        onBooked={() => {
                          onBooked(r.employee);
                          setVersion((v) => v + 1);
                        }}
                      />
                    </td>
                    <td>
                      <AppLink to={`/user/new-evaluation/${r.client_id}/${r.user_id}?request=${r.id}`} fallback={<span>—</span>}>
                        Start the evaluation<span className="visually-hidden"> of {r.employee}</span>
                      </AppLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page.total > PAGE_SIZE && (
            <nav className="queue-pager" aria-label="Pages of requests">
              <button type="button" disabled={start === 0} onClick={() => setStart(Math.max(0, start - PAGE_SIZE))}>
                Previous {PAGE_SIZE}
              </button>
              <button type="button" disabled={last >= page.total} onClick={() => setStart(start + PAGE_SIZE)}>
                Next {PAGE_SIZE}
              </button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
