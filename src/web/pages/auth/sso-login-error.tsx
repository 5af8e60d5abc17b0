import { Link } from 'react-router-dom';
import { ssoErrorMessage } from '../../../shared/sso-errors';
import type { PageProps } from '../../app/page-props';

/**
 * SPEC §2 /user/sso-login-error/{error} and §8 "SSO failure": a plain message per error code.
 * Only known codes put words on the page; anything else shows the generic message.
 */
export default function SsoLoginErrorPage({ params }: PageProps) {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">We could not sign you in</h1>
      <p role="alert">{ssoErrorMessage(params.error)}</p>
      <p><Link className="button" to="/user/sso-login">Try single sign-on again</Link></p>
      <p><Link to="/user/login">Sign in with a password instead</Link></p>
    </section>
  );
}
