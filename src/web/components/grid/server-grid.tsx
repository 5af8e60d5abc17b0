import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import type { ApiCallName } from '../../../../generated/api';
import { callUrl } from '../../api/call-url';
import { callByName } from '../../api/typed';
import { useLocale, useT } from '../../i18n/texts';
import { usePhonePageSize } from './phone-page-size';
import type { GridCol, Row } from './grid-columns';
import { moveInGrid } from './grid-keys';
import './grid.css';

interface ServerGridProps {
  /** The grid call by manifest name, e.g. 'admin_user_groups'; it answers { rows, total }. */
  readonly call: ApiCallName;
  /** Its path parameters (and the export's), e.g. { kind } for custom_search. */
  readonly params?: Readonly<Record<string, string | number>>;
  /** Filters sent with every page (and with the export), e.g. { q, client_id }. */
  readonly filters: Readonly<Record<string, string>>;
  readonly columns: readonly GridCol[];
  /** The CSV export call by manifest name, when the list has one. */
  readonly exportCall?: ApiCallName;
  /** Words for the count: ['user group', 'user groups']. */
  readonly noun: readonly [string, string];
  readonly empty: string;
  /** Changing this number reloads the rows shown (e.g. while deliveries are in progress). */
  readonly refresh?: number;
  /** Further downloads of the same filtered, sorted list from exportCall, e.g. [{ label: 'Export Excel', query: { format: 'xlsx' } }]. */
  readonly extraExports?: readonly { readonly label: string; readonly query: Readonly<Record<string, string>> }[];
  /** Called with each page's answer (the count, rows), e.g. for an empty state outside the grid. */
  readonly onLoaded?: (total: number, answer: Readonly<Record<string, unknown>>) => void;
  /** Called when a page could not be loaded. */
  readonly onError?: () => void;
  /** Rows asked of the server at a time: 100, or 20 cards on a phone (phone-page-size.ts), unless the list promises another (the evaluator queue's 50). */
  readonly pageSize?: number;
  /** A row field that identifies the row: the row's `data-row-id` in the page, kept across reloads. */
  readonly rowId?: string;
}

interface Answer {
  readonly rows: Row[];
  readonly total: number;
  /** A capped count: the total is a floor, and pages are asked for until one comes back short. */
  readonly more?: boolean;
}

interface Loaded {
  readonly rows: readonly Row[];
  readonly total: number | null;
  readonly more: boolean;
  /** Every row is here. */
  readonly done: boolean;
  readonly failed: boolean;
}

const START: Loaded = { rows: [], total: null, more: false, done: false, failed: false };
type Sort = { readonly sort: string; readonly dir: 'asc' | 'desc' } | null;

/** A header's next order when pressed: ascending, descending, then the list's own order again. */
const nextSort = (sort: Sort, id: string): Sort =>
  sort?.sort !== id ? { sort: id, dir: 'asc' } : sort.dir === 'asc' ? { sort: id, dir: 'desc' } : null;

/**
 * A server-paged list (like /admin/all_users) as an ARIA grid (WAI-ARIA APG "Data Grid"): paging,
 * sorting and filtering run on the server, which answers `{ rows, total }` a page at a time; the next
 * page loads as the reader scrolls to the end of what is shown. A live count and the CSV (and other)
 * exports of the same filtered, sorted list sit above it. On a wide screen the rows are a table that
 * scrolls sideways inside its own box when the columns need more room than the page gives; in a
 * narrow box (a phone) each row is a card of heading and value pairs (grid.css), so nothing is cut
 * and the page never scrolls sideways (src/web/README.md). Keyboard: Tab reaches the grid, the arrow
 * keys, Home, End, Page Up and Page Down move between cells (grid-keys.ts), and Enter opens a
 * cell's link or button or a heading's sort.
 *
 * @example
 *   <ServerGrid call="admin_user_groups" filters={{ q }} columns={columns} noun={['group', 'groups']} empty="No groups yet." />
 */
