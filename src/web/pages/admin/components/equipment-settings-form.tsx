import { call } from '../../../api/typed';
import type { ApiResponse } from '../../../../../generated/api-types';
import type { FormValues } from '../../../components/form/manifest-form';
import { LazyManifestForm } from '../../../components/form/lazy-manifest-form';
import { useT } from '../../../i18n/texts';
import './admin.css';

export type EquipmentSettings = ApiResponse<'equipment_settings_get'>;

/** An amount left empty is none (the call's null): no automatic approval, no budget. */
const amount = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * A client's equipment currency, automatic-approval amount and yearly budget (docs/product.md
 * "Equipment"; manifest/forms/equipment-settings.yaml): the amounts are typed in the currency the
 * form shows and sent in its minor units. The form's renderer loads with it, so the catalogue page
 * stays within the staff pages' budget (src/web/build/page-budgets.ts).
 */
export function EquipmentSettingsForm({ settings, onSaved }: { settings: EquipmentSettings; onSaved: (saved: EquipmentSettings) => void }) {
  const t = useT();
  return (
    <section className="equipment-card equipment-form admin-form" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{t('equipment.admin.settings')}</h2>
      <LazyManifestForm
        form="equipment_settings"
        label={t('equipment.admin.settings')}
        initial={{
          equipment_currency: settings.equipment_currency,
          equipment_auto_approve_cents: settings.equipment_auto_approve_cents ?? undefined,
          equipment_budget_cents: settings.equipment_budget_cents ?? undefined,
        }}
        // A currency code is upper case however it is typed.
        adjust={(values: FormValues) => ({ ...values, equipment_currency: String(values.equipment_currency ?? '').toUpperCase() })}
        submitText={t('equipment.admin.save_settings')}
        successMessage={() => t('equipment.admin.settings_saved')}
        submit={(body) =>
          call('equipment_settings_save', {
            params: { clientId: String(settings.client_id) },
            body: {
              equipment_currency: String(body.equipment_currency ?? ''),
              equipment_auto_approve_cents: amount(body.equipment_auto_approve_cents),
              equipment_budget_cents: amount(body.equipment_budget_cents),
            },
          })
        }
        onSaved={(result) => onSaved(result.data as EquipmentSettings)}
      />
    </section>
  );
}
