import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { landingPath } from '../../../shared/landing';
import { safeRedirect } from '../../../shared/safe-redirect';
import { ApiError } from '../../api/errors';
import { useSession } from '../../session/store';
import { Field } from '../../components/form/field';
import { email, required, useField } from '../../components/form/use-field';

/** SPEC §2 /user/login: e-mail and password; a failed login comes back here carrying the error. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useSession((s) => s.login);
  const mail = useField(email);
  const pass = useField(required('Password'));
  const [error, setError] = useState(params.get('error') ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (![mail.check(), pass.check()].every(Boolean)) return;
    setBusy(true);
    try {
      await login({ email: mail.value.trim(), password: pass.value });
      const { user, client } = useSession.getState();
      navigate(safeRedirect(params.get('redirect')) ?? landingPath({ user, client }), { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Sign-in failed. Please try again.');
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Sign in</h1>
      {error && <p className="form-error" role="alert">{error}</p>}
      <form onSubmit={submit} noValidate>
        <Field id="email" label="Email" type="email" autoComplete="username" error={mail.error} {...mail.inputProps} />
        <Field id="password" label="Password" type="password" autoComplete="current-password" error={pass.error} {...pass.inputProps} />
        <button type="submit" className="button wide" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
      <p><Link to="/forgot-password">Forgot your password?</Link></p>
      <p><Link to="/user/sso-login">Sign in with your company account (SSO)</Link></p>
      <p>New here? <Link to="/register">Create an account</Link> with your company code.</p>
    </section>
  );
}
