import { useEffect, useState, type FormEvent } from 'react';
import { call } from '../../../api/typed';
import type { ApiBody } from '../../../../../generated/api-types';
import { EQUIPMENT_CATEGORIES, equipmentCategoryKey, minorDigits, parseMoney } from '../../../../shared/equipment/equipment-rules';
import { ASSESSMENT_LANGUAGES } from '../../../../shared/assessment/types';
import { useT } from '../../../i18n/texts';

type Body = ApiBody<'equipment_item_create'>;
type Language = (typeof ASSESSMENT_LANGUAGES)[number];
type Texts = Partial<Record<Language, { name: string; description: string }>>;

/**
 * One catalogue item (docs/product.md "Equipment"): its key, category, price in the client's currency,
 * supplier reference, bought or loaned (with stock and loan days), picture, the findings it answers and
 * its name and description in each language (English required; another language falls back to it).
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
  const [slug, setSlug] = useState('');
  const [category, setCategory] = useState<Body['category']>('other');
  const [price, setPrice] = useState('');
  const [supplier, setSupplier] = useState('');
  const [mode, setMode] = useState<Body['mode']>('bought');
  const [stock, setStock] = useState('0');
  const [loanDays, setLoanDays] = useState('90');
  const [image, setImage] = useState('');
  const [answers, setAnswers] = useState('');
  const [active, setActive] = useState(true);
  const [texts, setTexts] = useState<Texts>({ en: { name: '', description: '' } });
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (itemId === null) return;
    call('equipment_item_get', { params: { id: String(itemId) } })
      .then(({ data: { item } }) => {
        setSlug(item.slug);
        setCategory(item.category as Body['category']);
        setPrice((item.price_cents / 10 ** minorDigits(item.currency)).toFixed(minorDigits(item.currency)));
        setSupplier(item.supplier_ref);
        setMode(item.mode);
        setStock(String(item.stock ?? 0));
        setLoanDays(String(item.loan_days ?? 90));
        setImage(item.image);
        setAnswers(item.answers.join(', '));
        setActive(item.active);
        setTexts(item.texts as Texts);
      })
      .catch(() => onDone());
  }, [itemId, onDone]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = parseMoney(price, currency);
    const problems = [
      !/^[a-z0-9][a-z0-9-]{0,79}$/.test(slug) && t('equipment.admin.slug_rule'),
      cents === null && t('equipment.admin.price_rule'),
      !texts.en?.name.trim() && t('equipment.admin.name_required'),
      mode === 'loaned' && !(Number(loanDays) >= 1 && Number(loanDays) <= 730) && t('equipment.admin.loan_days_rule'),
    ].filter((p): p is string => Boolean(p));
    setErrors(problems);
    if (problems.length || cents === null) return;
    const body: Body = {
      client_id: clientId,
      slug,
      category,
      price_cents: cents,
      supplier_ref: supplier.trim(),
      mode,
      stock: mode === 'loaned' ? Number(stock) || 0 : null,
      loan_days: mode === 'loaned' ? Number(loanDays) : null,
      image: image.trim(),
      answers: answers.split(/[\s,]+/).filter(Boolean),
      active,
      texts: Object.fromEntries(
        Object.entries(texts)
          .filter(([, v]) => v?.name.trim())
          .map(([k, v]) => [k, { name: v!.name.trim(), description: v!.description.trim() }]),
      ) as Body['texts'],
    };
    setBusy(true);
    try {
      if (itemId === null) await call('equipment_item_create', { body });
      else await call('equipment_item_update', { params: { id: String(itemId) }, body });
      onDone();
    } catch {
      /* the API client shows the server's message (a key already used: 409) */
    } finally {
      setBusy(false);
    }
  };

  const text = (lang: Language, field: 'name' | 'description', value: string) =>
    setTexts((all) => ({ ...all, [lang]: { name: '', description: '', ...all[lang], [field]: value } }));

  return (
    <form className="equipment-card equipment-form" onSubmit={submit} noValidate aria-labelledby="item-heading">
      <h2 id="item-heading">{t(itemId === null ? 'equipment.admin.new_item' : 'equipment.admin.edit_item')}</h2>
      {errors.length > 0 && (
        <ul className="field-error" role="alert">
          {errors.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="equipment-row">
        <div>
          <label htmlFor="item-slug">{t('equipment.admin.slug')}</label>
          <input id="item-slug" value={slug} maxLength={80} onChange={(e) => setSlug(e.target.value.toLowerCase())} />
        </div>
        <div>
          <label htmlFor="item-category">{t('equipment.admin.category')}</label>
          <select id="item-category" value={category} onChange={(e) => setCategory(e.target.value as Body['category'])}>
            {EQUIPMENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(equipmentCategoryKey(c))}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="item-price">{t('equipment.admin.price', { currency })}</label>
          <input id="item-price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        </div>
        <div>
          <label htmlFor="item-supplier">{t('equipment.admin.supplier')}</label>
          <input id="item-supplier" value={supplier} maxLength={200} onChange={(e) => setSupplier(e.target.value)} />
        </div>
      </div>
      <div className="equipment-row">
        <div>
          <label htmlFor="item-mode">{t('equipment.admin.mode')}</label>
          <select id="item-mode" value={mode} onChange={(e) => setMode(e.target.value as Body['mode'])}>
            <option value="bought">{t('equipment.mode.bought')}</option>
            <option value="loaned">{t('equipment.mode.loaned')}</option>
          </select>
        </div>
        {mode === 'loaned' && (
          <>
            <div>
              <label htmlFor="item-stock">{t('equipment.admin.stock')}</label>
              <input id="item-stock" type="number" min={0} value={stock} onChange={(e) => setStock(e.target.value)} />
            </div>
            <div>
              <label htmlFor="item-loan-days">{t('equipment.admin.loan_days')}</label>
              <input id="item-loan-days" type="number" min={1} max={730} value={loanDays} onChange={(e) => setLoanDays(e.target.value)} />
            </div>
          </>
        )}
      </div>
      <label htmlFor="item-image">{t('equipment.admin.image')}</label>
      <input id="item-image" value={image} maxLength={500} onChange={(e) => setImage(e.target.value)} />
      <label htmlFor="item-answers">{t('equipment.admin.answers')}</label>
      <input id="item-answers" value={answers} onChange={(e) => setAnswers(e.target.value)} aria-describedby="item-answers-help" />
      <p id="item-answers-help">{t('equipment.admin.answers_help')}</p>
      <label>
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> {t('equipment.admin.active')}
      </label>
      {ASSESSMENT_LANGUAGES.map((lang) => (
        <details key={lang} open={lang === 'en'}>
          <summary>{t('equipment.admin.words', { language: lang.toUpperCase() })}</summary>
          <label htmlFor={`item-name-${lang}`}>{t('equipment.admin.name')}</label>
          <input
            id={`item-name-${lang}`}
            value={texts[lang]?.name ?? ''}
            maxLength={200}
            onChange={(e) => text(lang, 'name', e.target.value)}
          />
          <label htmlFor={`item-description-${lang}`}>{t('equipment.admin.description')}</label>
          <textarea
            id={`item-description-${lang}`}
            rows={2}
            maxLength={4000}
            value={texts[lang]?.description ?? ''}
            onChange={(e) => text(lang, 'description', e.target.value)}
          />
        </details>
      ))}
      <div className="equipment-buttons">
        <button type="submit" className="button" disabled={busy}>
          {t('equipment.admin.save_item')}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onDone}>
          {t('equipment.cancel')}
        </button>
      </div>
    </form>
  );
}
