import { ErrorActions } from './error-actions';

/** SPEC §8: unknown paths, disabled self-assessment, missing travel access and bad redirects land here. */
export default function NotFoundPage() {
  return (
    <section className="error-page" aria-labelledby="page-heading">
      <p className="error-code">404</p>
      <h1 id="page-heading">Page not found</h1>
      <p>The page you asked for does not exist, or it is not part of your company's programme.</p>
      <ErrorActions />
    </section>
  );
}
