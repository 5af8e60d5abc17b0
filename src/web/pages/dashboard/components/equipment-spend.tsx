import type { ApiResponse } from '../../../../../generated/api-types';
import { equipmentCategoryKey, formatMoney } from '../../../../shared/equipment/equipment-rules';
import { formatDate } from '../../../components/reports/report-labels';
import { useLocale, useT } from '../../../i18n/texts';

type Summary = ApiResponse<'equipment_summary'>;

/** Bars as a list: each label, a bar scaled to the largest value, and the amount in words (read aloud as a table row). */
function Bars({ rows, label, currency }: { rows: { key: string; text: string; cents: number }[]; label: string; currency: string }) {
  const locale = useLocale();
  const most = Math.max(1, ...rows.map((r) => r.cents));
  return (
    <ul className="equipment-bars" aria-label={label}>
      {rows.map((r) => (
        <li key={r.key}>
          <span>{r.text}</span>
          <span className="equipment-bar" aria-hidden="true">
            <span style={{ width: `${Math.round((r.cents / most) * 100)}%` }} />
          </span>
          <span>{formatMoney(r.cents, currency, locale)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * docs/product.md "Equipment": spend this year against the client's budget, by month (the last twelve)
 * and by category, and the loans out past their return date.
 */
export function SpendPanel({ summary: s }: { summary: Summary }) {
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, s.currency, locale);
  const month = (ym: string) =>
    new Date(`${ym}-01T00:00:00Z`).toLocaleDateString(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const share = s.budget_cents ? Math.round((s.spent_year_cents / s.budget_cents) * 100) : null;
  return (
    <>
      <div className="equipment-summary">
        <div className="equipment-card">
          <h2>{t('equipment.spend.year', { year: String(s.year) })}</h2>
          <p className="equipment-big">{money(s.spent_year_cents)}</p>
          <p>
            {s.budget_cents === null
              ? t('equipment.spend.no_budget')
              : t('equipment.spend.of_budget', { budget: money(s.budget_cents), share: String(share) })}
          </p>
          {s.budget_cents !== null && (
            <span
              className="equipment-bar"
              role="img"
              aria-label={t('equipment.spend.of_budget', { budget: money(s.budget_cents), share: String(share) })}
            >
              <span style={{ width: `${Math.min(100, share ?? 0)}%`, background: (share ?? 0) > 100 ? '#b91c1c' : undefined }} />
            </span>
          )}
          <p>
            {s.auto_approve_cents === null
              ? t('equipment.spend.no_auto')
              : t('equipment.spend.auto', { amount: money(s.auto_approve_cents) })}
          </p>
          <p>{t('equipment.spend.waiting', { count: String(s.waiting) })}</p>
        </div>
        <div className="equipment-card">
          <h2>{t('equipment.spend.by_month')}</h2>
          <Bars
            label={t('equipment.spend.by_month')}
            currency={s.currency}
            rows={s.by_month.map((m) => ({ key: m.month, text: month(m.month), cents: m.cents }))}
          />
        </div>
        <div className="equipment-card">
          <h2>{t('equipment.spend.by_category', { year: String(s.year) })}</h2>
          {s.by_category.length === 0 ? (
            <p>{t('equipment.spend.none')}</p>
          ) : (
            <Bars
              label={t('equipment.spend.by_category', { year: String(s.year) })}
              currency={s.currency}
              rows={s.by_category.map((c) => ({ key: c.category, text: t(equipmentCategoryKey(c.category)), cents: c.cents }))}
            />
          )}
        </div>
      </div>
      <div className="equipment-card">
        <h2>{t('equipment.spend.overdue')}</h2>
        {s.overdue_loans.length === 0 ? (
          <p>{t('equipment.spend.overdue_none')}</p>
        ) : (
          <ul>
            {s.overdue_loans.map((l) => (
              <li key={l.id}>
                {l.employee} ({l.email}): {l.item} ·{' '}
                <span className="equipment-overdue">{t('equipment.spend.due_on', { date: formatDate(l.loan_due_at, locale) })}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
