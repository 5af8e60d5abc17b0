import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../../shared/safe-redirect';
import { rememberSignIn } from '../../session/storage';
import { Field } from '../../components/form/field';
import { startSso } from './sso-start';
import { email, useField } from '../../components/form/use-field';

/**
 * SPEC §2 /user/sso-login: the work e-mail picks the company; the person then signs in at their
 * company's OpenID provider. A domain shared by several companies goes to the client selection
 * screen, an unknown one to the SSO error page.
 */
export default function SsoLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
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
      navigate(answer.redirect ?? '/user/sso-login-error/unknown-domain');
    } catch { setBusy(false); /* the toast explains */ }
  };
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Sign in with your company account</h1>
      <p>Enter your work e-mail address. We will send you to your company's sign-in page and bring you back here.</p>
      <form onSubmit={submit} noValidate>
        <Field id="email" label="Work email" type="email" autoComplete="username" error={mail.error} {...mail.inputProps} />
        <button type="submit" className="button wide" disabled={busy}>{busy ? 'Contacting your company…' : 'Continue'}</button>
      </form>
      <p><Link to="/user/login">Sign in with a password instead</Link></p>
    </section>
  );
}
