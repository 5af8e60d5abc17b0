import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../app/history';
import { landingPath } from '../../../shared/landing';
import { safeRedirect } from '../../../shared/safe-redirect';
import { ApiError } from '../../api/errors';
import { useSession } from '../../session/store';
import { Field } from '../../components/form/field';
import { email, required, useField } from '../../components/form/use-field';
import { fillNodes } from '../../i18n/fill';
import { messageText, useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/** SPEC §2 /user/login: e-mail and password; a failed login comes back here carrying the error. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useSession((s) => s.login);
  const t = useT();
  const mail = useField(email);
  const pass = useField(required(t('field.password')));
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
      setError(err instanceof ApiError ? err.message : t('auth.login.failed'));
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('auth.login.title')}</h1>
      {error && (
        <p className="form-error" role="alert">
          {messageText(t, error)}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <Field id="email" label={t('field.email')} type="email" autoComplete="username" error={mail.error} {...mail.inputProps} />
        <Field
          id="password"
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
          error={pass.error}
          {...pass.inputProps}
        />
        <button type="submit" className="button wide" disabled={busy}>
          {busy ? t('auth.login.busy') : t('auth.login.title')}
        </button>
      </form>
      <p>
        <Link to={href('forgot_password')}>{t('auth.login.forgot')}</Link>
      </p>
      <p>
        <Link to={href('sso_login')}>{t('auth.login.sso')}</Link>
      </p>
      <p>{fillNodes(t('auth.login.new_here'), { link: <Link to={href('register')}>{t('auth.login.create_account')}</Link> })}</p>
    </section>
  );
}
