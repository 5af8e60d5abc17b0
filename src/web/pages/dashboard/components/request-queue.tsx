import { useCallback, useEffect, useId, useState } from 'react';
import { call } from '../../../api/typed';
import type { ApiResponse } from '../../../../../generated/api-types';
import { areaName, formatDate } from '../../../components/reports/report-labels';
import { AppLink } from '../../../components/links/app-link';
import { BookMeeting } from './book-meeting';
import { useLocale, useT } from '../../../i18n/texts';

export interface QueueClient {
  readonly id: number;
  readonly company_name: string;
}
type QueuePage = ApiResponse<'evaluator_queue'>;

const PROMISE_LABEL = { new: 'staff.promise.new', due: 'staff.promise.due', overdue: 'staff.promise.overdue' } as const;
const PAGE_SIZE = 50;

/**
 * SPEC §2 /user/evaluator: the open requests across the evaluator's clients, oldest first, with the
 * business days each has waited against the 2–5 day promise (SPEC §1). A page of 50 at a time, with
 * a choice of one client, so an evaluator serving many clients is not handed thousands of rows.
 */
export function RequestQueue({ clients, onBooked }: { clients: readonly QueueClient[]; onBooked: (employee: string) => void }) {
  const t = useT();
  const locale = useLocale();
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
          <label htmlFor={pickerId}>{t('staff.client')} </label>
          <select
            id={pickerId}
            value={clientId}
            onChange={(e) => {
              setClientId(e.target.value);
              setStart(0);
            }}
          >
            <option value="">{t('staff.rqq.all_clients')}</option>
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
          {t('staff.rqq.failed')}{' '}
          <button type="button" onClick={load}>
            {t('staff.try_again')}
          </button>
        </p>
      ) : !page ? (
        <p role="status">{t('page.loading')}</p>
      ) : page.total === 0 ? (
        <p>{t('staff.rqq.none')}</p>
      ) : (
        <>
          <p role="status" className="queue-range">
            {t('staff.rqq.range', {
              first: first.toLocaleString(locale),
              last: last.toLocaleString(locale),
              total: page.total.toLocaleString(locale),
            })}
          </p>
          <div className="report-table-wrap">
            <table className="report-table evaluator-queue">
              <thead>
                <tr>
                  <th scope="col">{t('report.employee')}</th>
                  <th scope="col">{t('staff.client')}</th>
                  <th scope="col">{t('report.work_area')}</th>
                  <th scope="col">{t('staff.rqq.available')}</th>
                  <th scope="col">{t('staff.rqq.asked_on')}</th>
                  <th scope="col">{t('staff.rqq.waited')}</th>
                  <th scope="col">{t('staff.rqq.book')}</th>
                  <th scope="col">{t('report.report')}</th>
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
                      {areaName(t, r.work_area.toLowerCase())}
                      {r.photo_count
                        ? ` (${t(r.photo_count === 1 ? 'staff.rqq.photo' : 'staff.rqq.photos', { count: r.photo_count })})`
                        : ''}
                    </td>
                    <td>
                      {r.preferred_times} <small>({r.time_zone})</small>
                    </td>
                    <td>{formatDate(r.created_at, locale)}</td>
                    <td>
                      {t(r.business_days_waited === 1 ? 'staff.business_day' : 'staff.business_days', { days: r.business_days_waited })}{' '}
                      <strong>{t(PROMISE_LABEL[r.promise_status])}</strong>
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
                        {t('staff.rqq.start')}
                        <span className="visually-hidden"> {t('staff.rqq.of_employee', { employee: r.employee })}</span>
                      </AppLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page.total > PAGE_SIZE && (
            <nav className="queue-pager" aria-label={t('staff.rqq.pages')}>
              <button type="button" disabled={start === 0} onClick={() => setStart(Math.max(0, start - PAGE_SIZE))}>
                {t('staff.rqq.previous', { count: PAGE_SIZE })}
              </button>
              <button type="button" disabled={last >= page.total} onClick={() => setStart(start + PAGE_SIZE)}>
                {t('staff.rqq.next', { count: PAGE_SIZE })}
              </button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
