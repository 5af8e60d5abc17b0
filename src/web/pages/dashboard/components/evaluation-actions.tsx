import { useState } from 'react';
import { call } from '../../../api/typed';
import type { EvaluationReply } from './evaluation-types';

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
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The author's own moves (submit, resubmit) are made on the writing page.
  if (transitions.length === 0) return <p>There is nothing for you to do on this report now.</p>;
  const fire = async (name: string, needsReason: boolean) => {
    const reason = (reasons[name] ?? '').trim();
    if (needsReason && !reason) {
      setErrors({ ...errors, [name]: 'Write the reason first.' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { message } = await call('evaluation_transition', {
        params: { id: evaluation.id },
        body: { transition: name, version: evaluation.version, ...(reason ? { reason } : {}) },
      });
      setReasons({});
      onDone(message ?? 'Done.');
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="evaluation-actions" aria-labelledby="actions-heading">
      <h2 id="actions-heading">What you can do</h2>
      {transitions.map((t) => (
        <div key={t.name} className="evaluation-row">
          {t.needs_reason && (
            <div className="evaluation-field" style={{ flexBasis: '100%' }}>
              <label htmlFor={`reason-${t.name}`}>Reason to “{t.label}” (required)</label>
              <textarea
                id={`reason-${t.name}`}
                rows={3}
                maxLength={2000}
                required
                aria-invalid={Boolean(errors[t.name])}
                aria-describedby={errors[t.name] ? `reason-${t.name}-error` : undefined}
                value={reasons[t.name] ?? ''}
                onChange={(e) => setReasons({ ...reasons, [t.name]: e.target.value })}
              />
              {errors[t.name] && (
                <span id={`reason-${t.name}-error`} className="field-error" role="alert">
                  {errors[t.name]}
                </span>
              )}
            </div>
          )}
          <button type="button" className="button" disabled={busy} onClick={() => void fire(t.name, t.needs_reason)}>
            {t.label}
          </button>
        </div>
      ))}
    </section>
  );
}
