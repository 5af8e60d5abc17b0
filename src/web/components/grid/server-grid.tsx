import { useEffect, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  RowAutoHeightModule,
  TooltipModule,
  ValidationModule,
  themeQuartz,
  type ColDef,
  type GridApi,
  type IDatasource,
} from 'ag-grid-community';
import type { ApiCallName } from '../../../../generated/api';
import { callUrl } from '../../api/call-url';
import { callByName } from '../../api/typed';
import { useLanguage, useLocale, useT } from '../../i18n/texts';
import { gridLocaleText } from './grid-locale';
import './grid.css';

/**
 * Only the AG Grid modules our grids use, so the rest stays out of the bundle: the infinite row
 * model (every list pages on the server), LocaleModule (without it AG Grid ignores localeText and
 * speaks English, SPEC §2), RowAutoHeightModule (columns declared `wrap: true` grow their row;
 * without it AG Grid stops with error #200), TooltipModule (a cut value shows whole on hover) and
 * CellStyleModule (figures aligned right). Sorting, filters, paging and CSV export run on the server,
 * so their modules are left out. ValidationModule explains misuse in words during development only
 * (`import.meta.env.DEV` is false in the build, which drops it).
 */
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  LocaleModule,
  RowAutoHeightModule,
  TooltipModule,
  CellStyleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

interface ServerGridProps<Row> {
  /** The grid call by manifest name, e.g. 'admin_user_groups'; it answers { rows, total }. */
  readonly call: ApiCallName;
  /** Its path parameters (and the export's), e.g. { kind } for custom_search. */
  readonly params?: Readonly<Record<string, string | number>>;
  /** Filters sent with every page (and with the export), e.g. { q, client_id }. */
  readonly filters: Readonly<Record<string, string>>;
  readonly columns: ColDef<Row>[];
  /** The CSV export call by manifest name, when the list has one. */
  readonly exportCall?: ApiCallName;
  /** Words for the count: ['user group', 'user groups']. */
  readonly noun: readonly [string, string];
  readonly empty: string;
  /** Changing this number reloads the rows (e.g. while deliveries are in progress). */
  readonly refresh?: number;
  /** Further downloads of the same filtered, sorted list from exportCall, e.g. [{ label: 'Export Excel', query: { format: 'xlsx' } }]. */
  readonly extraExports?: readonly { readonly label: string; readonly query: Readonly<Record<string, string>> }[];
  /** Called with each page's answer (the count, rows), e.g. for an empty state outside the grid. */
  readonly onLoaded?: (total: number, answer: Readonly<Record<string, unknown>>) => void;
  /** Called when a page could not be loaded. */
  readonly onError?: () => void;
  /** Rows asked of the server at a time (100 unless the list promises another, e.g. the evaluator queue's 50). */
  readonly pageSize?: number;
  /** A row field that identifies the row: the row's `row-id` in the page, kept across reloads. */
  readonly rowId?: string;
}

/** Lists up to this long are shown whole, the grid as high as its rows. */
const FIT_ROWS = 12;

/** Columns share the width; a long heading wraps rather than being cut. */
const DEFAULT_COLUMN: ColDef = { flex: 1, minWidth: 110, resizable: true, wrapHeaderText: true, autoHeaderHeight: true };

/**
 * An AG Grid with the infinite row model whose paging, sorting and filtering run on the server
 * (like /admin/all_users), with a live count and a CSV export of the same filtered, sorted list.
 *
 * @example
 *   <ServerGrid call="admin_user_groups" filters={{ q }} columns={columns} noun={['group', 'groups']} empty="No groups yet." />
 */
