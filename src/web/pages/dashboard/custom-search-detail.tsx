import { useEffect, useState } from 'react';
import type { ApiResponse } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { AppLink } from '../../components/links/app-link';
import { KIND_TITLES, RESULT_COLUMNS, SEARCH_FIELDS } from '../../../shared/search/fields';
import { kindHref, kindOfRoute } from './components/search-kind';
import './components/custom-search.css';
import type { InterfaceKey } from '../../i18n/keys';
import { routeTitle } from '../../i18n/menu-label';
import { useLocale, useT } from '../../i18n/texts';
import { formatDateTime } from '../../../shared/dates';
import { fieldLabel, kindTitle } from './components/search-labels';
import { useFindingLabels } from '../../components/assessment/finding-titles';
import { href } from '../../../../generated/routes';

/** The record's fields for its kind, with its report address where it has one (read as text below). */
type Record_ = ApiResponse<'custom_search_record'>['record'];

const LABELS: Record<string, InterfaceKey> = {
  findings: 'staff.csd.findings',
  discomfort: 'staff.overview.body_title',
  recommendations: 'staff.fu.recommendations',
  submitted_at: 'staff.csd.submitted_for_review',
  preferred_times: 'staff.csd.preferred_times',
  cancel_reason: 'staff.csd.cancel_reason',
  answers: 'staff.csd.answers',
  reminders_sent: 'staff.csd.reminders',
  region: 'staff.overview.region',
};
const HIDDEN = new Set(['id', 'client_id', 'kind', 'report']);

/** A record's value as text; an instant is the reader's own day and time, its zone named, as the results grid's days are. */
function show(value: unknown, locale: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value, locale, { zone: true });
  if (Array.isArray(value))
    return value.length
      ? value.map((v) => (typeof v === 'object' && v ? Object.values(v as object).join(': ') : String(v))).join('; ')
      : '—';
  if (typeof value === 'object') {
    const entries = Object.entries(value as object);
    return entries.length
      ? entries.map(([k, v]) => `${k.replace(/_/g, ' ')}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join('; ')
      : '—';
  }
  return String(value);
}

/**
 * SPEC §2 /user/custom-search-<kind>/:id/:clientId: one record found by a custom search, with a link
 * to its report where it has one. Another client's record (or an unknown one) reads "not found".
 */
export default function CustomSearchDetailPage({ route, params }: PageProps) {
  const t = useT();
  const locale = useLocale();
  // A self-assessment's findings come as ids and read in the reader's language.
  const finding = useFindingLabels();
  const kind = kindOfRoute(route.name);
  const kindName = kindTitle(t, kind, KIND_TITLES[kind]);
  const [record, setRecord] = useState<Record_ | null | 'missing'>(null);
  useEffect(() => {
    setRecord(null);
    if (!params.id || !params.clientId) {
      setRecord('missing');
      return;
    }
    call('custom_search_record', { params: { kind, id: params.id, clientId: params.clientId } }, { quiet: true }).then(
      ({ data }) => setRecord(data.record),
      () => setRecord('missing'),
    );
  }, [kind, params.id, params.clientId]);
  const back = <AppLink to={kindHref(kind)}>{t('staff.csd.back', { kind: kindName })}</AppLink>;
  if (record === null)
    return (
      <section className="cs-page">
        <h1>{routeTitle(t, route)}</h1>
        <p role="status">{t('staff.csd.loading')}</p>
      </section>
    );
  if (record === 'missing') {
    return (
      <section className="cs-page">
        <h1>{t('staff.csd.not_found')}</h1>
        <p role="alert">{t('staff.csd.missing')}</p>
        <p>{back}</p>
      </section>
    );
  }
  const labels = new Map<string, string>([
    ...RESULT_COLUMNS[kind].map((f) => [f.key, f.label] as const),
    ...SEARCH_FIELDS[kind].map((f) => [f.key, fieldLabel(t, f)] as const),
  ]);
  return (
    <article className="cs-page cs-detail" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('staff.csd.heading', { name: String(record.employee_name ?? t('staff.csd.record')), kind: kindName })}</h1>
      <p>{back}</p>
      <section className="panel" aria-label={t('staff.csd.details')}>
        <dl>
          {Object.entries(record)
            .filter(([k]) => !HIDDEN.has(k))
            .map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt>{k in LABELS ? t(LABELS[k]) : (labels.get(k) ?? k.replace(/_/g, ' '))}</dt>
                <dd>{show(k === 'findings' && Array.isArray(v) && finding ? v.map((id) => finding(String(id))) : v, locale)}</dd>
              </div>
            ))}
        </dl>
      </section>
      {typeof record.report === 'string' && record.report && (
        <p>
          <AppLink className="button" to={href('custom_search_reports', { url: record.report })}>
            {t('staff.ne.open_report')}
          </AppLink>
        </p>
      )}
    </article>
  );
}
