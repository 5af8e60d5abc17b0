import type { ReactNode } from 'react';
import type { AppRoute } from '../../../generated/routes';
import { staysInBrandedArea } from '../../shared/link-access';
import { useSession } from '../session/store';
import { AdminLayout } from './admin-layout';
import { BrandedLayout } from './branded-layout';
import { HomeLayout } from './home-layout';
import { LoginLayout } from './login-layout';
import { UserLayout } from './user-layout';

/**
 * SPEC §2: layouts are chosen by route metadata. Two exceptions keep a signed-in user in their own
 * part of the product: the 403 and 404 pages keep the signed-in header (not the marketing one), and
 * the branded client's employees see the branded header and footer on every signed-in page
 * (SPEC §2 "Branded area": its own header and footer).
 */
export function Layout({ route, children }: { route: AppRoute; children: ReactNode }) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const errorPage = route.page.startsWith('errors/');
  const signedInPage = route.layout === 'user_dashboard' || (errorPage && !!user);
  if (signedInPage && staysInBrandedArea({ user, client })) return <BrandedLayout>{children}</BrandedLayout>;
  if (errorPage && user) return <UserLayout route={route}>{children}</UserLayout>;
  switch (route.layout) {
    case 'login':
      return <LoginLayout>{children}</LoginLayout>;
    case 'admin':
      return <AdminLayout route={route}>{children}</AdminLayout>;
    case 'branded':
      return <BrandedLayout>{children}</BrandedLayout>;
    case 'user_dashboard':
      return <UserLayout route={route}>{children}</UserLayout>;
    default:
      return <HomeLayout>{children}</HomeLayout>;
  }
}
