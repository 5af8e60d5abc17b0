import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { actionsWaitingGrid } from '../../../../generated/grids';
import { actionWorkflow, type ActionState } from '../../../../generated/workflows';
import { stateOf } from '../../../shared/workflow';
import { ACTION_NOTE_MAX, actionStateKey, actionTransitionKey } from '../../../shared/actions/action-rules';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useT } from '../../i18n/texts';

type Row = ApiResponse<'actions_waiting_list'>['rows'][number];

/**
 * SPEC §1 "from finding to fixed": the corrective actions whose employee asked for help or found them
 * not possible, of the clients the reader serves (the client's programme manager, our evaluators
 * assigned to it), oldest first (manifest/grids/actions_waiting.yaml). Each is closed with a reason
 * the employee reads on their own list.
 */
export default function ActionsWaitingPage(_props: PageProps) {
  const t = useT();
  const [closing, setClosing] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState('');
  const missing = !reason.trim();
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  // The form opens above the list: the reader who chose a row far down is taken to it.
  useEffect(() => {
    if (closing) reasonBox.current?.focus();
  }, [closing]);

  const close = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!closing || missing) return;
    setBusy(true);
    try {
      await call('action_close', { params: { id: String(closing.id) }, body: { reason: reason.trim() } });
      setMessage(t('staff.actions.closed', { title: closing.title, employee: closing.employee }));
    } catch {
      /* the API client shows the server's message (closed by someone else: 409) */
    } finally {
      setBusy(false);
      setClosing(null);
      setReason('');
      setTouched(false);
      setVersion((v) => v + 1);
    }
  };

  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('staff.actions.title')}</h1>
      <p>{t('staff.actions.intro')}</p>
      {message && <p role="status">{message}</p>}
      {closing && (
        <form className="report-page" onSubmit={close} noValidate aria-labelledby="close-heading">
          <h2 id="close-heading">{t('staff.actions.close_heading', { title: closing.title, employee: closing.employee })}</h2>
          {closing.note && (
            <p>
              <strong>{t('grid.actions_waiting.note')}:</strong> {closing.note}
            </p>
          )}
          <label htmlFor="close-reason">{t('staff.actions.reason')}</label>
          <textarea
            ref={reasonBox}
            id="close-reason"
            rows={3}
            maxLength={ACTION_NOTE_MAX}
            value={reason}
            aria-invalid={touched && missing}
            aria-describedby={touched && missing ? 'close-reason-error' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {touched && missing && (
            <p id="close-reason-error" className="field-error" role="alert">
              {t('staff.actions.reason_required')}
            </p>
          )}
          <p>
            <button type="submit" className="button" disabled={busy}>
              {t(actionTransitionKey('close'))}
            </button>{' '}
            <button type="button" className="button secondary" disabled={busy} onClick={() => setClosing(null)}>
              {t('staff.actions.cancel')}
            </button>
          </p>
        </form>
      )}
      {/* Each row is several lines of the employee's own words: the list runs down the page rather than
          in a box that cuts a row off at its foot. */}
      <div className="grid-in-page">
        <ManifestGrid
          grid={actionsWaitingGrid}
          idPrefix="actions"
          refresh={version}
          cells={{
            state: (value) => {
              const code = String(value) as ActionState;
              return stateOf(actionWorkflow, code) ? t(actionStateKey(code)) : String(value);
            },
          }}
          onAction={(button, row) => {
            if (button !== 'close') return;
            setMessage('');
            setClosing(row);
          }}
        />
      </div>
    </section>
  );
}
