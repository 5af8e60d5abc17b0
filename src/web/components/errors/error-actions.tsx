import { Link } from '../../app/history';
import { landingPath } from '../../../shared/landing';
import { useSession } from '../../session/store';
import { AppLink } from '../links/app-link';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

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
        <Link className="button" to={href('home')}>
          {t('error.home')}
        </Link>{' '}
        <Link to={href('user_login')}>{t('shell.sign_in')}</Link>
      </p>
    );
  return (
    <p>
      <Link className="button" to={landingPath({ user, client })}>
        {t('error.start')}
      </Link>{' '}
      <AppLink to={href('profile')}>{t('profile.title')}</AppLink>
    </p>
  );
}
