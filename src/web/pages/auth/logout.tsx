import { useEffect } from 'react';
import { useSession } from '../../session/store';
import { FullPageLoader } from '../../shell/full-page-loader';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

/** SPEC §2 /logout runs the SPEC §4 logout flow. */
export default function LogoutPage() {
  const logout = useSession((s) => s.logout);
  const status = useSession((s) => s.status);
  const t = useT();
  useEffect(() => {
    if (status === 'authenticated') void logout();
  }, [status, logout]);
  if (status === 'guest')
    return (
      <section>
        <h1>{t('auth.logout.title')}</h1>
        <p>
          <a href={href('user_login')}>{t('auth.logout.again')}</a>
        </p>
      </section>
    );
  return <FullPageLoader label={t('auth.logout.busy')} />;
}
