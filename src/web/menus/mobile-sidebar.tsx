import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import type { MenuLink } from '../../shared/menus';

/** SPEC §2 mobile slide-out sidebar: a modal panel, closed by Escape, the close button or a link. */
export function MobileSidebar({ links, open, onClose }: { links: readonly MenuLink[]; open: boolean; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') onClose(); };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="mobile-sidebar-backdrop" onClick={onClose}>
      <div className="mobile-sidebar" role="dialog" aria-modal="true" aria-label="Menu" ref={panel} onClick={(e) => e.stopPropagation()}>
        <button type="button" className="close-button" onClick={onClose} aria-label="Close menu">×</button>
        <nav aria-label="Mobile">
          <ul>{links.map((l) => <li key={l.to}><NavLink to={l.to} onClick={onClose}>{l.label}</NavLink></li>)}</ul>
        </nav>
      </div>
    </div>
  );
}
