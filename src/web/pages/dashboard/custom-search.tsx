import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ColDef } from 'ag-grid-community';
import type { PageProps } from '../../app/page-props';
import { ServerGrid } from '../../components/grid/server-grid';
import { AppLink } from '../../components/links/app-link';
import { KIND_TITLES, MAX_EXPORT_ROWS, RESULT_COLUMNS, sortKeysOf, type SearchKind } from '../../../shared/search/fields';
import { EMPTY_DEFINITION, parseDefinition, parseDefinitionText, type SearchDefinition } from '../../../shared/search/validate';
import { FilterBuilder, toDefinition, toDraft, type Draft } from './components/filter-builder';
import { SavedSearches } from './components/saved-searches';
import { kindOfRoute } from './components/search-kind';
import './components/custom-search.css';

type Row = Record<string, unknown> & { id: string; client_id: number };

const DATE_COLUMNS = new Set(['submitted_at', 'created_at', 'finalized_at', 'requested_at', 'scheduled_at', 'due_at', 'answered_at']);
const day = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : '');

/**
 * SPEC §2 /user/custom-search-self-assessment, -ergo-eval, -schedule-request, -follow-up (permission
 * custom-search): build a search from conditions, see the client's matching records in a server-paged
 * grid linking to each record, save and reload searches, export CSV or Excel. The applied search lives
 * in the address (?definition=…&client_id=…), so reloading or sharing the address shows the same results.
 */
export default function CustomSearchPage({ route }: PageProps) {
  const kind = kindOfRoute(route.name);
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => parseDefinitionText(kind, params.get('definition') ?? undefined), [kind, params]);
  const clientParam = params.get('client_id') ?? '';
  const [draft, setDraft] = useState<Draft>(() => toDraft(typeof applied === 'string' ? EMPTY_DEFINITION : applied));
  const [problem, setProblem] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState(false);
  const [clientId, setClientId] = useState<number | null>(clientParam ? Number(clientParam) : null);

  const apply = (definition: SearchDefinition) => {
    const next = new URLSearchParams(params);
    next.set('definition', JSON.stringify(definition));
    setParams(next);
    setTotal(null);
    setFailed(false);
  };
  const search = () => {
    const checked = parseDefinition(kind, toDefinition(kind, draft));
    if (typeof checked === 'string') {
      setProblem(checked);
      return;
    }
    setProblem(null);
    apply(checked);
  };

  const columns = useMemo<ColDef<Row>[]>(
    () =>
      RESULT_COLUMNS[kind].map((c, i) => ({
        field: c.key,
        headerName: c.label,
        sortable: sortKeysOf(kind).includes(c.key),
        minWidth: i === 0 ? 170 : 120,
        ...(DATE_COLUMNS.has(c.key) ? { valueFormatter: (p: { value: unknown }) => day(p.value) } : {}),
        ...(i === 0
          ? {
              cellRenderer: (p: { data?: Row; value?: unknown }) =>
                p.data ? (
                  <AppLink to={`/user/custom-search-${kind}/${encodeURIComponent(p.data.id)}/${p.data.client_id}`}>
                    {String(p.value ?? '')}
                    <span className="visually-hidden">: open the record</span>
                  </AppLink>
                ) : null,
            }
          : {}),
      })),
    [kind],
  );

  const definition = typeof applied === 'string' ? null : applied;
  const filters = { definition: JSON.stringify(definition ?? EMPTY_DEFINITION), ...(clientParam ? { client_id: clientParam } : {}) };
  const title = `Custom Search - ${KIND_TITLES[kind]}`;
  return (
    <section className="cs-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <nav aria-label="Kinds of custom search" className="cs-kinds">
        {(['self-assessment', 'ergo-eval', 'schedule-request', 'follow-up'] as SearchKind[]).map((k) =>
          k === kind ? (
            <span key={k} aria-current="page">
              {KIND_TITLES[k]}
            </span>
          ) : (
            <AppLink key={k} to={`/user/custom-search-${k}`}>
              {KIND_TITLES[k]}
            </AppLink>
          ),
        )}
      </nav>
      <form
        className="panel"
        aria-labelledby="builder-heading"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <h2 id="builder-heading">Conditions</h2>
        <FilterBuilder kind={kind} draft={draft} onChange={setDraft} />
        {problem && (
          <p role="alert" className="form-error">
            {problem}
          </p>
        )}
        <p>
          <button type="submit" className="button">
            Search
          </button>
        </p>
      </form>
      <SavedSearches
        kind={kind}
        current={definition}
        clientId={clientId}
        onLoad={(s) => {
          setDraft(toDraft(s.definition));
          setProblem(null);
          apply(s.definition);
        }}
      />
      <section aria-labelledby="results-heading" className="cs-results">
        <h2 id="results-heading">Results</h2>
        {typeof applied === 'string' && (
          <p role="alert" className="form-error">
            The search in this address cannot be run: {applied}
          </p>
        )}
        {failed && (
          <p role="alert" className="form-error">
            The results could not be loaded. Check the conditions and search again.
          </p>
        )}
        {total === 0 && <p className="muted">No records match this search. Remove a condition or choose “any condition” to widen it.</p>}
        {more && (
          <p className="muted">
            This search finds more than {total?.toLocaleString('en')} records. An export holds at most{' '}
            {MAX_EXPORT_ROWS.toLocaleString('en')}; above that it is refused, so add a condition first.
          </p>
        )}
        {definition && (
          <ServerGrid<Row>
            key={JSON.stringify(filters)}
            call="custom_search"
            params={{ kind }}
            filters={filters}
            columns={columns}
            noun={['record', 'records']}
            exportCall={total !== null && total > 0 ? 'custom_search_export' : undefined}
            extraExports={[{ label: 'Export Excel', query: { format: 'xlsx' } }]}
            onLoaded={(n, answer) => {
              setTotal(n);
              setMore(Boolean(answer.more));
              setFailed(false);
              if (typeof answer.client_id === 'number') setClientId(answer.client_id);
            }}
            onError={() => setFailed(true)}
            empty="No records match this search."
          />
        )}
      </section>
    </section>
  );
}
