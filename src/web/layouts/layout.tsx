import type { ReactNode } from 'react';
import type { AppRoute } from '../../../generated/routes';
import { AdminLayout } from './admin-layout';
import { BrandedLayout } from './branded-layout';
import { HomeLayout } from './home-layout';
import { LoginLayout } from './login-layout';
import { UserLayout } from './user-layout';

/** SPEC §2: layouts are chosen by route metadata. */
export function Layout({ route, children }: { route: AppRoute; children: ReactNode }) {
  switch (route.layout) {
    case 'login': return <LoginLayout>{children}</LoginLayout>;
    case 'admin': return <AdminLayout route={route}>{children}</AdminLayout>;
    case 'branded': return <BrandedLayout>{children}</BrandedLayout>;
    case 'user_dashboard': return <UserLayout route={route}>{children}</UserLayout>;
    default: return <HomeLayout>{children}</HomeLayout>;
  }
}
