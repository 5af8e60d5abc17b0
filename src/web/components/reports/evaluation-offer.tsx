import { Link } from '../../app/history';
import { menuEnabled } from '../../../shared/session-facts';
import { useSession } from '../../session/store';
import { useT } from '../../i18n/texts';
import { useLinkTarget } from '../links/app-link';
import { href } from '../../../../generated/routes';

/**
 * The way from a worrying self-assessment result to an ergonomist (SPEC §1 one-to-one virtual
 * evaluations): at a moderate or high risk, a "Request a one-to-one evaluation" button, shown only
 * where the client offers evaluations (its Request An Evaluation menu item is on, SPEC §2, and the
 * request page is one the employee may open: link-access.ts), on the report and on the home page.
 */
export function EvaluationOffer({ band }: { band: 'low' | 'moderate' | 'high' }) {
  const t = useT();
  const target = useLinkTarget();
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const to = target(href('schedule_eval'));
  if (band === 'low' || !to || !menuEnabled({ user, client }, 'RequestAnEvaluation')) return null;
  return (
    <section className="panel evaluation-offer" aria-labelledby="evaluation-offer-heading">
      <h2 id="evaluation-offer-heading">{t('eval_offer.heading')}</h2>
      <p>
        {t(band === 'high' ? 'eval_offer.text_high' : 'eval_offer.text_moderate')} {t('eval_offer.report_time')}
      </p>
      <p>
        <Link className="button" to={to}>
          {t('eval_offer.button')}
        </Link>
      </p>
    </section>
  );
}
