import { ErrorActions } from '../../components/errors/error-actions';

/** SPEC §6 / §8: a route whose permission the user does not hold sends them here (403). */
export default function NoAccessPage() {
  return (
    <section className="error-page" aria-labelledby="page-heading">
      <p className="error-code">403</p>
      <h1 id="page-heading">No access granted</h1>
      <p>Your account does not have permission to open this page. If you think it should, ask your programme manager or administrator.</p>
      <ErrorActions />
    </section>
  );
}
