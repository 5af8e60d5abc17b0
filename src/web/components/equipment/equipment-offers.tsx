import { useState } from 'react';
import { formatMoney } from '../../../shared/equipment/equipment-rules';
import { useLocale, useT } from '../../i18n/texts';
import { AppLink } from '../links/app-link';
import { href } from '../../../../generated/routes';
import type { Offer } from './offer-match';
import { RequestForm } from './request-form';
import './equipment.css';

export { offersFor, type Offer } from './offer-match';

/**
 * docs/product.md "Equipment": beside a finding or recommendation, the catalogue items of the reader's
 * client that answer it, each with "Request <item>" opening a small form (a delivery address or a
 * desk location, and a note). The server decides whether the request is approved at once.
 */
export function EquipmentOffers({ offers, actionId, idPrefix }: { offers: readonly Offer[]; actionId?: number; idPrefix: string }) {
  const t = useT();
  if (offers.length === 0) return null;
  return (
    <div className="equipment-offers">
      <h3 className="equipment-offers-heading">{t('equipment.offers.heading')}</h3>
      <ul>
        {offers.map((o) => (
          <OfferRow key={o.id} offer={o} actionId={actionId} idPrefix={`${idPrefix}-${o.id}`} />
        ))}
      </ul>
    </div>
  );
}

function OfferRow({ offer: o, actionId, idPrefix }: { offer: Offer; actionId?: number; idPrefix: string }) {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(o.open_request);
  const [auto, setAuto] = useState(false);

  return (
    <li className="equipment-offer">
      <div className="equipment-offer-head">
        {o.image && <img src={o.image} alt="" width={56} height={56} loading="lazy" />}
        <div>
          <strong>{o.name}</strong> <span className="equipment-price">{formatMoney(o.price_cents, o.currency, locale)}</span>
          {o.mode === 'loaned' && (
            <span className="equipment-loan"> · {t('equipment.offers.loan', { days: String(o.loan_days ?? '') })}</span>
          )}
          {o.description && <p className="equipment-offer-text">{o.description}</p>}
        </div>
      </div>
      {done ? (
        <p role="status" className="equipment-offer-done">
          {t(auto ? 'equipment.offers.approved' : done === 'requested' ? 'equipment.offers.waiting' : 'equipment.offers.open')}{' '}
          <AppLink to={href('my_equipment')}>{t('equipment.offers.see_mine')}</AppLink>
        </p>
      ) : !open ? (
        <button type="button" className="button secondary" onClick={() => setOpen(true)} disabled={!o.available}>
          {t('equipment.offers.request', { item: o.name })}
        </button>
      ) : (
        <RequestForm
          offer={o}
          actionId={actionId}
          idPrefix={idPrefix}
          onSent={(data) => {
            setDone(data.state);
            setAuto(data.auto_approved);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
      {!o.available && !done && <p className="equipment-offer-text">{t('equipment.offers.none_left')}</p>}
    </li>
  );
}
