import { useEffect, useId, useState, type ReactNode } from 'react';
import { useT } from '../i18n/texts';

/** The width below which the header's menu folds into the phone menu (styles/app.css uses the same). */
export const PHONE_QUERY = '(max-width: 800px)';

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return undefined;
    const query = matchMedia(PHONE_QUERY);
    const change = () => setPhone(query.matches);
    change();
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return phone;
}

/**
 * A page's filter form: open on a desktop; on a phone folded behind a "Filters" button (a
 * disclosure: aria-expanded, aria-controls) so the figures come first on a small screen.
 *
 * @example
 *   <FilterPanel><form className="activity-filters">…</form></FilterPanel>
 */
export function FilterPanel({ children }: { children: ReactNode }) {
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const id = useId();
  const t = useT();
  const shown = !phone || open;
  return (
    <div className="filter-panel">
      {phone && (
        <button type="button" className="filter-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {t('shell.filters')}
        </button>
      )}
      <div id={id} hidden={!shown}>
        {children}
      </div>
    </div>
  );
}
