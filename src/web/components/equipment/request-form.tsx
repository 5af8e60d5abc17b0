import { useState, type FormEvent } from 'react';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { EQUIPMENT_NOTE_MAX } from '../../../shared/equipment/equipment-rules';
import { useT } from '../../i18n/texts';
import type { Offer } from './offer-match';
import './equipment.css';

export type Requested = ApiResponse<'equipment_request_create'>;

/**
 * docs/product.md "Equipment": the request of one catalogue item — a delivery address or a desk
 * location, and a note — tied to the action (the finding or recommendation) it answers. The server
 * decides whether it is approved at once; a second open request of the item is refused there (409).
 */
export function RequestForm({
  offer: o,
  actionId,
  idPrefix,
  onSent,
  onCancel,
}: {
  offer: Offer;
  actionId?: number;
  idPrefix: string;
  onSent: (requested: Requested) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [where, setWhere] = useState<'desk' | 'address'>('desk');
  const [place, setPlace] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
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
      onSent(data);
    } catch {
      /* the API client shows the server's message (already requested: 409) */
    } finally {
      setBusy(false);
    }
  };

  return (
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
      <label htmlFor={`${idPrefix}-place`}>{t(where === 'desk' ? 'equipment.offers.desk_label' : 'equipment.offers.address_label')}</label>
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
      <textarea id={`${idPrefix}-note`} value={note} rows={2} maxLength={EQUIPMENT_NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
      <div className="equipment-buttons">
        <button type="submit" className="button" disabled={busy}>
          {t('equipment.offers.send')}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          {t('equipment.cancel')}
        </button>
      </div>
    </form>
  );
}