export function ServerGrid<Row>({
  call: name,
  params = {},
  filters,
  columns,
  exportCall,
  noun,
  empty,
  refresh = 0,
  extraExports = [],
  onLoaded,
  onError,
  pageSize = 100,
  rowId,
}: ServerGridProps<Row>) {
  const t = useT();
  const locale = useLocale();
  const language = useLanguage();
  // The same object while the words stay the same: AG Grid takes localeText when it starts (a new
  // language remounts the grid, see its key), so it should not see a "change" on every render.
  const localeWords = JSON.stringify(gridLocaleText(t));
  const localeText = useMemo(() => JSON.parse(localeWords) as Record<string, string>, [localeWords]);
  const loaded = useRef({ onLoaded, onError });
  loaded.current = { onLoaded, onError };
  const [total, setTotal] = useState<number | null>(null);
  const [more, setMore] = useState(false);
  const [sort, setSort] = useState<{ sort: string; dir: string } | null>(null);
  const grid = useRef<GridApi<Row> | null>(null);
  const key = JSON.stringify(filters);
  const paramKey = JSON.stringify(params);
  const datasource = useMemo<IDatasource>(
    () => ({
      getRows(request) {
        const order = request.sortModel[0];
        setSort(order ? { sort: order.colId, dir: order.sort } : null);
        const query = {
          ...(JSON.parse(key) as Record<string, string>),
          start: String(request.startRow),
          size: String(request.endRow - request.startRow),
          ...(order ? { sort: order.colId, dir: order.sort } : {}),
        };
        callByName(name, { params: JSON.parse(paramKey) as Record<string, string | number>, query }).then(
          ({ data: answer }) => {
            const data = answer as { rows: Row[]; total: number; more?: boolean };
            // A capped count (`more`): the total is a floor, so the grid asks for pages until one comes back short.
            const last = data.more
              ? data.rows.length < request.endRow - request.startRow
                ? request.startRow + data.rows.length
                : -1
              : data.total;
            setTotal(data.total);
            setMore(Boolean(data.more));
            loaded.current.onLoaded?.(data.total, data);
            request.successCallback(data.rows, last);
          },
          () => {
            loaded.current.onError?.();
            request.failCallback();
          },
        );
      },
    }),
    [name, paramKey, key],
  );
  useEffect(() => {
    grid.current?.setGridOption('datasource', datasource);
  }, [datasource]);
  useEffect(() => {
    if (refresh) grid.current?.refreshInfiniteCache();
  }, [refresh]);
  // A short list (all of it in the first page) takes only the height of its rows, rather than a
  // fixed box mostly empty; a long one keeps the box and scrolls inside it.
  // An empty one keeps a short box for its "nothing yet" words (AG Grid shows no overlay at auto height).
  const fits = total !== null && !more && total > 0 && total <= FIT_ROWS;
  const box = total === 0 ? 'admin-grid admin-grid-empty' : fits ? 'admin-grid admin-grid-fit' : 'admin-grid';
  const exportQuery = { ...filters, ...(sort ?? {}) };
  const exportHref = (extra: Readonly<Record<string, string>> = {}) =>
    exportCall ? callUrl(exportCall, params as never, { ...exportQuery, ...extra } as never) : undefined;
  return (
    <>
      <div className="admin-toolbar">
        <p role="status" aria-live="polite">
          {total === null
            ? t('grid.loading', { noun: noun[1] })
            : more
              ? t('grid.more', { count: total.toLocaleString(locale), noun: noun[1] })
              : t('grid.count', { count: total, noun: total === 1 ? noun[0] : noun[1] })}
        </p>
        {exportCall && (
          <a className="button secondary" href={exportHref()} download>
            {t('grid.export_csv')}
          </a>
        )}
        {exportCall &&
          extraExports.map((e) => (
            <a key={e.label} className="button secondary" href={exportHref(e.query)} download>
              {e.label}
            </a>
          ))}
      </div>
      <div className={box}>
        <AgGridReact<Row>
          key={language}
          domLayout={fits ? 'autoHeight' : 'normal'}
          theme={themeQuartz}
          rowModelType="infinite"
          cacheBlockSize={pageSize}
          {...(rowId ? { getRowId: (p: { data: Row }) => String((p.data as Record<string, unknown>)[rowId]) } : {})}
          columnDefs={columns}
          defaultColDef={DEFAULT_COLUMN}
          // A value cut at the column's edge shows whole on hover and keyboard focus (TooltipModule).
          tooltipShowMode="whenTruncated"
          tooltipShowDelay={300}
          datasource={datasource}
          onGridReady={(e) => {
            grid.current = e.api;
          }}
          overlayNoRowsTemplate={empty}
          // AG Grid's own words in the reader's language; a new language gives a new grid (the key
          // below), as AG Grid reads localeText only when it starts.
          localeText={localeText}
        />
      </div>
    </>
  );
}
