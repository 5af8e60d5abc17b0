import { useState, type FormEvent } from 'react';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { bareFinding, EQUIPMENT_NOTE_MAX, formatMoney } from '../../../shared/equipment/equipment-rules';
import { useLocale, useT } from '../../i18n/texts';
import { AppLink } from '../links/app-link';
import { href } from '../../../../generated/routes';
import './equipment.css';

export type Offer = ApiResponse<'equipment_offers'>['items'][number];

/** The offers that answer one finding or recommendation key (the full key or its bare finding id). */
export const offersFor = (offers: readonly Offer[], key: string) =>
  offers.filter((o) => o.answers.includes(key) || o.answers.includes(bareFinding(key)));

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
  const [where, setWhere] = useState<'desk' | 'address'>('desk');
  const [place, setPlace] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(o.open_request);
  const [auto, setAuto] = useState(false);
  const missing = !place.trim();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing || busy) return;
    setBusy(true);
    try {
      const { data } = await call('equipment_request_create', {
        body: {
          item_id: o.id,
          ...(actionId ? { action_id: actionId } : {}),
          ...(where === 'desk' ? { desk_location: place.trim() } : { delivery_address: place.trim() }),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      });
      setDone(data.state);
      setAuto(data.auto_approved);
      setOpen(false);
    } catch {
      /* the API client shows the server's message (already requested: 409) */
    } finally {
      setBusy(false);
    }
  };

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
        <form className="equipment-request-form" onSubmit={submit} noValidate aria-label={t('equipment.offers.request', { item: o.name })}>
          <fieldset>
            <legend>{t('equipment.offers.where')}</legend>
            <label>
              <input type="radio" name={`${idPrefix}-where`} checked={where === 'desk'} onChange={() => setWhere('desk')} />{' '}
              {t('equipment.offers.desk')}
            </label>
            <label>
              <input type="radio" name={`${idPrefix}-where`} checked={where === 'address'} onChange={() => setWhere('address')} />{' '}
              {t('equipment.offers.address')}
            </label>
          </fieldset>
          <label htmlFor={`${idPrefix}-place`}>
            {t(where === 'desk' ? 'equipment.offers.desk_label' : 'equipment.offers.address_label')}
          </label>
          {where === 'desk' ? (
            <input
              id={`${idPrefix}-place`}
              value={place}
              maxLength={200}
              aria-invalid={touched && missing}
              aria-describedby={touched && missing ? `${idPrefix}-place-error` : undefined}
              onChange={(e) => setPlace(e.target.value)}
            />
          ) : (
            <textarea
              id={`${idPrefix}-place`}
              value={place}
              rows={3}
              maxLength={1000}
              aria-invalid={touched && missing}
              aria-describedby={touched && missing ? `${idPrefix}-place-error` : undefined}
              onChange={(e) => setPlace(e.target.value)}
            />
          )}
          {touched && missing && (
            <p id={`${idPrefix}-place-error`} className="field-error" role="alert">
              {t('equipment.offers.where_required')}
            </p>
          )}
          <label htmlFor={`${idPrefix}-note`}>{t('equipment.offers.note')}</label>
          <textarea
            id={`${idPrefix}-note`}
            value={note}
            rows={2}
            maxLength={EQUIPMENT_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="equipment-buttons">
            <button type="submit" className="button" disabled={busy}>
              {t('equipment.offers.send')}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={() => setOpen(false)}>
              {t('equipment.cancel')}
            </button>
          </div>
        </form>
      )}
      {!o.available && !done && <p className="equipment-offer-text">{t('equipment.offers.none_left')}</p>}
    </li>
  );
}
