import { useState, type FormEvent } from 'react';
import { call } from '../../../api/typed';

/**
 * Claims a request and books its video meeting. The time is entered in the evaluator's own time
 * zone and sent as an ISO 8601 instant; the employee's invitation shows it in theirs.
 */
export function BookMeeting({ requestId, onBooked }: { requestId: number; onBooked: () => void }) {
  const [when, setWhen] = useState('');
  const [link, setLink] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const instant = new Date(when);
    if (!when || Number.isNaN(instant.getTime())) {
      setError('Choose the meeting date and time.');
      return;
    }
    if (!/^https:\/\/\S+$/.test(link.trim())) {
      setError('The video link must start with https://');
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
    <form className="book-meeting" onSubmit={submit} noValidate aria-label={`Book the meeting of request ${requestId}`}>
      <label>
        Meeting time <input type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
      </label>{' '}
      <label>
        Video link <input type="url" value={link} placeholder="https://" onChange={(e) => setLink(e.target.value)} />
      </label>{' '}
      <button type="submit" className="button" disabled={busy}>
        Claim and book
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
