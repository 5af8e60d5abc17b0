import { useState, type FormEvent } from 'react';
import { Link } from '../../app/history';
import { call } from '../../api/typed';
import { ApiError } from '../../api/errors';
import { Field } from '../../components/form/field';
import { confirmation, email, maxChars, password, required, useField } from '../../components/form/use-field';
import { fillNodes } from '../../i18n/fill';
import { messageText, useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

const name = (label: string) => (v: string) => required(label)(v) || maxChars(label, 20)(v);

/** SPEC §2 /register: an employee joins their company's programme with its company code. */
export default function RegisterPage() {
  const t = useT();
  const first = useField(name(t('field.first_name')));
  const last = useField(name(t('field.last_name')));
  const mail = useField(email);
  const pass = useField(password);
  const confirm = useField(confirmation(pass.value, 'form.passwords_differ'));
  const code = useField((v) => required(t('field.company_code'))(v) || maxChars(t('field.company_code'), 10)(v));
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (![first, last, mail, pass, confirm, code].map((f) => f.check()).every(Boolean)) return;
    try {
      const { message } = await call(
        'register',
        {
          body: {
            first_name: first.value.trim(),
            last_name: last.value.trim(),
            email: mail.value.trim(),
            password: pass.value,
            password_confirmation: confirm.value,
            company_code: code.value.trim(),
          },
        },
        { quiet: true, noRefresh: true },
      );
      setDone(message ?? t('auth.register.done'));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('auth.register.failed'));
    }
  };
  if (done)
    return (
      <section>
        <h1>{t('auth.register.done_title')}</h1>
        <p role="status">{messageText(t, done)}</p>
        <p>
          <Link className="button" to={href('user_login')}>
            {t('auth.login.title')}
          </Link>
        </p>
      </section>
    );
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('auth.register.title')}</h1>
      {error && (
        <p className="form-error" role="alert">
          {messageText(t, error)}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <Field id="first_name" label={t('field.first_name')} autoComplete="given-name" error={first.error} {...first.inputProps} />
        <Field id="last_name" label={t('field.last_name')} autoComplete="family-name" error={last.error} {...last.inputProps} />
        <Field id="email" label={t('field.email')} type="email" autoComplete="email" error={mail.error} {...mail.inputProps} />
        <Field
          id="password"
          label={t('field.password')}
          type="password"
          autoComplete="new-password"
          error={pass.error}
          {...pass.inputProps}
        />
        <Field
          id="password_confirmation"
          label={t('field.confirm_password')}
          type="password"
          autoComplete="new-password"
          error={confirm.error}
          {...confirm.inputProps}
        />
        <Field id="company_code" label={t('field.company_code')} error={code.error} {...code.inputProps} />
        <button type="submit" className="button wide">
          {t('auth.register.submit')}
        </button>
      </form>
      <p>{fillNodes(t('auth.register.already'), { link: <Link to={href('user_login')}>{t('auth.login.title')}</Link> })}</p>
    </section>
  );
}
