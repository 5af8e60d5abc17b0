/** SPEC §2 full-page loader: covers the page while the session loads, on logout and client switch. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="full-page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
