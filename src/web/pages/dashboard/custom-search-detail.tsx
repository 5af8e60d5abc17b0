import { useEffect, useState } from 'react';
import type { ApiResponse } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { AppLink } from '../../components/links/app-link';
import { KIND_TITLES, RESULT_COLUMNS, SEARCH_FIELDS } from '../../../shared/search/fields';
import { kindOfRoute } from './components/search-kind';
import './components/custom-search.css';

/** The record's fields for its kind, with its report address where it has one (read as text below). */
type Record_ = ApiResponse<'custom_search_record'>['record'];

const LABELS: Record<string, string> = {
  findings: 'Findings raised',
  discomfort: 'Discomfort by body region',
  recommendations: 'Recommendations',
  submitted_at: 'Submitted for review',
  preferred_times: 'Preferred times',
  cancel_reason: 'Reason for cancelling',
  answers: 'Follow-up answers',
  reminders_sent: 'Reminders sent',
  region: 'Region',
};
const HIDDEN = new Set(['id', 'client_id', 'kind', 'report']);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return value.slice(0, 16).replace('T', ' ') + ' UTC';
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
  const kind = kindOfRoute(route.name);
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
  const back = <AppLink to={`/user/custom-search-${kind}`}>Back to Custom Search - {KIND_TITLES[kind]}</AppLink>;
  if (record === null)
    return (
      <section className="cs-page">
        <h1>{route.title}</h1>
        <p role="status">Loading the record…</p>
      </section>
    );
  if (record === 'missing') {
    return (
      <section className="cs-page">
        <h1>Record not found</h1>
        <p role="alert">This record does not exist or belongs to a client you do not look after.</p>
        <p>{back}</p>
      </section>
    );
  }
  const labels = new Map<string, string>([...SEARCH_FIELDS[kind], ...RESULT_COLUMNS[kind]].map((f) => [f.key, f.label]));
  return (
    <article className="cs-page cs-detail" aria-labelledby="page-heading">
      <h1 id="page-heading">
        {String(record.employee_name ?? 'Record')}: {KIND_TITLES[kind]}
      </h1>
      <p>{back}</p>
      <section className="panel" aria-label="Details">
        <dl>
          {Object.entries(record)
            .filter(([k]) => !HIDDEN.has(k))
            .map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt>{LABELS[k] ?? labels.get(k) ?? k.replace(/_/g, ' ')}</dt>
                <dd>{show(v)}</dd>
              </div>
            ))}
        </dl>
      </section>
      {typeof record.report === 'string' && record.report && (
        <p>
          <AppLink className="button" to={`/user/custom-search-reports/${encodeURIComponent(record.report)}`}>
            Open the report
          </AppLink>
        </p>
      )}
    </article>
  );
}
