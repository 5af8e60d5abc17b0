import { useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { equipmentFulfilmentGrid } from '../../../../generated/grids';
import { equipmentWorkflow, type EquipmentState } from '../../../../generated/workflows';
import { stateOf } from '../../../shared/workflow';
import { equipmentStateKey, equipmentTransitionKey, FULFIL_STEPS } from '../../../shared/equipment/equipment-rules';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useLanguage, useT } from '../../i18n/texts';
import '../../components/equipment/equipment.css';

type Step = (typeof FULFIL_STEPS)[number];
const isStep = (name: string): name is Step => (FULFIL_STEPS as readonly string[]).includes(name);

/**
 * Fulfilment (docs/product.md "Equipment"): approved requests to order (bought) or lend from stock
 * (loaned), ordered ones to mark delivered, and loans to take back, oldest first. Each button is one
 * step the server checks against the request's state; a loan with none left in stock is refused.
 */
export default function EquipmentFulfilmentPage(_props: PageProps) {
  const t = useT();
  const language = useLanguage();
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('equipment.fulfil.title')}</h1>
      <p>{t('equipment.fulfil.intro')}</p>
      <p role="status">{message}</p>
      <ManifestGrid
        grid={equipmentFulfilmentGrid}
        idPrefix="fulfilment"
        refresh={version}
        fixed={{ lang: language }}
        cells={{
          state: (value) => {
            const code = String(value) as EquipmentState;
            return stateOf(equipmentWorkflow, code) ? t(equipmentStateKey(code)) : String(value);
          },
        }}
        onAction={(button, row) => {
          if (!isStep(button) || busy) return;
          setBusy(true);
          setMessage('');
          call('equipment_fulfil', { params: { id: String(row.id) }, body: { transition: button } })
            .then(() =>
              setMessage(t('equipment.fulfil.done', { step: t(equipmentTransitionKey(button)), item: row.item, employee: row.employee })),
            )
            .catch(() => undefined)
            .finally(() => {
              setBusy(false);
              setVersion((v) => v + 1);
            });
        }}
      />
    </section>
  );
}
