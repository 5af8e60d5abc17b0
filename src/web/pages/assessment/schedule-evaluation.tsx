import { useState, type FormEvent } from 'react';
import type { PageProps } from '../../app/page-props';
import { apiPost } from '../../api/client';
import { useClientTextsState } from '../../components/client-texts/use-client-texts';
import '../../components/content/content.css';

const MAX_TIMES = 500;
const MAX_NOTES = 2000;

/**
 * SPEC §2 /user/schedule_eval: ask for a one-to-one virtual evaluation. Every word on the page comes
 * from content/client-texts/ergo-eval.yaml, or the client's own wording in the user's language.
 */
export default function ScheduleEvaluation({ route }: PageProps) {
  const { texts, status } = useClientTextsState('ergo-eval');
  const [times, setTimes] = useState('');
  const [notes, setNotes] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  if (!texts) {
    return (
      <section className="content-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{route.title}</h1>
        {status === 'failed' ? <p role="alert">This page could not be loaded. Please try again.</p> : <p role="status">Loading…</p>}
      </section>
    );
  }
  const error = touched && !times.trim() ? 'Please tell us when you are available.' : '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!times.trim()) return;
    setBusy(true);
    try {
      await apiPost('/evaluation-requests', { preferred_times: times.trim(), ...(notes.trim() ? { notes: notes.trim() } : {}) });
      setSent(true);
    } catch { setBusy(false); }
  };
  return (
    <section className="content-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{texts.page_title}</h1>
      <p className="lead">{texts.intro}</p>
      <p>{texts.who_it_is_for}</p>
      <p>{texts.what_to_prepare}</p>
      <p>{texts.report_time}</p>
      {sent ? <p role="status">{texts.success_message}</p> : (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="eval-times">{texts.preferred_times_label}</label>
            <textarea id="eval-times" rows={3} maxLength={MAX_TIMES} value={times} aria-invalid={Boolean(error)} aria-describedby={error ? 'eval-times-error' : undefined}
              onChange={(e) => { setTimes(e.target.value); setTouched(true); }} onBlur={() => setTouched(true)} />
            {error && <p id="eval-times-error" className="field-error">{error}</p>}
          </div>
          <div className="field">
            <label htmlFor="eval-notes">{texts.notes_label}</label>
            <textarea id="eval-notes" rows={5} maxLength={MAX_NOTES} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <button type="submit" className="button" disabled={busy}>{texts.submit_label}</button>
        </form>
      )}
    </section>
  );
}
