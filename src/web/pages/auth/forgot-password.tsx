import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { apiPost } from '../../api/client';
import { Field } from '../../components/form/field';
import { email, useField } from '../../components/form/use-field';

/** SPEC §2 /forgot-password: the same answer whatever the e-mail, so accounts cannot be discovered. */
export default function ForgotPasswordPage() {
  const mail = useField(email);
  const [sent, setSent] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!mail.check()) return;
    try {
      const { message } = await apiPost('/sendpasswordlink', { email: mail.value.trim() }, { noRefresh: true });
      setSent(message ?? 'If an account exists for that address, a reset link is on its way.');
    } catch { /* the toast explains */ }
  };
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Reset your password</h1>
      {sent ? <p role="status">{sent}</p> : (
        <form onSubmit={submit} noValidate>
          <Field id="email" label="Email" type="email" autoComplete="email" error={mail.error} {...mail.inputProps} />
          <button type="submit" className="button wide">Send reset link</button>
        </form>
      )}
      <p><Link to="/user/login">Back to sign in</Link></p>
    </section>
  );
}
