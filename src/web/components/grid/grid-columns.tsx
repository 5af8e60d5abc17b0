import type { ReactNode } from 'react';
import { Link } from '../../app/history';
import type { ApiCallName } from '../../../../generated/api';
import { href, type RouteName } from '../../../../generated/routes';
import type { GridAction, GridColumn, GridLink } from '../../../shared/grid';
import { formatDateTime, formatDay } from '../../../shared/dates';
import { contentWidth, headingWidth } from './grid-widths';

export type Row = Record<string, unknown>;

/** One column of a ServerGrid (server-grid.tsx): its heading, how a row's cell reads, and its width. */
export interface GridCol {
  /** The sort key the server is sent (the declared sortKey, else the field); the cell's data-col-id. */
  readonly id: string;
  readonly heading: string;
  readonly sortable: boolean;
  /** The narrowest the column gets on a wide screen, in pixels. */
  readonly minWidth: number;
  /** A fixed width (row actions), in pixels. */
  readonly width?: number;
  /** Figures, aligned right with their heading. */
  readonly numeric?: boolean;
  /** Running text (a column declared to wrap): on a phone's card it takes the whole line. */
  readonly prose?: boolean;
  readonly cell: (row: Row) => ReactNode;
}

/** How a `custom` column of the page reads: its words for a value (possibly empty) of a row. */
export type CellText = (value: unknown, row: Row) => string;

/** What the columns need from the page: the route guard's rule, the calls allowed and the buttons' handler. */
export interface ColumnContext {
  /** Where a path leads for the reader, or null (useLinkTarget). */
  readonly target: (path: string) => string | null;
  readonly canCall: (call: ApiCallName) => boolean;
  readonly onAction?: (button: string, row: Row) => void;
  readonly cells: Readonly<Record<string, CellText>>;
  /** Routes the page stands in (e.g. the viewer's own area): where a link declares any of them, only those are tried. */
  readonly prefer: readonly string[];
  /** The page's own values (its fixed filters), for a link parameter the row does not carry (e.g. client_id). */
  readonly values: () => Readonly<Record<string, string>>;
  /** The words for true and false (yesno columns) in the reader's language. */
  readonly yesNo?: readonly [string, string];
  /** The reader's language as a BCP 47 tag, for days and times (the browser's when absent). */
  readonly locale?: string;
}

const blank = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The reader's own words for a day and a time (src/shared/dates.ts; SPEC §2 booked times: in the reader's own time zone, named). */
const day = (value: string, locale?: string) => formatDay(value, locale ?? 'en');
const localTime = (value: string, locale?: string) => formatDateTime(value, locale ?? 'en', { zone: true });

/** How a column's values read (manifest/grids/*.yaml `type`, `labels`, `blank`). */
export function textOf(
  column: GridColumn,
  cells: ColumnContext['cells'],
  [yes, no]: readonly [string, string] = ['Yes', 'No'],
  locale?: string,
): (value: unknown, row: Row) => string {
  const words = (value: unknown) => (column.labels && typeof value === 'string' ? (column.labels[value] ?? value) : String(value));
  const or = (show: (value: unknown, row: Row) => string) => (value: unknown, row: Row) => (blank(value) ? column.blank : show(value, row));
  switch (column.type) {
    case 'date':
      // A calendar day (stored as a date or a midnight UTC instant): the same day wherever the reader is.
      return or((v) => formatDay(v as string, locale ?? 'en', { timeZone: 'UTC' }));
    case 'datetime':
      // An instant in UTC, as the column's heading says (the audit log).
      return or((v) => formatDateTime(v as string, locale ?? 'en', { timeZone: 'UTC' }));
    case 'day':
      return or((v) => day(v as string, locale));
    case 'localtime':
      return or((v) => localTime(v as string, locale));
    case 'yesno':
      return (v) => (v ? yes : no);
    case 'list':
      return or((v) => (v as unknown[]).map(words).join(', '));
    case 'custom': {
      // The page's own words, also for an empty value (a column may stand for several fields of the row).
      const cell = cells[column.field];
      return cell ?? or(words);
    }
    default:
      return or(words);
  }
}

/** The address of the first of a link's routes (by the row, then as the page prefers) the reader may open, or null. */
function linkTo(link: Pick<GridLink, 'routes' | 'params' | 'by'>, row: Row, ctx: ColumnContext): string | null {
  const params = Object.fromEntries(Object.entries(link.params).map(([name, field]) => [name, String(row[field] ?? ctx.values()[field])]));
  const declared = (link.by && link.by.routes[String(row[link.by.field])]) || link.routes;
  const preferred = declared.filter((r) => ctx.prefer.includes(r));
  for (const route of preferred.length > 0 ? preferred : declared) {
    const to = ctx.target((href as (name: RouteName, params?: Record<string, string>) => string)(route as RouteName, params));
    if (to !== null) return to;
  }
  return null;
}

