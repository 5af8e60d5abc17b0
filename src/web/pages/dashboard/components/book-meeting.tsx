import { useState, type FormEvent } from 'react';
import { call } from '../../../api/typed';
import { useT } from '../../../i18n/texts';

/**
 * Claims a request and books its video meeting. The time is entered in the evaluator's own time
 * zone and sent as an ISO 8601 instant; the employee's invitation shows it in theirs.
 */
/** The start every video link must have (not a word to translate). */
const URL_START = 'https://';

export function BookMeeting({ requestId, onBooked }: { requestId: number; onBooked: () => void }) {
  const t = useT();
  const [when, setWhen] = useState('');
  const [link, setLink] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const instant = new Date(when);
    if (!when || Number.isNaN(instant.getTime())) {
      setError(t('staff.bm.choose_time'));
      return;
    }
    if (!/^https:\/\/\S+$/.test(link.trim())) {
      setError(t('staff.bm.https'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      await call('evaluator_request_schedule', {
        params: { id: requestId },
        body: { scheduled_at: instant.toISOString(), meeting_url: link.trim() },
      });
      onBooked();
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="book-meeting" onSubmit={submit} noValidate aria-label={t('staff.bm.label', { id: requestId })}>
      <label>
        {t('staff.bm.time')} <input type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
      </label>{' '}
      <label>
        {t('staff.bm.link')} <input type="url" value={link} placeholder={URL_START} onChange={(e) => setLink(e.target.value)} />
      </label>{' '}
      <button type="submit" className="button" disabled={busy}>
        {t('staff.bm.book')}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
