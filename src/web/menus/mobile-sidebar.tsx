import { useEffect, useRef } from 'react';
import { NavLink } from '../app/history';
import type { MenuLink } from '../../shared/menus';
import { useSession } from '../session/store';
import { menuLabel } from '../i18n/menu-label';
import { useT } from '../i18n/texts';

/**
 * SPEC §2 mobile slide-out sidebar: a modal panel listing every menu the desktop header shows
 * (menus.ts mobileMenuLinks) and Logout. Keyboard use follows the WAI-ARIA dialog pattern: focus
 * moves into the panel when it opens, Tab stays inside it, Escape closes it, and focus returns to
 * the button that opened it.
 *
 * @example
 *   <MobileSidebar links={mobileMenuLinks(s, site)} open={open} onClose={() => setOpen(false)} returnFocus={toggle} />
 */
export function MobileSidebar({
  links,
  open,
  onClose,
  returnFocus,
}: {
  links: readonly MenuLink[];
  open: boolean;
  onClose: () => void;
  returnFocus?: React.RefObject<HTMLElement | null>;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const logout = useSession((s) => s.logout);
  const signedIn = useSession((s) => !!s.user);
  const t = useT();
  useEffect(() => {
    if (!open) return undefined;
    const opener = returnFocus?.current ?? null;
    panel.current?.querySelector<HTMLElement>('nav a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        onClose();
        return;
      }
      if (e.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Back to the Menu button that opened the panel (it stays in the header across pages).
      if (opener?.isConnected) opener.focus();
    };
  }, [open, onClose, returnFocus]);
  if (!open) return null;
  return (
    <div className="mobile-sidebar-backdrop" onClick={onClose}>
      <div
        className="mobile-sidebar"
        id="mobile-sidebar"
        role="dialog"
        aria-modal="true"
        aria-label={t('shell.menu')}
        ref={panel}
        onClick={(e) => e.stopPropagation()}
      >
        <button type="button" className="close-button" onClick={onClose} aria-label={t('shell.close_menu')}>
          ×
        </button>
        <nav aria-label={t('shell.nav_mobile')}>
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                {l.newTab ? (
                  <a href={l.to} target="_blank" rel="noopener" onClick={onClose}>
                    {menuLabel(t, l.label)}
                    <span className="visually-hidden"> {t('shell.new_tab')}</span>
                  </a>
                ) : (
                  <NavLink to={l.to} end onClick={onClose}>
                    {menuLabel(t, l.label)}
                  </NavLink>
                )}
              </li>
            ))}
            {signedIn && (
              <li>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    onClose();
                    void logout();
                  }}
                >
                  {t('menu.logout')}
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </div>
  );
}
