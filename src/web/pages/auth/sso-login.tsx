import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../app/history';
import { safeRedirect } from '../../../shared/safe-redirect';
import { rememberSignIn } from '../../session/storage';
import { Field } from '../../components/form/field';
import { startSso } from './sso-start';
import { email, useField } from '../../components/form/use-field';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/**
 * SPEC §2 /user/sso-login: the work e-mail picks the company; the person then signs in at their
 * company's OpenID provider. A domain shared by several companies goes to the client selection
 * screen, an unknown one to the SSO error page.
 */
export default function SsoLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const t = useT();
  const mail = useField(email);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!mail.check()) return;
    setBusy(true);
    const address = mail.value.trim();
    try {
      const answer = await startSso(address, { redirect: safeRedirect(params.get('redirect')) });
      if (answer.authorization_url) return; // the browser is on its way to the provider
      rememberSignIn('sso', address);
      navigate(answer.redirect ?? href('sso_login_error', { error: 'unknown-domain' }));
    } catch {
      setBusy(false); /* the toast explains */
    }
  };
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('auth.sso.title')}</h1>
      <p>{t('auth.sso.intro')}</p>
      <form onSubmit={submit} noValidate>
        <Field id="email" label={t('field.work_email')} type="email" autoComplete="username" error={mail.error} {...mail.inputProps} />
        <button type="submit" className="button wide" disabled={busy}>
          {busy ? t('auth.sso.busy') : t('auth.continue')}
        </button>
      </form>
      <p>
        <Link to={href('user_login')}>{t('auth.sso_error.password')}</Link>
      </p>
    </section>
  );
}
