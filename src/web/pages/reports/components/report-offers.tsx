import { lazy, Suspense, useState } from 'react';
import { call } from '../../../api/typed';
import type { EquipmentState } from '../../../../../generated/workflows';
import { equipmentStateKey, formatMoney } from '../../../../shared/equipment/equipment-rules';
import { offersFor, type Offer } from '../../../components/equipment/offer-match';
import { AppLink } from '../../../components/links/app-link';
import { useLocale, useT } from '../../../i18n/texts';
import { callAllowed } from '../../../session/can-call';
import { useSession } from '../../../session/store';
import { href } from '../../../../../generated/routes';
import type { ReportOffers } from './report-offer-slot';
import './report-offers.css';

/** The request form loads when an item is asked for, so the report stays within its page weight (docs/architecture.md "Page weight"). */
const RequestForm = lazy(() => import('../../../components/equipment/request-form').then((m) => ({ default: m.RequestForm })));

/**
 * docs/product.md "Equipment": the items of the reader's client's catalogue that answer a report's
 * findings or recommendations (`keys`: the actions' finding keys), with the reader's live action of
 * each key, which ties a request to the recommendation it answers; null for a reader who may not request.
 */
export async function loadReportOffers(keys: string, language: string): Promise<ReportOffers | null> {
  const { user, client } = useSession.getState();
  if (!callAllowed('equipment_offers', user, client)) return null;
  const [offers, actions] = await Promise.all([
    call('equipment_offers', { query: { keys, lang: language } }, { quiet: true }),
    // One live action per finding key (migration 033), so the map is exact; without it the request stands alone.
    call('my_actions_list', { query: { state: 'live', size: '100' } }, { quiet: true }).catch(() => null),
  ]);
  return { offers: offers.data.items, actionOf: new Map(actions?.data.rows.map((a) => [a.finding_key, a.id])) };
}

/** Under one finding or recommendation: "Request" per item answering it, or what became of the request. */
export default function ReportOfferList({ found, findingKey, idPrefix }: { found: ReportOffers; findingKey: string; idPrefix: string }) {
  const t = useT();
  const offers = offersFor(found.offers, findingKey);
  if (offers.length === 0) return null;
  return (
    <div className="report-offers">
      <p className="report-offers-heading">{t('equipment.offers.heading')}</p>
      <ul>
        {offers.map((o) => (
          <ReportOffer key={o.id} offer={o} actionId={found.actionOf.get(findingKey)} idPrefix={`${idPrefix}-${o.id}`} />
        ))}
      </ul>
    </div>
  );
}

function ReportOffer({ offer: o, actionId, idPrefix }: { offer: Offer; actionId?: number; idPrefix: string }) {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState(o.open_request as EquipmentState | null);
  const [open, setOpen] = useState(false);
  return (
    <li className="report-offer">
      <span className="report-offer-item">
        <strong>{o.name}</strong> <span className="report-offer-price">{formatMoney(o.price_cents, o.currency, locale)}</span>
      </span>
      {state ? (
        <span role="status" className="report-offer-state">
          {t('equipment.offers.requested_state', { state: t(equipmentStateKey(state)) })} ·{' '}
          <AppLink to={href('my_equipment')}>{t('equipment.offers.see_mine')}</AppLink>
        </span>
      ) : !open ? (
        <button
          type="button"
          className="button secondary report-offer-request"
          aria-label={t('equipment.offers.request', { item: o.name })}
          disabled={!o.available}
          onClick={() => setOpen(true)}
        >
          {t('equipment.offers.request_short')}
        </button>
      ) : null}
      {!state && !o.available && <span className="muted">{t('equipment.offers.none_left')}</span>}
      {!state && open && (
        <Suspense fallback={<p role="status">{t('equipment.offers.form_loading')}</p>}>
          <RequestForm
            offer={o}
            actionId={actionId}
            idPrefix={idPrefix}
            onSent={(data) => {
              setState(data.state);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      )}
    </li>
  );
}
