import { ErrorActions } from './error-actions';

/**
 * SPEC §8: the 404 view of unknown paths, disabled self-assessment, missing travel access and bad
 * redirects; the /page-not-found page (pages/errors/not-found.tsx) and pages that find nothing to
 * show for their address (the recommended-equipment catch-all) both render it. A signed-in user keeps
 * the signed-in header and gets a way back to their own start page (ErrorActions).
 */
export function NotFoundMessage() {
  return (
    <section className="error-page" aria-labelledby="page-heading">
      <p className="error-code">404</p>
      <h1 id="page-heading">Page not found</h1>
      <p>The page you asked for does not exist, or it is not part of your company's programme.</p>
      <ErrorActions />
    </section>
  );
}
