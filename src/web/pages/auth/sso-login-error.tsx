import { Link } from '../../app/history';
import { SSO_ERRORS } from '../../../shared/sso-errors';
import type { PageProps } from '../../app/page-props';
import type { InterfaceKey } from '../../i18n/keys';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/**
 * SPEC §2 /user/sso-login-error/{error} and §8 "SSO failure": a plain message per error code.
 * Only known codes put words on the page; anything else shows the generic message.
 */
export default function SsoLoginErrorPage({ params }: PageProps) {
  const t = useT();
  // The same rule as ssoErrorMessage: only known codes choose the words (sso.<code> in content/interface).
  const key: InterfaceKey =
    params.error && Object.hasOwn(SSO_ERRORS, params.error) ? (`sso.${params.error}` as InterfaceKey) : 'sso.generic';
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('auth.sso_error.title')}</h1>
      <p role="alert">{t(key)}</p>
      <p>
        <Link className="button" to={href('sso_login')}>
          {t('auth.sso_error.retry')}
        </Link>
      </p>
      <p>
        <Link to={href('user_login')}>{t('auth.sso_error.password')}</Link>
      </p>
    </section>
  );
}
