import { useEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type { RouteName } from '../../../../generated/routes';
import type { GridDefinition, GridFilter } from '../../../shared/grid';
import { callByName } from '../../api/typed';
import { useSession } from '../../session/store';
import { callAllowed } from '../../session/can-call';
import { useLinkTarget } from '../links/app-link';
import { gridColumns, type CellText, type Row } from './grid-columns';
import { ServerGrid } from './server-grid';
import { useGridTexts } from '../../i18n/manifest-hooks';
import { useLocale, useT } from '../../i18n/texts';
import type { ApiCallName } from '../../../../generated/api';
import type { ApiResponse } from '../../../../generated/api-types';

/** The options of a filter: fixed in the manifest, or read once from the call it names. */
function useFilterOptions(filters: readonly GridFilter<string, ApiCallName>[]): Record<string, { value: string; label: string }[]> {
  const [loaded, setLoaded] = useState<Record<string, { value: string; label: string }[]>>({});
  // The sources as text: a grid's declaration is a new object on each render (its words are
  // translated), so the effect runs again only when what it would read really changes.
  const key = JSON.stringify(filters.flatMap((f) => (f.source ? [{ param: f.param, source: f.source }] : [])));
  useEffect(() => {
    const sources = JSON.parse(key) as { param: string; source: NonNullable<GridFilter<string, ApiCallName>['source']> }[];
    for (const { param, source } of sources) {
      const { call, list, value, label } = source;
      callByName(call).then(
        ({ data: answer }) => {
          const data = answer as Record<string, Row[]>;
          setLoaded((old) => ({
            ...old,
            [param]: (data[list] ?? []).map((row) => ({ value: String(row[value]), label: String(row[label]) })),
          }));
        },
        () => undefined,
      );
    }
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
/** The rows a list call answers, as its reply declares them (a grid's row actions receive these). */
export type RowOf<C extends ApiCallName> = ApiResponse<C> extends { rows: readonly (infer R)[] } ? R : Row;

/** The properties of a grid over the list call `C`. */
export type ManifestGridProps<C extends ApiCallName = ApiCallName> = {
  grid: GridDefinition<string, string, RouteName, ApiCallName> & { readonly call: C };
  /** Prefix of the toolbar fields' ids (unique on the page). */
  idPrefix: string;
  /** Buttons shown in the toolbar after the filters (e.g. Add). */
  children?: ReactNode;
  /** Filters set by the page itself rather than the reader (declared `input: page`, or fixed for this page). */
  fixed?: Readonly<Record<string, string>>;
  /** Values of the call path's own parameters, e.g. { id } for /admin/notifications/:id/recipients. */
  pathParams?: Readonly<Record<string, string | number>>;
  /** The declared columns to show (the rest stay hidden), e.g. the result columns of a search kind. */
  only?: readonly string[];
  /** How each `custom` column reads, by field. */
  cells?: Readonly<Record<string, CellText>>;
  /** Routes the page stands in (e.g. the viewer's own area), preferred where a link declares several. */
  prefer?: readonly RouteName[];
  /** Runs a row's button action (manifest `button`), with the row as the grid's call answers it. */
  onAction?: (button: string, row: RowOf<C>) => void;
} & Pick<ComponentProps<typeof ServerGrid>, 'refresh' | 'extraExports' | 'onLoaded' | 'onError' | 'pageSize' | 'rowId'> & {
    /** false: no CSV export link even if the grid declares one (e.g. while nothing matches). */
    exportable?: boolean;
  };

export function ManifestGrid<C extends ApiCallName>({
  grid: declared,
  idPrefix,
  children,
  fixed = {},
  pathParams = {},
  only,
  cells = {},
  onAction,
  prefer = [],
  ...paging
}: ManifestGridProps<C>) {
  const { exportable = true, ...serverProps } = paging;
  // The declaration's words in the reader's language (SPEC §2; keys grid.<name>.*, manifest-texts.ts).
  const grid = useGridTexts(declared);
  const t = useT();
  const yes = t('grid.yes');
  const no = t('grid.no');
  const locale = useLocale();
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const options = useFilterOptions(grid.filters);
  const target = useLinkTarget();
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  // Lists as text, so a page passing a new array with the same entries does not rebuild the columns.
  const onlyKey = only?.join(',');
  const preferKey = prefer.join(',');
  const cellFields = Object.keys(cells).join(',');
  // The page's latest functions, so the columns need not be rebuilt when the page renders again.
  const page = useRef({ onAction, cells, fixed });
  page.current = { onAction, cells, fixed };
  const columns = useMemo(
    () =>
      gridColumns(
        grid.columns,
        grid.actions,
        {
          target,
          canCall: (name) => callAllowed(name, user, client),
          // The rows come from the grid's own call, whose reply the server checks against the
          // manifest (RowOf<C>); the columns read them as plain records.
          onAction: (button, row) => page.current.onAction?.(button, row as RowOf<C>),
          cells: Object.fromEntries(
            (cellFields ? cellFields.split(',') : []).map((field) => [
              field,
              (value: unknown, row: Row) => page.current.cells[field]!(value, row),
            ]),
          ),
          prefer: (preferKey ? preferKey.split(',') : []) as RouteName[],
          values: () => page.current.fixed,
          yesNo: [yes, no],
          locale,
        },
        onlyKey?.split(','),
      ),
    // cells and onAction are read through `page`, so only the fields with their own words count here.
    [grid, yes, no, locale, target, user, client, onlyKey, preferKey, cellFields],
  );
  const filters = { ...(q.trim() ? { q: q.trim() } : {}), ...Object.fromEntries(Object.entries(chosen).filter(([, v]) => v)), ...fixed };
  return (
    <>
      {(grid.search || grid.filters.some((f) => f.input !== 'page' && !(f.param in fixed)) || children) && (
        <div className="admin-toolbar">
          {grid.search && (
            <div className="field">
              <label htmlFor={`${idPrefix}-search`}>{grid.search}</label>
              <input id={`${idPrefix}-search`} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
            </div>
          )}
          {grid.filters
            .filter((f) => f.input !== 'page' && !(f.param in fixed))
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
      )}
      <ServerGrid
        {...serverProps}
        call={grid.call}
        params={pathParams}
        exportCall={exportable ? (grid.exportCall ?? undefined) : undefined}
        columns={columns}
        noun={grid.noun}
        empty={grid.empty}
        filters={filters}
      />
    </>
  );
}
