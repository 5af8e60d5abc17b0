import { useEffect } from 'react';
import { useSession } from '../../session/store';
import { FullPageLoader } from '../../shell/full-page-loader';

/** SPEC §2 /logout runs the SPEC §4 logout flow. */
export default function LogoutPage() {
  const logout = useSession((s) => s.logout);
  const status = useSession((s) => s.status);
  useEffect(() => { if (status === 'authenticated') void logout(); }, [status, logout]);
  if (status === 'guest') return <section><h1>You are signed out</h1><p><a href="/user/login">Sign in again</a></p></section>;
  return <FullPageLoader label="Signing out" />;
}
