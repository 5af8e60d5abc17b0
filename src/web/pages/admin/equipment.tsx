import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { equipmentItemsGrid } from '../../../../generated/grids';
import { equipmentCategoryKey, formatMoney, minorDigits, parseMoney } from '../../../shared/equipment/equipment-rules';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useLocale, useT } from '../../i18n/texts';
import { EquipmentItemForm } from './components/equipment-item-form';
import '../../components/equipment/equipment.css';

type Settings = ApiResponse<'equipment_settings_get'>;
type Client = ApiResponse<'equipment_clients'>['clients'][number];

const money = (cents: number | null, currency: string) =>
  cents === null ? '' : (cents / 10 ** minorDigits(currency)).toFixed(minorDigits(currency));

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
  const [settings, setSettings] = useState<Settings | null>(null);
  const [auto, setAuto] = useState('');
  const [budget, setBudget] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
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
      .then(({ data }) => {
        setSettings(data);
        setAuto(money(data.equipment_auto_approve_cents, data.equipment_currency));
        setBudget(money(data.equipment_budget_cents, data.equipment_currency));
      })
      .catch(() => setSettings(null));
  }, [clientId]);

  const saveSettings = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!settings || clientId === null) return;
    const currency = settings.equipment_currency.trim().toUpperCase();
    const autoCents = auto.trim() ? parseMoney(auto, currency) : null;
    const budgetCents = budget.trim() ? parseMoney(budget, currency) : null;
    if ((auto.trim() && autoCents === null) || (budget.trim() && budgetCents === null) || !/^[A-Z]{3}$/.test(currency)) {
      setError(t('equipment.admin.settings_invalid'));
      return;
    }
    setError('');
    try {
      const { data } = await call('equipment_settings_save', {
        params: { clientId: String(clientId) },
        body: { equipment_currency: currency, equipment_auto_approve_cents: autoCents, equipment_budget_cents: budgetCents },
      });
      setSettings(data);
      setSaved(t('equipment.admin.settings_saved'));
    } catch {
      /* the API client shows the server's message */
    }
  };

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
      {settings && (
        <form className="equipment-card equipment-form" onSubmit={saveSettings} noValidate aria-labelledby="settings-heading">
          <h2 id="settings-heading">{t('equipment.admin.settings')}</h2>
          <div className="equipment-row">
            <div>
              <label htmlFor="equipment-currency">{t('equipment.admin.currency')}</label>
              <input
                id="equipment-currency"
                value={settings.equipment_currency}
                maxLength={3}
                onChange={(e) => setSettings({ ...settings, equipment_currency: e.target.value.toUpperCase() })}
              />
            </div>
            <div>
              <label htmlFor="equipment-auto">{t('equipment.admin.auto')}</label>
              <input
                id="equipment-auto"
                inputMode="decimal"
                value={auto}
                onChange={(e) => setAuto(e.target.value)}
                aria-describedby="equipment-auto-help"
              />
            </div>
            <div>
              <label htmlFor="equipment-budget">{t('equipment.admin.budget')}</label>
              <input id="equipment-budget" inputMode="decimal" value={budget} onChange={(e) => setBudget(e.target.value)} />
            </div>
          </div>
          <p id="equipment-auto-help">{t('equipment.admin.auto_help')}</p>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          {saved && <p role="status">{saved}</p>}
          <div className="equipment-buttons">
            <button type="submit" className="button">
              {t('equipment.admin.save_settings')}
            </button>
          </div>
        </form>
      )}
      {clientId !== null && editing !== null && settings && (
        <EquipmentItemForm
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
