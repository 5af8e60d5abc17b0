import { useMemo, useState } from 'react';
import { useSearchParams } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { DeferredManifestGrid } from '../../components/grid/deferred-grid';
import { AppLink } from '../../components/links/app-link';
import { CUSTOM_SEARCH_GRIDS, KIND_TITLES, MAX_EXPORT_ROWS, SEARCH_KINDS } from '../../../shared/search/fields';
import { EMPTY_DEFINITION, parseDefinition, parseDefinitionText, type SearchDefinition } from '../../../shared/search/validate';
import { ClientPicker, useFigures } from './components/activity/activity-parts';
import { FilterBuilder, toDefinition, toDraft, type Draft } from './components/filter-builder';
import { SavedSearches } from './components/saved-searches';
import { kindHref, kindOfRoute } from './components/search-kind';
import './components/custom-search.css';
import { useLocale, useT } from '../../i18n/texts';
import { codeCells, conditionProblem, kindTitle } from './components/search-labels';

/**
 * SPEC §2 /user/custom-search-self-assessment, -ergo-eval, -schedule-request, -follow-up (permission
 * custom-search): build a search from conditions, see the client's matching records in a server-paged
 * grid linking to each record, save and reload searches, export CSV or Excel. The applied search lives
 * in the address (?definition=…&client_id=…), so reloading or sharing the address shows the same results.
 * Whoever may see more than one client (a client manager's assigned clients, SPEC §1 "who sees what")
 * chooses the client first; saved searches are listed and saved per client.
 */
export default function CustomSearchPage({ route }: PageProps) {
  const t = useT();
  const locale = useLocale();
  const kind = kindOfRoute(route.name);
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => parseDefinitionText(kind, params.get('definition') ?? undefined), [kind, params]);
  const clientParam = params.get('client_id') ?? '';
  const definition = typeof applied === 'string' ? null : applied;
  const [draft, setDraft] = useState<Draft>(() => toDraft(typeof applied === 'string' ? EMPTY_DEFINITION : applied));
  const [problem, setProblem] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState(false);
  const choices = useFigures('custom_search_clients');
  const known = choices && choices !== 'failed' ? choices : null;
  // The client in the address, else the caller's default one (the server's resolveClient).
  const clientId = clientParam ? Number(clientParam) : (known?.client_id ?? null);

  const apply = (chosen: SearchDefinition | null, client: number | null = clientId) => {
    const next = new URLSearchParams(params);
    if (chosen) next.set('definition', JSON.stringify(chosen));
    if (client !== null) next.set('client_id', String(client));
    setParams(next);
    setTotal(null);
    setMore(false);
    setFailed(false);
  };
  const search = () => {
    const checked = parseDefinition(kind, toDefinition(kind, draft));
    if (typeof checked === 'string') {
      setProblem(conditionProblem(t, kind, draft.conditions, checked));
      return;
    }
    setProblem(null);
    apply(checked);
  };

  const filters = { definition: JSON.stringify(definition ?? EMPTY_DEFINITION), ...(clientParam ? { client_id: clientParam } : {}) };
  const title = t('staff.cs.title', { kind: kindTitle(t, kind, KIND_TITLES[kind]) });
  return (
    <section className="cs-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <nav aria-label={t('staff.cs.kinds')} className="cs-kinds">
        {SEARCH_KINDS.map((k) =>
          k === kind ? (
            <span key={k} aria-current="page">
              {kindTitle(t, k, KIND_TITLES[k])}
            </span>
          ) : (
            <AppLink key={k} to={kindHref(k, clientParam)}>
              {kindTitle(t, k, KIND_TITLES[k])}
            </AppLink>
          ),
        )}
      </nav>
      {choices === 'failed' && (
        <p role="alert" className="form-error">
          {t('staff.cs.clients_failed')}
        </p>
      )}
      {known && clientId !== null && <ClientPicker clients={known.clients} value={clientId} onPick={(id) => apply(definition, id)} />}
      <form
        className="panel"
        aria-labelledby="builder-heading"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <h2 id="builder-heading">{t('staff.cs.conditions')}</h2>
        <FilterBuilder kind={kind} draft={draft} onChange={setDraft} />
        {problem && (
          <p role="alert" className="form-error">
            {problem}
          </p>
        )}
        <p>
          <button type="submit" className="button">
            {t('staff.search')}
          </button>
        </p>
      </form>
      {clientId !== null && (
        <SavedSearches
          key={clientId}
          kind={kind}
          current={definition}
          clientId={clientId}
          onLoad={(s) => {
            setDraft(toDraft(s.definition));
            setProblem(null);
            apply(s.definition, s.client_id);
          }}
        />
      )}
      <section aria-labelledby="results-heading" className="cs-results">
        <h2 id="results-heading">{t('staff.overview.results')}</h2>
        {typeof applied === 'string' && (
          <p role="alert" className="form-error">
            {t('staff.cs.bad_address', { problem: applied })}
          </p>
        )}
        {failed && (
          <p role="alert" className="form-error">
            {t('staff.cs.results_failed')}
          </p>
        )}
        {total === 0 && <p className="muted">{t('staff.cs.no_match')}</p>}
        {more && (
          <p className="muted">
            {t('staff.cs.too_many', { count: total?.toLocaleString(locale) ?? '', max: MAX_EXPORT_ROWS.toLocaleString(locale) })}
          </p>
        )}
        {definition && (
          <DeferredManifestGrid
            key={JSON.stringify(filters)}
            grid={CUSTOM_SEARCH_GRIDS[kind]}
            idPrefix="results"
            pathParams={{ kind }}
            fixed={filters}
            cells={codeCells(t)}
            exportable={total !== null && total > 0}
            extraExports={[{ label: t('staff.cs.export_excel'), query: { format: 'xlsx' } }]}
            onLoaded={(n, answer) => {
              setTotal(n);
              setMore(Boolean(answer.more));
              setFailed(false);
            }}
            onError={() => setFailed(true)}
          />
        )}
      </section>
    </section>
  );
}
