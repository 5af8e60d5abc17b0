import { useEffect, useState } from 'react';
import { call } from '../../../api/typed';
import { codedOfError } from '../../../api/errors';
import { AppLink } from '../../../components/links/app-link';
import { useSession } from '../../../session/store';
import { currentT, messageText, useT } from '../../../i18n/texts';
import { BookMeeting } from './book-meeting';
import { RequestDetailsView, type RequestDetails } from './request-details';
import { href } from '../../../../../generated/routes';

/**
 * What /user/new-evaluation/:cid/:uid shows before a report exists (SPEC §2): the employee's request
 * and a Start button. Opening the page, in this tab or a new one, changes nothing; only the button
 * starts the report (POST evaluation_start), which takes the request off the shared queue. A request
 * a colleague has booked or started is said so here and by the server (409) when pressed anyway.
 */
export function EvaluationStart({
  clientId,
  employeeId,
  requestId,
  onStarted,
}: {
  clientId: number;
  employeeId: number;
  requestId: number | undefined;
  onStarted: (evaluationId: number) => void;
}) {
  const t = useT();
  const me = useSession((s) => s.user?.id);
  const [details, setDetails] = useState<RequestDetails | null>(null);
  const [loadFailed, setLoadFailed] = useState('');
  const [refused, setRefused] = useState('');
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!requestId) return;
    call('evaluator_request', { params: { id: requestId } }, { quiet: true }).then(
      (r) => setDetails(r.data.request),
      (error: unknown) =>
        setLoadFailed(
          error instanceof Error ? messageText(currentT(), error.message, codedOfError(error)) : currentT()('staff.ne.open_failed'),
        ),
    );
  }, [requestId, version]);

  const start = async () => {
    setBusy(true);
    setRefused('');
    try {
      const { data } = await call(
        'evaluation_start',
        { body: { employee_id: employeeId, client_id: clientId, ...(requestId ? { request_id: requestId } : {}) } },
        { quiet: true },
      );
      onStarted(data.id);
    } catch (error) {
      setRefused(error instanceof Error ? messageText(t, error.message, codedOfError(error)) : t('staff.ne.open_failed'));
      setVersion((v) => v + 1);
    } finally {
      setBusy(false);
    }
  };

  if (loadFailed)
    return (
      <>
        <p role="alert">{loadFailed}</p>
        <p>
          <AppLink to={href('evaluator')}>{t('staff.ne.back')}</AppLink>
        </p>
      </>
    );
  if (requestId && !details) return <p role="status">{t('staff.ne.loading_request')}</p>;
  const takenByColleague = details?.status === 'scheduled' && details.evaluator_id !== me;
  const closed = details?.status === 'cancelled';
  return (
    <div className="evaluation-start">
      {details ? (
        <section aria-labelledby="start-request-heading">
          <h2 id="start-request-heading">
            {t('staff.inbox.request_of', { employee: `${details.first_name} ${details.last_name}`, client: details.company_name })}
          </h2>
          <RequestDetailsView details={details} />
        </section>
      ) : (
        <p>{t('staff.inbox.start_without_request')}</p>
      )}
      <div className="evaluation-actions">
        {takenByColleague ? (
          <p>{t('staff.inbox.booked_by_colleague')}</p>
        ) : closed ? (
          <p>{t('staff.inbox.request_closed')}</p>
        ) : (
          <>
            {/* Without a request there is no queue to leave: the sentence above says so instead. */}
            {details && <p>{t(details.status === 'completed' ? 'staff.inbox.reopen_hint' : 'staff.inbox.start_hint')}</p>}
            <button type="button" className="button" disabled={busy} onClick={() => void start()}>
              {t('staff.inbox.start')}
            </button>
          </>
        )}
        {refused && (
          <p role="alert" className="field-error">
            {refused}
          </p>
        )}
      </div>
      {details?.status === 'requested' && (
        <section className="queue-booking" aria-labelledby="start-booking-heading">
          <h2 id="start-booking-heading">{t('staff.inbox.book_first')}</h2>
          <BookMeeting requestId={details.id} onBooked={() => setVersion((v) => v + 1)} />
        </section>
      )}
      <p>
        <AppLink to={href('evaluator')}>{t('staff.ne.back')}</AppLink>
      </p>
    </div>
  );
}
