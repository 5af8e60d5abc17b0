import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import { href, type RouteName } from '../../../../generated/routes';
import type { GridColumn, GridDefinition, GridFilter } from '../../../shared/grid';
import { call } from '../../api/typed';
import { useLinkTarget } from '../links/app-link';
import { ServerGrid } from './server-grid';
import { apiRoutes } from '../../../../generated/api-types';
import type { ApiCallName } from '../../../../generated/api';

/** The GET call the manifest grid's export path belongs to (generated/grids.ts names the path only). */
function exportCallOf(path: string | null): ApiCallName | undefined {
  if (!path) return undefined;
  return (Object.keys(apiRoutes) as ApiCallName[]).find((name) => apiRoutes[name][0] === 'GET' && apiRoutes[name][1] === path);
}

type Row = Record<string, unknown>;

/** How a column's values read (manifest/grids/*.yaml `type`, `labels`, `blank`). */
function formatter(column: GridColumn): ((p: ValueFormatterParams<Row>) => string) | undefined {
  const blank = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  const words = (value: unknown) => (column.labels && typeof value === 'string' ? (column.labels[value] ?? value) : String(value));
  switch (column.type) {
    case 'date':
      return (p) => (blank(p.value) ? column.blank : new Date(p.value as string).toISOString().slice(0, 10));
    case 'datetime':
      return (p) => (blank(p.value) ? column.blank : new Date(p.value as string).toISOString().replace('T', ' ').slice(0, 19));
    case 'yesno':
      return (p) => (p.value ? 'Yes' : 'No');
    case 'list':
      return (p) => (blank(p.value) ? column.blank : (p.value as unknown[]).map(words).join(', '));
    default:
      return column.labels || column.blank ? (p) => (blank(p.value) ? column.blank : words(p.value)) : undefined;
  }
}

/** The options of a filter: fixed in the manifest, or read once from the call it names. */
function useFilterOptions(filters: readonly GridFilter[]): Record<string, { value: string; label: string }[]> {
  const [loaded, setLoaded] = useState<Record<string, { value: string; label: string }[]>>({});
  const key = JSON.stringify(filters.map((f) => f.source));
  useEffect(() => {
    for (const filter of filters) {
      if (!filter.source) continue;
      const { call: source, list, value, label } = filter.source;
      call(source as 'admin_lookups').then(
        ({ data: answer }) => {
          const data = answer as Record<string, Row[]>;
          setLoaded((old) => ({
            ...old,
            [filter.param]: (data[list] ?? []).map((row) => ({ value: String(row[value]), label: String(row[label]) })),
          }));
        },
        () => undefined,
      );
    }
    // The sources are fixed per grid; the key stands for them (no hooks lint rule is configured).
  }, [key]);
  return Object.fromEntries(filters.map((f) => [f.param, f.values ? [...f.values] : (loaded[f.param] ?? [])]));
}

/**
 * One server-paged list as manifest/grids/<name>.yaml declares it (generated/grids.ts): its search
 * box and filters, its columns, the row actions the reader may open (`useLinkTarget`, the route
 * guard's own rule, and the row's `when` field the server decides) and its CSV export. The server
 * parses the same declaration (src/server/http/grid-query.ts), so the two cannot disagree.
 *
 * @example
 *   <ManifestGrid grid={userGroupsGrid} idPrefix="group">{addButton}</ManifestGrid>
 */
export function ManifestGrid({
  grid,
  idPrefix,
  children,
  fixed = {},
}: {
  grid: GridDefinition<string, string, RouteName>;
  /** Prefix of the toolbar fields' ids (unique on the page). */
  idPrefix: string;
  /** Buttons shown in the toolbar after the filters (e.g. Add). */
  children?: ReactNode;
  /** Filters set by the page itself rather than the reader. */
  fixed?: Readonly<Record<string, string>>;
}) {
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const options = useFilterOptions(grid.filters);
  const target = useLinkTarget();
  const columns = useMemo<ColDef<Row>[]>(
    () => [
      ...grid.columns.map((c): ColDef<Row> => ({
        field: c.field,
        headerName: c.heading,
        sortable: c.sortable,
        valueFormatter: formatter(c),
        ...(c.type === 'code' ? { cellRenderer: (p: { value?: unknown }) => <code>{String(p.value ?? '')}</code> } : {}),
        ...(c.type === 'image'
          ? {
              cellRenderer: (p: { value?: unknown; data?: Row }) =>
                p.value ? (
                  <img
                    src={String(p.value)}
                    alt={`${c.alt && p.data ? String(p.data[c.alt]) : ''} ${c.heading.toLowerCase()}`.trim()}
                    height={28}
                  />
                ) : null,
            }
          : {}),
        ...(c.width ? { minWidth: c.width } : {}),
        ...(c.flex !== null ? { flex: c.flex } : {}),
      })),
      ...grid.actions.map((action): ColDef<Row> => ({
        headerName: action.label,
        sortable: false,
        flex: 0,
        width: action.otherwise ? 120 : 90,
        minWidth: action.otherwise ? 120 : 90,
        resizable: false,
        cellRenderer: (p: { data?: Row }) => {
          const row = p.data;
          if (!row) return null;
          if (action.when && row[action.when] !== true) return action.otherwise;
          const params = Object.fromEntries(Object.entries(action.params).map(([name, field]) => [name, String(row[field])]));
          const query = new URLSearchParams(Object.entries(action.query).map(([name, field]) => [name, String(row[field])])).toString();
          const path = (href as (name: RouteName, params?: Record<string, string>) => string)(action.route, params);
          const to = target(path);
          if (to === null) return null;
          return (
            <Link to={query ? `${to}?${query}` : to}>
              {action.label}
              {action.describe && <span className="visually-hidden"> {String(row[action.describe])}</span>}
            </Link>
          );
        },
      })),
    ],
    [grid, target],
  );
  const filters = { ...(q.trim() ? { q: q.trim() } : {}), ...Object.fromEntries(Object.entries(chosen).filter(([, v]) => v)), ...fixed };
  return (
    <>
      <div className="admin-toolbar">
        {grid.search && (
          <div className="field">
            <label htmlFor={`${idPrefix}-search`}>{grid.search}</label>
            <input id={`${idPrefix}-search`} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </div>
        )}
        {grid.filters
          .filter((f) => !(f.param in fixed))
          .map((f) =>
            f.input !== 'select' ? (
              <div className="field" key={f.param}>
                <label htmlFor={`${idPrefix}-${f.param}`}>{f.label}</label>
                <input
                  id={`${idPrefix}-${f.param}`}
                  type={f.input === 'date' ? 'date' : 'search'}
                  value={chosen[f.param] ?? ''}
                  onChange={(e) => setChosen((old) => ({ ...old, [f.param]: e.target.value }))}
                />
              </div>
            ) : (
              <div className="field" key={f.param}>
                <label htmlFor={`${idPrefix}-${f.param}`}>{f.label}</label>
                <select
                  id={`${idPrefix}-${f.param}`}
                  value={chosen[f.param] ?? ''}
                  onChange={(e) => setChosen((old) => ({ ...old, [f.param]: e.target.value }))}
                >
                  <option value="">{f.all}</option>
                  {options[f.param].map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            ),
          )}
        {children}
      </div>
      <ServerGrid<Row>
        call={grid.call as ApiCallName}
        exportCall={exportCallOf(grid.exportPath)}
        columns={columns}
        noun={grid.noun}
        empty={grid.empty}
        filters={filters}
      />
    </>
  );
}