/** The screen-reader words of a link: `{field}` and `{field:day}` filled from the row. */
const described = (text: ReactNode, row: Row, describe: string | null, locale?: string) => (
  <>
    {text}
    {describe && (
      <span className="visually-hidden">
        {/^[,.:;]/.test(describe) ? '' : ' '}
        {describe.replace(/\{([a-z_]+)(:day)?\}/g, (_m, field: string, asDay?: string) =>
          asDay ? (blank(row[field]) ? '' : day(String(row[field]), locale)) : String(row[field] ?? ''),
        )}
      </span>
    )}
  </>
);

/** One declared column as the grid shows it. */
function columnDef(c: GridColumn, ctx: ColumnContext): GridCol {
  const text = textOf(c, ctx.cells, ctx.yesNo, ctx.locale);
  const show = (value: unknown, row: Row): ReactNode => {
    const words = text(value, row);
    const to = c.link && words !== '' ? linkTo(c.link, row, ctx) : null;
    const shown = to ? <Link to={to}>{described(words, row, c.link!.describe, ctx.locale)}</Link> : words;
    // A detail that repeats the words (a custom column showing its own field's value as it is) is left out.
    return c.detail && !blank(row[c.detail]) && String(row[c.detail]) !== words ? (
      <>
        {shown} <small>{String(row[c.detail])}</small>
      </>
    ) : (
      shown
    );
  };
  const cell =
    c.type === 'code'
      ? (row: Row) => <code>{String(row[c.field] ?? '')}</code>
      : c.type === 'image'
        ? (row: Row) =>
            row[c.field] ? (
              <img src={String(row[c.field])} alt={`${c.alt ? String(row[c.alt]) : ''} ${c.heading.toLowerCase()}`.trim()} height={28} />
            ) : null
        : (row: Row) => show(row[c.field], row);
  // Wide enough for its heading (which may wrap) and, for days and times, for the longest of them in
  // the reader's language; longer text wraps within the cell, so no value is ever cut.
  const minWidth = Math.max(c.width ?? 0, headingWidth(c.heading), contentWidth(c, ctx.locale), 90);
  return {
    id: c.sortKey ?? c.field,
    heading: c.heading,
    sortable: c.sortable,
    minWidth,
    // Figures line up on the right, heading included, as in the style guide's tables.
    numeric: c.type === 'number',
    prose: c.wrap,
    cell,
  };
}

/** A row action: a link to the first route the reader may open, or a button for a call the reader may make. */
function actionDef(action: GridAction<string, ApiCallName>, ctx: ColumnContext): GridCol {
  return {
    id: `action-${action.button ?? action.label}`,
    heading: action.heading,
    sortable: false,
    width: Math.max(action.otherwise ? 120 : 90, action.heading.length * 9 + 40),
    minWidth: action.otherwise ? 120 : 90,
    cell: (row) => {
      if (action.when && row[action.when] !== true) return action.otherwise;
      if (action.button !== null) {
        if (action.call !== null && !ctx.canCall(action.call)) return null;
        return (
          <button type="button" className="link-button" onClick={() => ctx.onAction?.(action.button!, row)}>
            {described(action.label, row, action.describe, ctx.locale)}
          </button>
        );
      }
      const to = linkTo(action, row, ctx);
      if (to === null) return null;
      const query = new URLSearchParams(Object.entries(action.query).map(([name, field]) => [name, String(row[field])])).toString();
      return <Link to={query ? `${to}?${query}` : to}>{described(action.label, row, action.describe, ctx.locale)}</Link>;
    },
  };
}

/**
 * The columns of a declared grid (generated/grids.ts), the only place they are built.
 * `only`: the fields to show, in the declared order (a search whose columns the reader chooses).
 */
export function gridColumns(
  columns: readonly GridColumn[],
  actions: readonly GridAction<string, ApiCallName>[],
  ctx: ColumnContext,
  only?: readonly string[],
): GridCol[] {
  const shown = only ? columns.filter((c) => only.includes(c.field)) : columns;
  return [...shown.map((c) => columnDef(c, ctx)), ...actions.map((a) => actionDef(a, ctx))];
}
