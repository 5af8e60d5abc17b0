import { useState } from 'react';
import { call } from '../../../api/typed';
import type { EvaluationReply } from './evaluation-types';
import { evaluationStatus, transitionLabel } from '../../../components/reports/status-labels';
import { useT } from '../../../i18n/texts';

/**
 * The moves the caller may make now, as the server lists them from manifest/workflows/evaluation.yaml
 * (nothing here names a transition). A move that needs a reason (Re-Review comments, a Decline
 * reason) asks for it before it is sent.
 */
export function EvaluationActions({
  evaluation,
  transitions,
  onDone,
}: {
  evaluation: EvaluationReply['evaluation'];
  transitions: EvaluationReply['transitions'];
  onDone: (message: string) => void;
}) {
  const t = useT();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The author's own moves (submit, resubmit) are made on the writing page.
  if (transitions.length === 0) return <p>{t('staff.ea.nothing')}</p>;
  const fire = async (name: string, needsReason: boolean) => {
    const reason = (reasons[name] ?? '').trim();
    if (needsReason && !reason) {
      setErrors({ ...errors, [name]: t('staff.ea.reason_first') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { data } = await call('evaluation_transition', {
        params: { id: evaluation.id },
        body: { transition: name, version: evaluation.version, ...(reason ? { reason } : {}) },
      });
      setReasons({});
      onDone(data ? t('msg.evaluation.now_in_state', { state: evaluationStatus(t, data.state) }) : t('staff.ea.done'));
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="evaluation-actions" aria-labelledby="actions-heading">
      <h2 id="actions-heading">{t('staff.ea.title')}</h2>
      {transitions.map((move) => (
        <div key={move.name} className="evaluation-row">
          {move.needs_reason && (
            <div className="evaluation-field" style={{ flexBasis: '100%' }}>
              <label htmlFor={`reason-${move.name}`}>{t('staff.ea.reason', { action: transitionLabel(t, move.name) })}</label>
              <textarea
                id={`reason-${move.name}`}
                rows={3}
                maxLength={2000}
                required
                aria-invalid={Boolean(errors[move.name])}
                aria-describedby={errors[move.name] ? `reason-${move.name}-error` : undefined}
                value={reasons[move.name] ?? ''}
                onChange={(e) => setReasons({ ...reasons, [move.name]: e.target.value })}
              />
              {errors[move.name] && (
                <span id={`reason-${move.name}-error`} className="field-error" role="alert">
                  {errors[move.name]}
                </span>
              )}
            </div>
          )}
          <button type="button" className="button" disabled={busy} onClick={() => void fire(move.name, move.needs_reason)}>
            {transitionLabel(t, move.name)}
          </button>
        </div>
      ))}
    </section>
  );
}
