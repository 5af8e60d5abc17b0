import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiPost } from '../../api/client';
import { Field } from '../../components/form/field';
import { password, useField } from '../../components/form/use-field';

/** SPEC §2 /reset-password: a new password (at least 15 characters) from an e-mailed link. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const pass = useField(password);
  const confirm = useField((v) => (!v ? 'Confirm password field is required' : v !== pass.value ? 'The passwords do not match.' : ''));
  const [done, setDone] = useState('');
  const token = params.get('token') ?? '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (![pass.check(), confirm.check()].every(Boolean)) return;
    try {
      const { message } = await apiPost('/reset-password', { token, password: pass.value, password_confirmation: confirm.value }, { noRefresh: true });
      setDone(message ?? 'Your password has been changed.');
    } catch { /* the toast explains */ }
  };
  if (!token) return <section><h1>Reset your password</h1><p>This link is incomplete. <Link to="/forgot-password">Ask for a new one</Link>.</p></section>;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Choose a new password</h1>
      {done ? <p role="status">{done} <Link to="/user/login">Sign in</Link></p> : (
        <form onSubmit={submit} noValidate>
          <Field id="password" label="Password" type="password" autoComplete="new-password" error={pass.error} {...pass.inputProps} />
          <Field id="password_confirmation" label="Confirm password" type="password" autoComplete="new-password" error={confirm.error} {...confirm.inputProps} />
          <button type="submit" className="button wide">Change password</button>
        </form>
      )}
    </section>
  );
}
