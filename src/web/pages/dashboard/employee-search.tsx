import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from '../../app/history';
import type { ApiResponse } from '../../../../generated/api-types';
import { employeeSearchGrid } from '../../../../generated/grids';
import type { RouteName } from '../../../../generated/routes';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import type { CellText } from '../../components/grid/grid-columns';
import { areaName, formatDate } from '../../components/reports/report-labels';
import { viewerOf, type Viewer } from './components/employee-viewer';
import './components/employees.css';
import type { InterfaceKey } from '../../i18n/keys';
import { useLocale, useT, type T } from '../../i18n/texts';
import { FilterPanel } from '../../shell/filter-panel';
import { useWorkingClient } from '../../shell/working-client';

/** The client searched, its regions and how many employees it has (the first page of one row). */
type Scope = Pick<ApiResponse<'employee_search'>, 'client' | 'regions' | 'total'>;

/** The filters, in the address so a search can be bookmarked, shared and returned to (SPEC §2). */
const FILTER_NAMES = ['q', 'region', 'band', 'from', 'to', 'open_requests'] as const;
const BAND_LABELS: Record<string, InterfaceKey> = {
  low: 'staff.es.band_low',
  moderate: 'staff.es.band_moderate',
  high: 'staff.es.band_high',
  none: 'staff.es.band_none',
};

/** Each viewer's own record route (employee-viewer.ts recordHref): the name links there. */
const RECORD_ROUTE: Record<Viewer, RouteName> = {
  manager: 'view_employee',
  client: 'client_employee_view',
  evaluator: 'evaluator_employee_view',
};

/** The words of the grid's own columns (manifest/grids/employee_search.yaml). */
const cellsIn = (t: T, locale: string): Record<string, CellText> => ({
  name: (_value, row) => `${String(row.first_name)} ${String(row.last_name)}`,
  last_assessment: (_value, row) =>
    row.last_assessment_at
      ? `${formatDate(String(row.last_assessment_at), locale)} (${areaName(t, String(row.last_area ?? ''))})`
      : t('staff.es.none_yet'),
});

/**
 * SPEC §2 /user/employee-search (the client's programme manager), /user/client-employee-search/:id?
 * (our client managers) and /user/evaluator-employee-search/:id (evaluators, for a client assigned to
 * them): one client's employees by name or e-mail, region, the band of their latest
 * self-assessment, its date and open evaluation requests, paged and sorted by the server, each row
 * leading to the employee's record in the viewer's own area.
 */
export default function EmployeeSearchPage({ route, params }: PageProps) {
  const t = useT();
  const locale = useLocale();
  const viewer = viewerOf(route.name);
  const [search, setSearch] = useSearchParams();
  const [scope, setScope] = useState<Scope | null | 'missing' | 'error'>(null);
  const clientParam = params.id ?? '';
  const filters = useMemo(() => {
    const picked: Record<string, string> = {};
    for (const name of FILTER_NAMES) {
      const v = search.get(name);
      if (v) picked[name] = v;
    }
    return picked;
  }, [search]);

  useEffect(() => {
    setScope(null);
    call('employee_search', { query: { size: 1, client_id: clientParam || undefined } }, { quiet: true }).then(
      ({ data }) => setScope(data),
      (e: { status?: number }) => setScope(e?.status === 404 ? 'missing' : 'error'),
    );
  }, [clientParam]);

  // The header names the client searched (SPEC §2 client managers).
  useWorkingClient(scope && typeof scope === 'object' ? { id: scope.client.id, name: scope.client.company_name } : null);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) {
      const v = String(form.get(name) ?? '').trim();
      if (v) next.set(name, v);
    }
    setSearch(next);
  }

  if (scope === null)
    return (
      <section className="employees-page">
        <h1>{t('staff.es.title')}</h1>
        <p role="status">{t('staff.es.loading')}</p>
      </section>
    );
  if (scope === 'missing' || scope === 'error') {
    return (
      <section className="employees-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{t('staff.es.title')}</h1>
        <p role="alert">{scope === 'missing' ? t('staff.es.missing') : t('staff.es.failed')}</p>
      </section>
    );
  }
  return (
    <section className="employees-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('staff.es.title_client', { client: scope.client.company_name })}</h1>
      <p className="muted">{t('staff.es.intro')}</p>
      {/* key: the form's defaults follow the address when it changes (back button, shared link). */}
      <FilterPanel>
        <form key={search.toString()} className="employee-filters" onSubmit={apply} role="search" aria-label={t('staff.es.filters')}>
          <div className="field">
            <label htmlFor="f-q">{t('staff.es.name_or_email')}</label>
            <input id="f-q" name="q" type="search" maxLength={100} defaultValue={filters.q ?? ''} autoComplete="off" />
          </div>
          <div className="field">
            <label htmlFor="f-region">{t('staff.overview.region')}</label>
            <select id="f-region" name="region" defaultValue={filters.region ?? ''}>
              <option value="">{t('staff.all_regions')}</option>
              {scope.regions.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-band">{t('staff.es.latest_band')}</label>
            <select id="f-band" name="band" defaultValue={filters.band ?? ''}>
              <option value="">{t('staff.es.any_band')}</option>
              {Object.entries(BAND_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-from">{t('staff.es.assessed_from')}</label>
            <input id="f-from" name="from" type="date" defaultValue={filters.from ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="f-to">{t('staff.es.assessed_to')}</label>
            <input id="f-to" name="to" type="date" defaultValue={filters.to ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="f-open">{t('staff.es.open_requests')}</label>
            <select id="f-open" name="open_requests" defaultValue={filters.open_requests ?? ''}>
              <option value="">{t('staff.es.either')}</option>
              <option value="yes">{t('staff.es.has_open')}</option>
              <option value="no">{t('staff.es.no_open')}</option>
            </select>
          </div>
          <div className="employee-filter-actions">
            <button type="submit" className="button">
              {t('staff.search')}
            </button>
            {Object.keys(filters).length > 0 && (
              <button type="button" className="button secondary" onClick={() => setSearch(new URLSearchParams())}>
                {t('staff.clear_filters')}
              </button>
            )}
          </div>
        </form>
      </FilterPanel>
      {scope.total === 0 ? (
        <p>{t('staff.es.none_registered', { client: scope.client.company_name })}</p>
      ) : (
        <ManifestGrid
          grid={employeeSearchGrid}
          idPrefix="employees"
          fixed={{ ...filters, client_id: String(scope.client.id) }}
          cells={cellsIn(t, locale)}
          prefer={[RECORD_ROUTE[viewer]]}
        />
      )}
    </section>
  );
}
