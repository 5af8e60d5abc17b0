import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { apiPost } from '../../api/client';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { Field } from '../../components/form/field';
import { password, required, useField } from '../../components/form/use-field';

/** Change the password while signed in (SPEC §5: at least 15 characters); other sessions end. */
export default function ChangePasswordPage(_props: PageProps) {
  const current = useField(required('Current password'));
  const next = useField(password);
  const confirm = useField((v) => (!v ? 'Confirm password field is required' : v !== next.value ? 'The password confirmation does not match.' : ''));
  const [done, setDone] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (![current.check(), next.check(), confirm.check()].every(Boolean)) return;
    try {
      const { message } = await apiPost('/change-password', { current_password: current.value, password: next.value, password_confirmation: confirm.value });
      emitToast({ message: message ?? 'Password changed', variant: 'success', duration: SUCCESS_TOAST_MS });
      setDone(true);
    } catch { /* the toast explains */ }
  };
  return (
    <section className="content-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Change your password</h1>
      {done ? <p role="status">Your password has been changed and your other sessions have been signed out. <Link to="/user/profile">Back to your profile</Link></p> : (
        <form onSubmit={submit} noValidate>
          <Field id="current_password" label="Current password" type="password" autoComplete="current-password" error={current.error} {...current.inputProps} />
          <Field id="password" label="New password" type="password" autoComplete="new-password" error={next.error} {...next.inputProps} />
          <Field id="password_confirmation" label="Confirm password" type="password" autoComplete="new-password" error={confirm.error} {...confirm.inputProps} />
          <button type="submit" className="button">Change password</button>
        </form>
      )}
    </section>
  );
}
