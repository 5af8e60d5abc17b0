import { useCallback, useMemo, useState } from 'react';
import { call } from '../../../api/typed';
import type { ApiBody, ApiResponse } from '../../../../../generated/api-types';
import { EQUIPMENT_CATEGORIES, EQUIPMENT_MODES, equipmentCategoryKey } from '../../../../shared/equipment/equipment-rules';
import type { FormValues } from '../../../components/form/manifest-form';
import { LazyManifestForm } from '../../../components/form/lazy-manifest-form';
import { useT } from '../../../i18n/texts';
import './admin.css';

type Body = ApiBody<'equipment_item_create'>;
type Item = ApiResponse<'equipment_item_get'>['item'];
type Texts = Readonly<Record<string, string | undefined>>;

/** A loaned item's stock and loan days; a bought item has neither (the form neither shows nor sends them). */
const LOAN_FIELDS = ['stock', 'loan_days'] as const;

/** The form's values of a stored item: its words per language split into the name and description fields. */
function valuesOf(item: Item): FormValues {
  const texts = Object.entries(item.texts);
  return {
    slug: item.slug,
    category: item.category,
    price_cents: item.price_cents,
    supplier_ref: item.supplier_ref,
    mode: item.mode,
    stock: item.stock ?? 0,
    loan_days: item.loan_days ?? 90,
    image: item.image,
    answers: item.answers.join(', '),
    active: item.active,
    name: Object.fromEntries(texts.map(([lang, t]) => [lang, t.name])),
    description: Object.fromEntries(texts.filter(([, t]) => t.description).map(([lang, t]) => [lang, t.description])),
  };
}

/** The call's body: the words per language joined again (a language without a name is left out, as the server would). */
function bodyOf(clientId: number, values: FormValues): Body {
  const names = (values.name ?? {}) as Texts;
  const descriptions = (values.description ?? {}) as Texts;
  const loaned = values.mode === 'loaned';
  return {
    client_id: clientId,
    slug: String(values.slug),
    category: values.category as Body['category'],
    price_cents: values.price_cents as number,
    supplier_ref: String(values.supplier_ref ?? '').trim(),
    mode: values.mode as Body['mode'],
    stock: loaned ? (values.stock as number) : null,
    loan_days: loaned ? (values.loan_days as number) : null,
    image: String(values.image ?? '').trim(),
    answers: String(values.answers ?? '')
      .split(/[\s,]+/)
      .filter(Boolean),
    active: values.active !== false,
    texts: Object.fromEntries(
      Object.entries(names)
        .filter(([, name]) => name?.trim())
        .map(([lang, name]) => [lang, { name: name!.trim(), description: (descriptions[lang] ?? '').trim() }]),
    ) as Body['texts'],
  };
}

/**
 * One catalogue item (docs/product.md "Equipment"; manifest/forms/equipment-item.yaml): its key,
 * category, price in the client's currency, supplier reference, bought or loaned (with stock and loan
 * days), picture, the findings it answers and its name and description in each language (English
 * required; another language falls back to it). A key the catalogue already has is refused under it.
 */
export function EquipmentItemForm({
  clientId,
  itemId,
  currency,
  onDone,
}: {
  clientId: number;
  itemId: number | null;
  currency: string;
  onDone: () => void;
}) {
  const t = useT();
  const [mode, setMode] = useState<unknown>('bought');
  const options = useMemo(
    () => ({
      category: EQUIPMENT_CATEGORIES.map((c) => ({ value: c, label: t(equipmentCategoryKey(c)) })),
      mode: EQUIPMENT_MODES.map((m) => ({ value: m, label: t(`equipment.mode.${m}`) })),
    }),
    [t],
  );
  const load = useMemo(
    () =>
      itemId === null
        ? undefined
        : () =>
            call('equipment_item_get', { params: { id: String(itemId) } }).then(
              ({ data }) => valuesOf(data.item),
              (error: unknown) => {
                onDone();
                throw error;
              },
            ),
    [itemId, onDone],
  );
  const onValues = useCallback((values: FormValues) => setMode(values.mode), []);
  return (
    <section className="equipment-card equipment-form admin-form" aria-labelledby="item-heading">
      <h2 id="item-heading">{t(itemId === null ? 'equipment.admin.new_item' : 'equipment.admin.edit_item')}</h2>
      <LazyManifestForm
        form="equipment_item"
        idPrefix="item"
        label={t(itemId === null ? 'equipment.admin.new_item' : 'equipment.admin.edit_item')}
        load={load}
        initial={{ category: 'other', mode: 'bought', stock: 0, loan_days: 90, active: true }}
        currency={currency}
        options={options}
        omit={mode === 'loaned' ? [] : LOAN_FIELDS}
        onValues={onValues}
        // A key is lower case however it is typed.
        adjust={(values: FormValues) => (typeof values.slug === 'string' ? { ...values, slug: values.slug.toLowerCase() } : values)}
        buttons={[
          { label: t('equipment.admin.save_item'), saveWith: {} },
          { label: t('equipment.cancel'), secondary: true, run: onDone },
        ]}
        submitText={t('equipment.admin.save_item')}
        submit={(values) =>
          itemId === null
            ? call('equipment_item_create', { body: bodyOf(clientId, values) })
            : call('equipment_item_update', { params: { id: String(itemId) }, body: bodyOf(clientId, values) })
        }
        onSaved={onDone}
      />
    </section>
  );
}
