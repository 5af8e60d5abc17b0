import type { InputHTMLAttributes } from 'react';

/** A labelled input whose error is tied to it with aria-describedby. */
export function Field({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
