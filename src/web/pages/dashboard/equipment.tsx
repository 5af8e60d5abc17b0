import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { equipmentRequestsGrid } from '../../../../generated/grids';
import { equipmentWorkflow, type EquipmentState } from '../../../../generated/workflows';
import { stateOf } from '../../../shared/workflow';
import {
  EQUIPMENT_NOTE_MAX,
  equipmentCategoryKey,
  equipmentStateKey,
  equipmentTransitionKey,
  formatMoney,
} from '../../../shared/equipment/equipment-rules';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useSearchParams } from '../../app/history';
import { formatDate } from '../../components/reports/report-labels';
import { useLanguage, useLocale, useT } from '../../i18n/texts';
import { SpendPanel } from './components/equipment-spend';
import '../../components/equipment/equipment.css';

type Row = ApiResponse<'equipment_requests_list'>['rows'][number];
type Summary = ApiResponse<'equipment_summary'>;

/**
 * The programme manager's equipment (docs/product.md "Equipment"): spend by month and by category
 * against the client's budget, overdue loans, and every request of the client in a server-paged grid
 * (CSV and Excel export) where a waiting one is approved or declined with a reason. The overview's
 * attention panel links here with ?request=<id> to decide one at once.
 */
export default function EquipmentPage(_props: PageProps) {
  const t = useT();
  const locale = useLocale();
  const language = useLanguage();
  const [params] = useSearchParams();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [deciding, setDeciding] = useState<{ row: Row; decline: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState('');
  const asked = params.get('request');
  const decisionHeading = useRef<HTMLHeadingElement>(null);
  // The decision opens above the list: the reader who chose a request far down is taken to it.
  const decidingId = deciding?.row.id;
  useEffect(() => {
    if (decidingId !== undefined) decisionHeading.current?.focus();
  }, [decidingId]);

  useEffect(() => {
    call('equipment_summary', { query: { lang: language } })
      .then(({ data }) => setSummary(data))
      .catch(() => setSummary(null));
  }, [language, version]);
  // From the attention panel: open that request's decision.
  useEffect(() => {
    if (!asked) return;
    call('equipment_requests_list', { query: { state: 'requested', size: '200', lang: language } })
      .then(({ data }) => {
        const row = data.rows.find((r) => String(r.id) === asked);
        if (row) setDeciding({ row, decline: false });
      })
      .catch(() => undefined);
  }, [asked, language]);

  const missing = Boolean(deciding?.decline) && !reason.trim();
  const decide = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!deciding || missing) return;
    setBusy(true);
    const transition = deciding.decline ? 'decline' : 'approve';
    try {
      await call('equipment_decide', {
        params: { id: String(deciding.row.id) },
        body: { transition, ...(deciding.decline ? { reason: reason.trim() } : {}) },
      });
      setMessage(
        t(deciding.decline ? 'equipment.manage.declined' : 'equipment.manage.approved', {
          item: deciding.row.item,
          employee: deciding.row.employee,
        }),
      );
    } catch {
      /* the API client shows the server's message (decided by someone else: 409) */
    } finally {
      setBusy(false);
      setDeciding(null);
      setReason('');
      setTouched(false);
      setVersion((v) => v + 1);
    }
  };

  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{t('equipment.manage.title')}</h1>
      <p>{t('equipment.manage.intro')}</p>
      {message && <p role="status">{message}</p>}
      {deciding && (
        <form className="equipment-card equipment-form" onSubmit={decide} noValidate aria-labelledby="decide-heading">
          <h2 id="decide-heading" ref={decisionHeading} tabIndex={-1}>
            {t('equipment.manage.decide_heading', { item: deciding.row.item, employee: deciding.row.employee })}
          </h2>
          <p>
            {formatMoney(deciding.row.total_cents, deciding.row.currency, locale)} · {t(equipmentCategoryKey(deciding.row.category))} ·{' '}
            {formatDate(deciding.row.created_at, locale)}
          </p>
          {deciding.row.note && (
            <p>
              <strong>{t('equipment.manage.employee_note')}</strong> {deciding.row.note}
            </p>
          )}
          <p>
            <strong>{t('equipment.deliver_to')}:</strong> {deciding.row.delivery}
          </p>
          <fieldset className="equipment-buttons">
            <legend>{t('equipment.manage.decision')}</legend>
            <label>
              <input
                type="radio"
                name="decision"
                checked={!deciding.decline}
                onChange={() => setDeciding({ ...deciding, decline: false })}
              />{' '}
              {t(equipmentTransitionKey('approve'))}
            </label>
            <label>
              <input type="radio" name="decision" checked={deciding.decline} onChange={() => setDeciding({ ...deciding, decline: true })} />{' '}
              {t(equipmentTransitionKey('decline'))}
            </label>
          </fieldset>
          {deciding.decline && (
            <>
              <label htmlFor="decline-reason">{t('equipment.manage.reason')}</label>
              <textarea
                id="decline-reason"
                rows={3}
                maxLength={EQUIPMENT_NOTE_MAX}
                value={reason}
                aria-invalid={touched && missing}
                aria-describedby={touched && missing ? 'decline-reason-error' : undefined}
                onChange={(e) => setReason(e.target.value)}
              />
              {touched && missing && (
                <p id="decline-reason-error" className="field-error" role="alert">
                  {t('equipment.manage.reason_required')}
                </p>
              )}
            </>
          )}
          <div className="equipment-buttons">
            <button type="submit" className="button" disabled={busy}>
              {t(equipmentTransitionKey(deciding.decline ? 'decline' : 'approve'))}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={() => setDeciding(null)}>
              {t('equipment.cancel')}
            </button>
          </div>
        </form>
      )}
      {summary && <SpendPanel summary={summary} />}
      <h2>{t('equipment.manage.all_requests')}</h2>
      <ManifestGrid
        grid={equipmentRequestsGrid}
        idPrefix="equipment"
        refresh={version}
        fixed={{ lang: language, ...(params.get('state') ? { state: params.get('state')! } : {}) }}
        extraExports={[{ label: t('equipment.manage.export_excel'), query: { format: 'xlsx' } }]}
        cells={{
          state: (value) => {
            const code = String(value) as EquipmentState;
            return stateOf(equipmentWorkflow, code) ? t(equipmentStateKey(code)) : String(value);
          },
          category: (value) => t(equipmentCategoryKey(String(value))),
          total_cents: (value, row) => formatMoney(Number(value), String((row as Row).currency), locale),
        }}
        onAction={(button, row) => {
          setMessage('');
          setReason('');
          setTouched(false);
          setDeciding({ row, decline: button === 'decline' });
        }}
      />
    </section>
  );
}
