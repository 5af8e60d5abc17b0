import { useState, type FormEvent } from 'react';
import { Link } from '../../app/history';
import { shellCall } from '../../api/shell-call';
import { Field } from '../../components/form/field';
import { email, useField } from '../../components/form/use-field';
import { messageText, useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/** SPEC §2 /forgot-password: the same answer whatever the e-mail, so accounts cannot be discovered. */
export default function ForgotPasswordPage() {
  const t = useT();
  const mail = useField(email);
  const [sent, setSent] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!mail.check()) return;
    try {
      const { message } = await shellCall('send_password_link', { body: { email: mail.value.trim() } }, { noRefresh: true });
      setSent(message ?? t('auth.forgot.sent'));
    } catch {
      /* the toast explains */
    }
  };
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('auth.forgot.title')}</h1>
      {sent ? (
        <p role="status">{messageText(t, sent)}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field id="email" label={t('field.email')} type="email" autoComplete="email" error={mail.error} {...mail.inputProps} />
          <button type="submit" className="button wide">
            {t('auth.forgot.submit')}
          </button>
        </form>
      )}
      <p>
        <Link to={href('user_login')}>{t('auth.back_to_sign_in')}</Link>
      </p>
    </section>
  );
}
