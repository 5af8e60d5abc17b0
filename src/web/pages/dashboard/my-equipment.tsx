import { useCallback, useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { equipmentWorkflow } from '../../../../generated/workflows';
import { stateOf } from '../../../shared/workflow';
import { equipmentStateKey, formatMoney } from '../../../shared/equipment/equipment-rules';
import { AppLink } from '../../components/links/app-link';
import { formatDate } from '../../components/reports/report-labels';
import { useLanguage, useLocale, useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';
import '../../components/equipment/equipment.css';

type Row = ApiResponse<'my_equipment_list'>['rows'][number];
const PAGE = 20;

/**
 * The employee's own equipment requests (docs/product.md "Equipment"), newest first, each with its
 * state, amount, where it goes, the reason when declined and the return date of a loan.
 */
export default function MyEquipmentPage(_props: PageProps) {
  const t = useT();
  const locale = useLocale();
  const language = useLanguage();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    async (start: number) => {
      try {
        const { data } = await call('my_equipment_list', { query: { start: String(start), size: String(PAGE), lang: language } });
        setRows((before) => (start === 0 ? data.rows : [...(before ?? []), ...data.rows]));
        setTotal(data.total);
        setFailed(false);
      } catch {
        setFailed(true);
      }
    },
    [language],
  );
  useEffect(() => {
    void load(0);
  }, [load]);

  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('equipment.mine.title')}</h1>
      <p>{t('equipment.mine.intro')}</p>
      {failed && <p role="alert">{t('equipment.load_failed')}</p>}
      {rows === null && !failed && <p role="status">{t('equipment.loading')}</p>}
      {rows !== null && rows.length === 0 && (
        <div className="equipment-card">
          <p>{t('equipment.mine.empty')}</p>
          <p>
            <AppLink to={href('my_actions')}>{t('equipment.mine.to_actions')}</AppLink>
          </p>
        </div>
      )}
      {rows !== null && rows.length > 0 && (
        <ul className="equipment-list">
          {rows.map((r) => {
            const state = stateOf(equipmentWorkflow, r.state);
            return (
              <li key={r.id} className="equipment-card" aria-labelledby={`equipment-${r.id}`}>
                <h2 id={`equipment-${r.id}`}>
                  {r.quantity > 1 ? `${r.quantity} × ` : ''}
                  {r.item}
                </h2>
                <dl className="equipment-facts">
                  <div>
                    <dt>{t('equipment.state')}</dt>
                    <dd className="status status-workflow" style={state ? { color: state.colour } : undefined}>
                      {t(equipmentStateKey(r.state))}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('equipment.amount')}</dt>
                    <dd>{formatMoney(r.total_cents, r.currency, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('equipment.requested_on')}</dt>
                    <dd>{formatDate(r.created_at, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('equipment.deliver_to')}</dt>
                    <dd>{r.delivery}</dd>
                  </div>
                  {r.loan_due_at && (
                    <div>
                      <dt>{t('equipment.loan_due')}</dt>
                      <dd className={r.overdue ? 'equipment-overdue' : undefined}>
                        {formatDate(r.loan_due_at, locale)}
                        {r.overdue && ` · ${t('equipment.overdue')}`}
                      </dd>
                    </div>
                  )}
                </dl>
                {r.decline_reason && (
                  <p>
                    <strong>{t('equipment.decline_reason')}</strong> {r.decline_reason}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {rows !== null && rows.length < total && (
        <button type="button" className="button secondary" onClick={() => void load(rows.length)}>
          {t('equipment.more', { count: String(total - rows.length) })}
        </button>
      )}
    </section>
  );
}
