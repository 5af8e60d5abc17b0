import type { ReactNode } from 'react';
import type { AppRoute } from '../../../generated/routes';
import { sidebarLinks } from '../../shared/menus';
import { Sidebar } from '../menus/sidebar';
import { useSession } from '../session/store';
import { Chrome } from './chrome';
import { SignedInHeader } from './user-layout';
import { useT } from '../i18n/texts';
import { href } from '../../../generated/routes';

/** SPEC §2 layout "admin": the admin sidebar shows what the user may use. */
export function AdminLayout({ children }: { route: AppRoute; children: ReactNode }) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const t = useT();
  const links = sidebarLinks({ user, client }, 'admin');
  // On a phone the sidebar is hidden and its entries are in the header's phone menu.
  return (
    <Chrome className="layout-admin" header={<SignedInHeader home={href('admin')} sidebar={links} />}>
      <div className="with-sidebar">
        <Sidebar label={t('shell.sidebar_admin')} links={links} />
        <div className="page">{children}</div>
      </div>
    </Chrome>
  );
}
