import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../app/history';
import { call } from '../../api/typed';
import { Field } from '../../components/form/field';
import { confirmation, password, useField } from '../../components/form/use-field';
import { fillNodes } from '../../i18n/fill';
import { messageText, useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/** SPEC §2 /reset-password: a new password (at least 15 characters) from an e-mailed link. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const t = useT();
  const pass = useField(password);
  const confirm = useField(confirmation(pass.value, 'form.passwords_differ'));
  const [done, setDone] = useState('');
  const token = params.get('token') ?? '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (![pass.check(), confirm.check()].every(Boolean)) return;
    try {
      const { message } = await call(
        'reset_password',
        { body: { token, password: pass.value, password_confirmation: confirm.value } },
        { noRefresh: true },
      );
      setDone(message ?? t('msg.password_changed'));
    } catch {
      /* the toast explains */
    }
  };
  if (!token)
    return (
      <section>
        <h1>{t('auth.forgot.title')}</h1>
        <p>{fillNodes(t('auth.reset.incomplete'), { link: <Link to={href('forgot_password')}>{t('auth.reset.ask_new')}</Link> })}</p>
      </section>
    );
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('auth.reset.title')}</h1>
      {done ? (
        <p role="status">
          {messageText(t, done)} <Link to={href('user_login')}>{t('auth.login.title')}</Link>
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
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
          <button type="submit" className="button wide">
            {t('auth.reset.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