export function ServerGrid({
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
  pageSize: askedSize,
  rowId,
}: ServerGridProps) {
  // Every grid pages as the equipment grid does: 100 rows on a desktop, 20 cards on a phone.
  const phoneAware = usePhonePageSize();
  const pageSize = askedSize ?? phoneAware;
  const t = useT();
  const locale = useLocale();
  const hint = useId();
  const callbacks = useRef({ onLoaded, onError });
  callbacks.current = { onLoaded, onError };
  const [sort, setSort] = useState<Sort>(null);
  const [loaded, setLoaded] = useState<Loaded>(START);
  const [busy, setBusy] = useState(false);
  // The cell that takes Tab into the grid: the last one focused (a single tab stop, APG "Data Grid").
  const [active, setActive] = useState<readonly [number, number]>([0, 0]);
  const shown = useRef(loaded);
  shown.current = loaded;
  // Answers of an earlier query (other filters, another sort, a reload) are dropped when they arrive late.
  const generation = useRef(0);
  const pending = useRef(false);
  const sentinel = useRef<HTMLTableRowElement | null>(null);
  const query = JSON.stringify({ name, params, filters, sort });

  /** The pages from `from` on that hold `count` rows, asked together; null when a later query has begun. */
  const fetchRows = (from: number, count: number) => {
    const mine = generation.current;
    const asked = JSON.parse(query) as { name: ApiCallName; params: Record<string, string | number>; filters: Record<string, string> };
    const starts = Array.from({ length: Math.max(1, Math.ceil(count / pageSize)) }, (_, i) => from + i * pageSize);
    pending.current = true;
    setBusy(true);
    const settle = () => {
      pending.current = false;
      setBusy(false);
    };
    return Promise.all(
      starts.map((start) =>
        callByName(asked.name, {
          params: asked.params,
          query: { ...asked.filters, start: String(start), size: String(pageSize), ...(sort ?? {}) },
        }).then(({ data }) => data as unknown as Answer),
      ),
    ).then(
      (answers) => {
        if (mine !== generation.current) return;
        settle();
        const last = answers[answers.length - 1]!;
        const rows = [...(from === 0 ? [] : shown.current.rows), ...answers.flatMap((a) => a.rows)];
        const more = Boolean(last.more);
        // A capped count (`more`): the total is a floor, so pages are asked for until one comes back short.
        const done = last.rows.length < pageSize || (!more && rows.length >= last.total);
        setLoaded({ rows, total: last.total, more, done, failed: false });
        callbacks.current.onLoaded?.(last.total, last as unknown as Record<string, unknown>);
      },
      () => {
        if (mine !== generation.current) return;
        settle();
        setLoaded((old) => ({ ...old, done: true, failed: true }));
        callbacks.current.onError?.();
      },
    );
  };

  // Another query (filters, sort, call): its first page in place of the rows shown.
  useEffect(() => {
    generation.current += 1;
    setLoaded(START);
    void fetchRows(0, pageSize);
    // fetchRows reads the query it is built with; `query` names all of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, pageSize]);

  // A reload asked by the page: the rows shown so far, read again, where the reader is.
  useEffect(() => {
    if (!refresh) return;
    generation.current += 1;
    void fetchRows(0, Math.max(pageSize, shown.current.rows.length));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);

  // The next page once the end of the rows shown scrolls into view (inside the grid's box or the page).
  useEffect(() => {
    const end = sentinel.current;
    if (!end || loaded.done || loaded.total === null) return;
    const watch = new IntersectionObserver((seen) => {
      if (seen.some((e) => e.isIntersecting) && !pending.current) void fetchRows(shown.current.rows.length, pageSize);
    });
    watch.observe(end);
    return () => watch.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, query]);

  const { rows, total, more, done, failed } = loaded;
  const exportQuery = { ...filters, ...(sort ?? {}) };
  const exportHref = (extra: Readonly<Record<string, string>> = {}) =>
    exportCall ? callUrl(exportCall, params as never, { ...exportQuery, ...extra } as never) : undefined;
  // The focused cell becomes the grid's one tab stop.
  const onFocus = (e: FocusEvent<HTMLTableElement>) => {
    const cell = (e.target as HTMLElement).closest('th, td');
    const row = cell?.parentElement as HTMLTableRowElement | null | undefined;
    if (cell && row) setActive([row.rowIndex, (cell as HTMLTableCellElement).cellIndex]);
  };
  const stop = (r: number, c: number) => (active[0] === r && active[1] === c ? 0 : -1);
  const span = columns.length;
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
      <div className="admin-grid">
        <table
          className="data-table"
          role="grid"
          aria-label={noun[1]}
          aria-rowcount={total === null || more ? -1 : total + 1}
          aria-colcount={span}
          aria-busy={busy}
          onFocus={onFocus}
          onKeyDown={moveInGrid}
        >
          <thead>
            <tr role="row" aria-rowindex={1}>
              {columns.map((c, i) => (
                <th
                  key={c.id}
                  role="columnheader"
                  scope="col"
                  data-col-id={c.id}
                  className={c.numeric ? 'grid-number' : undefined}
                  style={{ minWidth: c.minWidth, ...(c.width ? { width: c.width } : {}) }}
                  aria-sort={sort?.sort === c.id ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  tabIndex={c.sortable ? undefined : stop(0, i)}
                >
                  {c.sortable ? (
                    <button
                      type="button"
                      className="grid-sort"
                      tabIndex={stop(0, i)}
                      aria-describedby={hint}
                      onClick={() => setSort(nextSort(sort, c.id))}
                    >
                      {c.heading}
                      <span className="grid-sort-icon" aria-hidden="true">
                        {sort?.sort === c.id ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.heading
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr
                key={rowId ? String(row[rowId]) : r}
                role="row"
                className="grid-row"
                aria-rowindex={r + 2}
                data-row-index={r}
                data-row-id={rowId ? String(row[rowId]) : undefined}
              >
                {columns.map((c, i) => (
                  <td
                    key={c.id}
                    role="gridcell"
                    data-col-id={c.id}
                    className={c.numeric ? 'grid-number' : c.prose ? 'grid-prose' : undefined}
                    tabIndex={stop(r + 1, i)}
                  >
                    <span className="grid-label" aria-hidden="true">
                      {c.heading}
                    </span>
                    <span className="grid-value">{c.cell(row)}</span>
                  </td>
                ))}
              </tr>
            ))}
            {total === 0 && !failed && (
              <tr role="row" className="grid-note">
                <td role="gridcell" colSpan={span} tabIndex={stop(1, 0)}>
                  {empty}
                </td>
              </tr>
            )}
            {!done && (
              <tr role="row" className="grid-note" ref={sentinel}>
                <td role="gridcell" colSpan={span} tabIndex={-1}>
                  {busy ? t('grid.ag.loading') : ''}
                </td>
              </tr>
            )}
            {failed && (
              <tr role="row" className="grid-note">
                <td role="gridcell" colSpan={span} tabIndex={-1}>
                  {t('grid.ag.loading_error')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        <span id={hint} className="grid-sort-hint" hidden>
          {t('grid.ag.sortable')}
        </span>
      </div>
    </>
  );
}
