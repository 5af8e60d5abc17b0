import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { apiPost } from '../../api/client';
import { ApiError } from '../../api/errors';
import { Field } from '../../components/form/field';
import { email, password, required, useField } from '../../components/form/use-field';

const name = (label: string) => (v: string) => required(label)(v) || (v.length > 20 ? `${label} may not be greater than 20 characters` : '');

/** SPEC §2 /register: an employee joins their company's programme with its company code. */
export default function RegisterPage() {
  const first = useField(name('First Name'));
  const last = useField(name('Last Name'));
  const mail = useField(email);
  const pass = useField(password);
  const confirm = useField((v) => (!v ? 'Confirm password field is required' : v !== pass.value ? 'The passwords do not match.' : ''));
  const code = useField((v) => required('Company Code')(v) || (v.length > 10 ? 'Company Code may not be greater than 10 characters' : ''));
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (![first, last, mail, pass, confirm, code].map((f) => f.check()).every(Boolean)) return;
    try {
      const { message } = await apiPost('/register', { first_name: first.value.trim(), last_name: last.value.trim(), email: mail.value.trim(), password: pass.value, password_confirmation: confirm.value, company_code: code.value.trim() }, { quiet: true, noRefresh: true });
      setDone(message ?? 'Thank you. You can now sign in with the e-mail address and password you chose.');
    } catch (err) { setError(err instanceof ApiError ? err.message : 'Registration failed.'); }
  };
  if (done) return <section><h1>Thank you for registering</h1><p role="status">{done}</p><p><Link className="button" to="/user/login">Sign in</Link></p></section>;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Create your account</h1>
      {error && <p className="form-error" role="alert">{error}</p>}
      <form onSubmit={submit} noValidate>
        <Field id="first_name" label="First Name" autoComplete="given-name" error={first.error} {...first.inputProps} />
        <Field id="last_name" label="Last Name" autoComplete="family-name" error={last.error} {...last.inputProps} />
        <Field id="email" label="Email" type="email" autoComplete="email" error={mail.error} {...mail.inputProps} />
        <Field id="password" label="Password" type="password" autoComplete="new-password" error={pass.error} {...pass.inputProps} />
        <Field id="password_confirmation" label="Confirm password" type="password" autoComplete="new-password" error={confirm.error} {...confirm.inputProps} />
        <Field id="company_code" label="Company Code" error={code.error} {...code.inputProps} />
        <button type="submit" className="button wide">Create account</button>
      </form>
      <p>Already registered? <Link to="/user/login">Sign in</Link></p>
    </section>
  );
}
