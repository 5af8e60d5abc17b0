import { useT } from '../i18n/texts';

/** SPEC §2 full-page loader: covers the page while the session loads, on logout and client switch. */
export function FullPageLoader({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="full-page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('shell.loading')}</span>
    </div>
  );
}
