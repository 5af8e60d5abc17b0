import { useCallback, useEffect, useState } from 'react';
import type { ApiResponse } from '../../../../../generated/api-types';
import { call } from '../../../api/typed';
import { useT } from '../../../i18n/texts';
import { formatDateTime } from '../../../../shared/dates';

export type MyRequest = ApiResponse<'my_evaluation_requests'>['requests'][number];

const isScheduled = (r: MyRequest): r is MyRequest & { scheduled_at: string } => r.status === 'scheduled' && r.scheduled_at !== null;

/**
 * The employee's own requests with their state; one not yet booked can be cancelled. `version` reloads
 * the list; times read in the reader's `locale` (SPEC §2 profile language).
 */
export function MyEvaluationRequests({
  texts,
  version,
  locale,
}: {
  texts: Readonly<Record<string, string>>;
  version: number;
  locale: string;
}) {
  const t = useT();
  const [requests, setRequests] = useState<MyRequest[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    call('my_evaluation_requests').then(
      ({ data }) => setRequests(data.requests),
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load, version]);
  const cancel = async (id: number) => {
    try {
      await call('cancel_evaluation_request', { params: { id } });
    } finally {
      load();
    }
  };
  const when = (iso: string, zone: string) => formatDateTime(iso, locale, { timeZone: zone });
  return (
    <section aria-labelledby="my-requests-heading">
      <h2 id="my-requests-heading">{texts.my_requests_heading}</h2>
      {failed && <p role="alert">{t('evaluation.requests_failed')}</p>}
      {requests && requests.length === 0 && <p>{texts.no_requests}</p>}
      {requests && requests.length > 0 && (
        <ul className="request-list">
          {requests.map((r) => (
            <li key={r.id} data-request-id={r.id}>
              <strong>{texts[`work_areas.${r.work_area}`] ?? r.work_area}</strong>{' '}
              <span className="request-status">{texts[`status.${r.status}`] ?? r.status}</span>
              <br />
              {isScheduled(r) ? (
                <>
                  {when(r.scheduled_at, r.time_zone)} ({r.time_zone}){r.evaluator ? `, ${r.evaluator}` : ''} —{' '}
                  <a href={r.meeting_url ?? '#'} rel="noopener noreferrer" target="_blank">
                    {t('evaluation.join')}
                  </a>
                </>
              ) : (
                <>{r.preferred_times}</>
              )}
              {r.cancel_reason && (
                <>
                  <br />
                  {r.cancel_reason}
                </>
              )}
              {r.can_cancel && (
                <>
                  <br />
                  <button type="button" className="button button-secondary" onClick={() => cancel(r.id)}>
                    {texts.cancel_label}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
