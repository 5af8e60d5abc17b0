import { useRef, useState, type FormEvent } from 'react';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS, emitToast } from '../../../api/toast-bus';
import { Field } from '../../../components/form/field';
import { email, password, required, useField } from '../../../components/form/use-field';
import { Dialog } from '../../../popups/dialog';

/**
 * The interactive parts of the style guide (/user/style_guide): each uses the product's real
 * component, so what a reader tries here is what a page built from it does. Nothing is sent.
 */

/** SPEC §5: fields validated on input and blur, checked again before saving. */
export function FieldDemo() {
  const name = useField(required('First Name'));
  const mail = useField(email);
  const secret = useField(password);
  const [summary, setSummary] = useState('');
  const save = (e: FormEvent) => {
    e.preventDefault();
    const valid = [name.check(), mail.check(), secret.check()].every(Boolean);
    setSummary(valid ? '' : 'Please correct the fields marked below.');
    if (valid) emitToast({ message: 'Saved (example only: nothing was sent)', variant: 'success', duration: SUCCESS_TOAST_MS });
  };
  return (
    <form className="style-guide-example" onSubmit={save} noValidate aria-label="Example form">
      {summary && (
        <p className="form-error" role="alert">
          {summary}
        </p>
      )}
      <Field id="guide-first-name" label="First Name" error={name.error} autoComplete="off" {...name.inputProps} />
      <Field id="guide-email" label="Email" type="email" error={mail.error} autoComplete="off" {...mail.inputProps} />
      <Field id="guide-password" label="Password" type="password" error={secret.error} autoComplete="new-password" {...secret.inputProps} />
      <button type="submit" className="button">
        Save
      </button>
    </form>
  );
}

/** SPEC §8 / §9: success toasts stay 2 s, error toasts 5 s, top-right. */
export function ToastDemo() {
  return (
    <div className="style-guide-row">
      <button
        type="button"
        className="button"
        onClick={() => emitToast({ message: 'Your profile was saved.', variant: 'success', duration: SUCCESS_TOAST_MS })}
      >
        Show a success toast
      </button>
      <button
        type="button"
        className="button secondary"
        onClick={() => emitToast({ message: 'API Error, please try again.', variant: 'error', duration: ERROR_TOAST_MS })}
      >
        Show an error toast
      </button>
    </div>
  );
}

/** SPEC §2 Popups: a labelled modal that keeps focus inside and locks the page's scroll. */
export function DialogDemo() {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const close = (result: string) => {
    setOpen(false);
    setAnswer(result);
    opener.current?.focus();
  };
  return (
    <div>
      <button type="button" className="button" ref={opener} onClick={() => setOpen(true)}>
        Open an example dialog
      </button>
      {answer && <p role="status">You chose: {answer}.</p>}
      {open && (
        <Dialog title="Leave without saving?" onEscape={() => close('stay (Escape)')}>
          <p>Your answers in this section have not been saved yet. Saved sections are kept.</p>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => close('stay')}>
              Stay on the page
            </button>
            <button type="button" className="button" onClick={() => close('leave')}>
              Leave
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
