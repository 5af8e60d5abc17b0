import { useCallback, useEffect, useState } from 'react';
import type { ApiResponse } from '../../../../../generated/api-types';
import { call } from '../../../api/typed';
import { callUrl } from '../../../api/call-url';
import { AppLink } from '../../../components/links/app-link';
import { areaName } from '../../../components/reports/report-labels';
import { evaluationStatus, evaluationStatusBadge } from '../../../components/reports/status-labels';
import { useLocale, useT } from '../../../i18n/texts';
import type { InterfaceKey } from '../../../i18n/keys';
import { href } from '../../../../../generated/routes';

export type InboxSectionName = 'today' | 'week' | 'drafts' | 'returned' | 'review';
type Row = ApiResponse<'evaluator_inbox_list'>['rows'][number];

/** A section shows this many rows, then as many more at each "Show more" (the server pages them). */
const PAGE = 10;

const EMPTY: Record<InboxSectionName, InterfaceKey> = {
  today: 'staff.inbox.empty_today',
  week: 'staff.inbox.empty_week',
  drafts: 'staff.inbox.empty_drafts',
  returned: 'staff.inbox.empty_returned',
  review: 'staff.inbox.empty_review',
};

/** The page that acts on a row: booked meetings and drafts open the report form, reviews the review page. */
function actionOf(row: Row): { to: string; label: InterfaceKey } {
  if (row.kind === 'request')
    return {
      to: `${href('new_evaluation', { cid: row.client_id, uid: row.employee_id })}?request=${row.id}`,
      label: 'staff.ev.write_report',
    };
  if (row.author === null)
    return {
      to: `${href('new_evaluation', { cid: row.client_id, uid: row.employee_id })}?evaluation=${row.id}`,
      label: 'staff.eq.continue',
    };
  return { to: href('editsurvey', { url: row.id }), label: 'staff.inbox.review_action' };
}

/**
 * One section of the evaluator's inbox (SPEC §2 /user/evaluator): its rows read a page at a time
 * from the server (`evaluator_inbox_list`), each row with the one link to its next action. Opening
 * a link changes nothing: starting a report is a button on the page it opens.
 */
export function InboxSection({
  section,
  zone,
  total,
  refresh,
}: {
  section: InboxSectionName;
  zone: string;
  total: number;
  refresh: number;
}) {
  const t = useT();
  const locale = useLocale();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [count, setCount] = useState(total);
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    async (start: number) => {
      setBusy(true);
      try {
        const { data } = await call('evaluator_inbox_list', {
          params: { section },
          query: { start: String(start), size: String(PAGE), tz: zone },
        });
        setRows((prev) => (start === 0 || !prev ? data.rows : [...prev, ...data.rows]));
        setCount(data.total);
      } catch {
        setRows((prev) => prev ?? []);
      } finally {
        setBusy(false);
      }
    },
    [section, zone],
  );
  useEffect(() => {
    void load(0);
  }, [load, refresh]);
  if (!rows) return <p role="status">{t('page.loading')}</p>;
  if (rows.length === 0) return <p className="inbox-empty">{t(EMPTY[section])}</p>;
  const when = (row: Row) =>
    row.kind === 'request'
      ? new Intl.DateTimeFormat(locale, {
          timeZone: zone,
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: 'numeric',
          minute: '2-digit',
        }).format(new Date(row.at))
      : new Date(row.at).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
  return (
    <>
      <ul className="inbox-list">
        {rows.map((row) => {
          const action = actionOf(row);
          const data = row.kind === 'request' ? { 'data-request-id': row.id } : { 'data-evaluation-id': row.id };
          return (
            <li key={`${row.kind}-${row.id}`} className="inbox-row" {...data}>
              <div className="inbox-main">
                <span className="inbox-who">{row.employee}</span>
                <span className="inbox-meta">
                  {row.company_name} · {areaName(t, row.work_area.toLowerCase())}
                  {row.author && <> · {t('staff.inbox.by', { author: row.author })}</>}
                </span>
                <span className="inbox-meta">
                  {row.kind === 'request' ? (
                    <time dateTime={row.at}>{when(row)}</time>
                  ) : (
                    <>
                      <span {...evaluationStatusBadge(row.status)}>{evaluationStatus(t, row.status)}</span> ·{' '}
                      {t('staff.inbox.updated', { date: when(row) })}
                    </>
                  )}
                </span>
              </div>
              <div className="inbox-actions">
                <AppLink to={action.to} className="button" fallback={<span>—</span>}>
                  {t(action.label)}
                  <span className="visually-hidden"> {t('staff.ev.on_employee', { employee: row.employee })}</span>
                </AppLink>
                {row.kind === 'request' && row.meeting_url && (
                  <a className="button secondary" href={row.meeting_url} target="_blank" rel="noopener noreferrer">
                    {t('staff.inbox.join')}
                    <span className="visually-hidden"> {t('staff.ev.on_employee', { employee: row.employee })}</span>
                  </a>
                )}
                {row.kind === 'request' && (
                  <a className="button secondary" href={callUrl('evaluator_request_invitation', { id: row.id })} download>
                    {t('staff.inbox.invitation')}
                    <span className="visually-hidden"> {t('staff.ev.on_employee', { employee: row.employee })}</span>
                  </a>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {/* The pager only where there is more to show: "1 of 1" under a short section says nothing. */}
      {rows.length < count && (
        <p className="inbox-more">
          <span role="status">{t('staff.inbox.showing', { shown: rows.length, total: count })}</span>
          <button type="button" className="button secondary" disabled={busy} onClick={() => void load(rows.length)}>
            {t('staff.inbox.more')}
          </button>
        </p>
      )}
    </>
  );
}
