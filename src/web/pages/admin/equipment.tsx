import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { equipmentItemsGrid } from '../../../../generated/grids';
import { equipmentCategoryKey, formatMoney } from '../../../shared/equipment/equipment-rules';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useLocale, useT } from '../../i18n/texts';
import { EquipmentItemForm } from './components/equipment-item-form';
import { EquipmentSettingsForm, type EquipmentSettings } from './components/equipment-settings-form';
import '../../components/equipment/equipment.css';

type Client = ApiResponse<'equipment_clients'>['clients'][number];

/**
 * The admin center's equipment catalogue (docs/product.md "Equipment"): for the chosen client, its
 * currency, automatic-approval amount and yearly budget, and the grid of its items, each opened in
 * the form above the grid with its words in every language.
 */
export default function AdminEquipmentPage(_props: PageProps) {
  const t = useT();
  const locale = useLocale();
  const [clients, setClients] = useState<Client[]>([]);
  const [clientId, setClientId] = useState<number | null>(null);
  const [settings, setSettings] = useState<EquipmentSettings | null>(null);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    call('equipment_clients')
      .then(({ data }) => {
        setClients(data.clients);
        setClientId((c) => c ?? data.clients[0]?.id ?? null);
      })
      .catch(() => setClients([]));
  }, []);
  useEffect(() => {
    if (clientId === null) return;
    setEditing(null);
    call('equipment_settings_get', { params: { clientId: String(clientId) } })
      .then(({ data }) => setSettings(data))
      .catch(() => setSettings(null));
  }, [clientId]);

  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('equipment.admin.title')}</h1>
      <p>{t('equipment.admin.intro')}</p>
      {clients.length === 0 ? (
        <p>{t('equipment.admin.no_clients')}</p>
      ) : (
        <p>
          <label htmlFor="equipment-client">{t('equipment.admin.client')} </label>
          <select id="equipment-client" value={clientId ?? ''} onChange={(e) => setClientId(Number(e.target.value))}>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company_name}
              </option>
            ))}
          </select>
        </p>
      )}
      {settings && <EquipmentSettingsForm key={settings.client_id} settings={settings} onSaved={setSettings} />}
      {clientId !== null && editing !== null && settings && (
        <EquipmentItemForm
          key={editing}
          clientId={clientId}
          itemId={editing === 'new' ? null : editing}
          currency={settings.equipment_currency}
          onDone={() => {
            setEditing(null);
            setVersion((v) => v + 1);
          }}
        />
      )}
      {clientId !== null && (
        <ManifestGrid
          grid={equipmentItemsGrid}
          idPrefix="equipment-items"
          refresh={version}
          fixed={{ client_id: String(clientId) }}
          cells={{
            category: (value) => t(equipmentCategoryKey(String(value))),
            price_cents: (value, row) => formatMoney(Number(value), String((row as { currency: string }).currency), locale),
            mode: (value) => t(value === 'loaned' ? 'equipment.mode.loaned' : 'equipment.mode.bought'),
          }}
          onAction={(_button, row) => setEditing(row.id)}
        >
          <button type="button" className="button" onClick={() => setEditing('new')}>
            {t('equipment.admin.add')}
          </button>
        </ManifestGrid>
      )}
    </section>
  );
}
