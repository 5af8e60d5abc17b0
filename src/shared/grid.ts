/**
 * A server-paged list as manifest/grids/*.yaml declares it (generated/grids.ts). The browser builds
 * its grid columns, toolbar and row links from it (src/web/components/grid/manifest-grid.tsx);
 * the server parses the list's query against the same sortable keys and filters
 * (src/server/http/grid-query.ts `parseDeclaredGridQuery`), so the two can never disagree.
 */
export type GridColumnType =
  'text' | 'number' | 'date' | 'datetime' | 'day' | 'localtime' | 'email' | 'status' | 'yesno' | 'list' | 'code' | 'image' | 'custom';

/** A link from a cell or a row action to the first of its routes the reader may open (the route guard's own rule). */
export interface GridLink<Route extends string = string> {
  /** Tried in order; the first the reader may open is used. */
  readonly routes: readonly Route[];
  /** Route parameter → row field. */
  readonly params: Readonly<Record<string, string>>;
  /** The routes by a row field's value (e.g. a report's kind), tried instead of `routes` where the value is listed. */
  readonly by: { readonly field: string; readonly routes: Readonly<Record<string, readonly Route[]>> } | null;
  /** Words read out after the text for screen readers: row fields in braces, `{email}`, a day as `{submitted_at:day}`. */
  readonly describe: string | null;
}

export interface GridColumn<Field extends string = string> {
  readonly field: Field;
  readonly heading: string;
  readonly type: GridColumnType;
  readonly width: number | null;
  readonly flex: number | null;
  readonly sortable: boolean;
  /** Stored value → the words shown (e.g. catalogue → Catalogue). */
  readonly labels: Readonly<Record<string, string>> | null;
  /** Shown when the value is empty. */
  readonly blank: string;
  /** image: the row field naming what it shows (text alternative "<value> <heading>"). */
  readonly alt: string | null;
  /** The sort key the server knows this column by, when it is not the field. */
  readonly sortKey: string | null;
  /** A row field shown in small type after the value (e.g. the e-mail after a name). */
  readonly detail: string | null;
  /** The value links to a route, or reads as plain text where the reader may open none. */
  readonly link: GridLink | null;
  /** Long text wraps and the row grows to fit. */
  readonly wrap: boolean;
}

export interface GridFilter<Param extends string = string, Call extends string = string> {
  readonly param: Param;
  readonly label: string;
  /** select offers `values` or `source`; text and date (YYYY-MM-DD) are typed in; page: the page sets it (its own form or address). */
  readonly input: 'select' | 'text' | 'date' | 'page';
  readonly all: string;
  /** Fixed options, or null when they come from `source`. */
  readonly values: readonly { readonly value: string; readonly label: string }[] | null;
  /** Options read from a GET call's answer: data[list][].value and .label. */
  readonly source: {
    /** A GET call with no path parameters (the generator checks it). */
    readonly call: Call;
    readonly path: string;
    readonly list: string;
    readonly value: string;
    readonly label: string;
  } | null;
}

export interface GridAction<Route extends string = string, Call extends string = string> {
  readonly label: string;
  /** The column heading (the label unless given). */
  readonly heading: string;
  /** Tried in order; the first route the reader may open is linked. Empty for a button. */
  readonly routes: readonly Route[];
  /** A button: the page's `onAction(button, row)` runs it. Null for a link. */
  readonly button: string | null;
  /** A button's API call: shown only to a reader who may make it. */
  readonly call: Call | null;
  /** Route parameter → row field. */
  readonly params: Readonly<Record<string, string>>;
  /** The routes by a row field's value, as for a column's link. */
  readonly by: GridLink<Route>['by'];
  /** Query name → row field. */
  readonly query: Readonly<Record<string, string>>;
  /** As for a column's link. */
  readonly describe: string | null;
  /** A boolean row field the server sets: the action is shown only where it is true. */
  readonly when: string | null;
  /** Shown instead of the link where `when` is false. */
  readonly otherwise: string | null;
}

export interface GridDefinition<
  Sort extends string = string,
  Param extends string = string,
  Route extends string = string,
  Call extends string = string,
> {
  readonly name: string;
  readonly call: Call;
  /** The call's path (GET), e.g. /admin/users. */
  readonly path: string;
  /** The CSV export call (GET, same query as the list), or null when the list has none. */
  readonly exportCall: Call | null;
  readonly noun: readonly [string, string];
  readonly empty: string;
  readonly columns: readonly GridColumn[];
  /** Every key the server accepts in `sort`, the default first. */
  readonly sortable: readonly Sort[];
  /** The direction when none is asked for. */
  readonly defaultDir: 'asc' | 'desc';
  /** The label of the free-text search (`q`), or null when the list has none. */
  readonly search: string | null;
  readonly filters: readonly GridFilter<Param, Call>[];
  readonly actions: readonly GridAction<Route, Call>[];
}
