import { Link } from '../../app/history';
import { landingPath } from '../../../shared/landing';
import { useSession } from '../../session/store';
import { AppLink } from '../links/app-link';
import { useT } from '../../i18n/texts';

/**
 * The way out of an error page: a signed-in user goes back to their own start page and profile (in
 * the area they belong to); a visitor to the home page and the sign-in page.
 */
export function ErrorActions() {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const t = useT();
  if (!user)
    return (
      <p>
        <Link className="button" to="/">
          {t('error.home')}
        </Link>{' '}
        <Link to="/user/login">{t('shell.sign_in')}</Link>
      </p>
    );
  return (
    <p>
      <Link className="button" to={landingPath({ user, client })}>
        {t('error.start')}
      </Link>{' '}
      <AppLink to="/user/profile">{t('profile.title')}</AppLink>
    </p>
  );
}
