import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '../app/history';
import { profileMenuLinks } from '../../shared/menus';
import { useSession } from '../session/store';
import { FullPageLoader } from '../shell/full-page-loader';
import { menuLabel } from '../i18n/menu-label';
import { useT } from '../i18n/texts';

/** Its own chunk: only administrators who switch clients ever open it (page-weight bench targets). */
const ClientSwitchPopup = lazy(() => import('../popups/client-switch-popup').then((m) => ({ default: m.ClientSwitchPopup })));

/** SPEC §2 profile dropdown: Profile, Admin Dashboard, the dashboard entry, Switch Client, Logout. */
export function ProfileDropdown() {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const logout = useSession((s) => s.logout);
  const [open, setOpen] = useState(false);
  const [switching, setSwitching] = useState(false);
  const location = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const t = useT();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const onClick = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);
  if (!user) return null;
  const { links, switchClient } = profileMenuLinks({ user, client });
  return (
    <div className="profile-dropdown" ref={root}>
      <button type="button" className="profile-button" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="avatar" aria-hidden="true">
          {user.first_name.charAt(0)}
          {user.last_name.charAt(0)}
        </span>
        <span>{user.first_name}</span>
      </button>
      {open && (
        <ul className="dropdown-menu">
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{menuLabel(t, l.label)}</Link>
            </li>
          ))}
          {switchClient && (
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  setSwitching(true);
                }}
              >
                {t('shell.switch_client')}
              </button>
            </li>
          )}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                void logout();
              }}
            >
              {t('menu.logout')}
            </button>
          </li>
        </ul>
      )}
      {switching && (
        <Suspense fallback={<FullPageLoader label={t('shell.please_wait')} />}>
          <ClientSwitchPopup onClose={() => setSwitching(false)} />
        </Suspense>
      )}
    </div>
  );
}
