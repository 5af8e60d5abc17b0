import { Link } from 'react-router-dom';
import { landingPath } from '../../../shared/landing';
import { useSession } from '../../session/store';
import { AppLink } from '../links/app-link';

/**
 * The way out of an error page: a signed-in user goes back to their own start page and profile (in
 * the area they belong to); a visitor to the home page and the sign-in page.
 */
export function ErrorActions() {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  if (!user) return <p><Link className="button" to="/">Go to the home page</Link> <Link to="/user/login">Sign in</Link></p>;
  return (
    <p>
      <Link className="button" to={landingPath({ user, client })}>Go to your start page</Link>{' '}
      <AppLink to="/user/profile">Your profile</AppLink>
    </p>
  );
}
