import { ErrorActions } from './error-actions';
import { useT } from '../../i18n/texts';

/**
 * SPEC §8: the 404 view of unknown paths, disabled self-assessment, missing travel access and bad
 * redirects; the /page-not-found page (pages/errors/not-found.tsx) and pages that find nothing to
 * show for their address (the recommended-equipment catch-all) both render it. A signed-in user keeps
 * the signed-in header and gets a way back to their own start page (ErrorActions).
 */
export function NotFoundMessage() {
  const t = useT();
  return (
    <section className="error-page" aria-labelledby="page-heading">
      <p className="error-code">404</p>
      <h1 id="page-heading">{t('error.404.title')}</h1>
      <p>{t('error.404.text')}</p>
      <ErrorActions />
    </section>
  );
}
