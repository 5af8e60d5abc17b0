import { useState, type FormEvent } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { Field } from '../../components/form/field';
import { confirmation, password, required, useField } from '../../components/form/use-field';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/** Change the password while signed in (SPEC §5: at least 15 characters); other sessions end. */
export default function ChangePasswordPage(_props: PageProps) {
  const t = useT();
  const current = useField(required(t('field.current_password')));
  const next = useField(password);
  const confirm = useField(confirmation(next.value, 'form.confirmation_differs'));
  const [done, setDone] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (![current.check(), next.check(), confirm.check()].every(Boolean)) return;
    try {
      const { message } = await call('change_password', {
        body: { current_password: current.value, password: next.value, password_confirmation: confirm.value },
      });
      emitToast({ message: message ?? t('password.changed'), variant: 'success', duration: SUCCESS_TOAST_MS });
      setDone(true);
    } catch {
      /* the toast explains */
    }
  };
  return (
    <section className="content-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('profile.change_password')}</h1>
      {done ? (
        <p role="status">
          {t('password.done')} <Link to={href('profile')}>{t('password.back')}</Link>
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field
            id="current_password"
            label={t('field.current_password')}
            type="password"
            autoComplete="current-password"
            error={current.error}
            {...current.inputProps}
          />
          <Field
            id="password"
            label={t('field.new_password')}
            type="password"
            autoComplete="new-password"
            error={next.error}
            {...next.inputProps}
          />
          <Field
            id="password_confirmation"
            label={t('field.confirm_password')}
            type="password"
            autoComplete="new-password"
            error={confirm.error}
            {...confirm.inputProps}
          />
          <button type="submit" className="button">
            {t('auth.reset.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
