import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ApiResponse } from '../../../../generated/api-types';
import { employeeSearchGrid } from '../../../../generated/grids';
import type { RouteName } from '../../../../generated/routes';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import type { CellText } from '../../components/grid/grid-columns';
import { AREA_NAMES, formatDate } from '../../components/reports/report-labels';
import { viewerOf, type Viewer } from './components/employee-viewer';
import './components/employees.css';

/** The client searched, its regions and how many employees it has (the first page of one row). */
type Scope = Pick<ApiResponse<'employee_search'>, 'client' | 'regions' | 'total'>;

/** The filters, in the address so a search can be bookmarked, shared and returned to (SPEC §2). */
const FILTER_NAMES = ['q', 'region', 'band', 'from', 'to', 'open_requests'] as const;
const BAND_LABELS: Record<string, string> = {
  low: 'Low risk',
  moderate: 'Moderate risk',
  high: 'High risk',
  none: 'No self-assessment yet',
};

/** Each viewer's own record route (employee-viewer.ts recordHref): the name links there. */
const RECORD_ROUTE: Record<Viewer, RouteName> = {
  manager: 'view_employee',
  client: 'client_employee_view',
  evaluator: 'evaluator_employee_view',
};

/** The words of the grid's own columns (manifest/grids/employee_search.yaml). */
const CELLS: Record<string, CellText> = {
  name: (_value, row) => `${String(row.first_name)} ${String(row.last_name)}`,
  last_assessment: (_value, row) =>
    row.last_assessment_at
      ? `${formatDate(String(row.last_assessment_at))} (${AREA_NAMES[String(row.last_area ?? '')] ?? String(row.last_area)})`
      : 'None yet',
};

/**
 * SPEC §2 /user/employee-search (the client's programme manager), /user/client-employee-search/:id?
 * (our client managers) and /user/evaluator-employee-search/:id (evaluators, for a client assigned to
 * them): one client's employees by name or e-mail, region, the band of their latest
 * self-assessment, its date and open evaluation requests, paged and sorted by the server, each row
 * leading to the employee's record in the viewer's own area.
 */
export default function EmployeeSearchPage({ route, params }: PageProps) {
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
        <h1>Employee search</h1>
        <p role="status">Loading the employee list…</p>
      </section>
    );
  if (scope === 'missing' || scope === 'error') {
    return (
      <section className="employees-page" aria-labelledby="page-heading">
        <h1 id="page-heading">Employee search</h1>
        <p role="alert">
          {scope === 'missing'
            ? 'This client is not one you look after, or it does not exist.'
            : 'The employee list could not be loaded. Please try again in a moment.'}
        </p>
      </section>
    );
  }
  return (
    <section className="employees-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Employee search: {scope.client.company_name}</h1>
      <p className="muted">
        Find an employee by the start of their name or e-mail address, or narrow the list by region, the risk band of their latest
        self-assessment, when they last took one, and whether they are waiting for a one-to-one evaluation.
      </p>
      {/* key: the form's defaults follow the address when it changes (back button, shared link). */}
      <form key={search.toString()} className="employee-filters" onSubmit={apply} role="search" aria-label="Employee filters">
        <div className="field">
          <label htmlFor="f-q">Name or e-mail</label>
          <input id="f-q" name="q" type="search" maxLength={100} defaultValue={filters.q ?? ''} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="f-region">Region</label>
          <select id="f-region" name="region" defaultValue={filters.region ?? ''}>
            <option value="">All regions</option>
            {scope.regions.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-band">Latest band</label>
          <select id="f-band" name="band" defaultValue={filters.band ?? ''}>
            <option value="">Any band</option>
            {Object.entries(BAND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-from">Last assessed from</label>
          <input id="f-from" name="from" type="date" defaultValue={filters.from ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="f-to">Last assessed to</label>
          <input id="f-to" name="to" type="date" defaultValue={filters.to ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="f-open">Open evaluation requests</label>
          <select id="f-open" name="open_requests" defaultValue={filters.open_requests ?? ''}>
            <option value="">Either</option>
            <option value="yes">Has an open request</option>
            <option value="no">No open request</option>
          </select>
        </div>
        <div className="employee-filter-actions">
          <button type="submit" className="button">
            Search
          </button>
          {Object.keys(filters).length > 0 && (
            <button type="button" className="button secondary" onClick={() => setSearch(new URLSearchParams())}>
              Clear filters
            </button>
          )}
        </div>
      </form>
      {scope.total === 0 ? (
        <p>No employees of {scope.client.company_name} are registered yet.</p>
      ) : (
        <ManifestGrid
          grid={employeeSearchGrid}
          idPrefix="employees"
          fixed={{ ...filters, client_id: String(scope.client.id) }}
          cells={CELLS}
          prefer={[RECORD_ROUTE[viewer]]}
        />
      )}
    </section>
  );
}
