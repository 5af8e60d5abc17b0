import { ErrorActions } from '../../components/errors/error-actions';
import { useT } from '../../i18n/texts';

/** SPEC §6 / §8: a route whose permission the user does not hold sends them here (403). */
export default function NoAccessPage() {
  const t = useT();
  return (
    <section className="error-page" aria-labelledby="page-heading">
      <p className="error-code">403</p>
      <h1 id="page-heading">{t('error.403.title')}</h1>
      <p>{t('error.403.text')}</p>
      <ErrorActions />
    </section>
  );
}
