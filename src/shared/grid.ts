/**
 * A server-paged list as manifest/grids/*.yaml declares it (generated/grids.ts). The browser builds
 * its AG Grid columns, toolbar and row links from it (src/web/components/grid/manifest-grid.tsx);
 * the server parses the list's query against the same sortable keys and filters
 * (src/server/http/grid-query.ts `parseDeclaredGridQuery`), so the two can never disagree.
 */
export type GridColumnType = 'text' | 'number' | 'date' | 'datetime' | 'email' | 'status' | 'yesno' | 'list' | 'code' | 'image';

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
}

export interface GridFilter<Param extends string = string> {
  readonly param: Param;
  readonly label: string;
  /** select offers `values` or `source`; text and date (YYYY-MM-DD) are typed in. */
  readonly input: 'select' | 'text' | 'date';
  readonly all: string;
  /** Fixed options, or null when they come from `source`. */
  readonly values: readonly { readonly value: string; readonly label: string }[] | null;
  /** Options read from a GET call's answer: data[list][].value and .label. */
  readonly source: {
    readonly call: string;
    readonly path: string;
    readonly list: string;
    readonly value: string;
    readonly label: string;
  } | null;
}

export interface GridAction<Route extends string = string> {
  readonly label: string;
  readonly route: Route;
  /** Route parameter → row field. */
  readonly params: Readonly<Record<string, string>>;
  /** Query name → row field. */
  readonly query: Readonly<Record<string, string>>;
  readonly describe: string | null;
  /** A boolean row field the server sets: the action is shown only where it is true. */
  readonly when: string | null;
  /** Shown instead of the link where `when` is false. */
  readonly otherwise: string | null;
}

export interface GridDefinition<Sort extends string = string, Param extends string = string, Route extends string = string> {
  readonly name: string;
  readonly call: string;
  /** The call's path (GET), e.g. /admin/users. */
  readonly path: string;
  readonly exportPath: string | null;
  readonly noun: readonly [string, string];
  readonly empty: string;
  readonly columns: readonly GridColumn[];
  /** Every key the server accepts in `sort`, the default first. */
  readonly sortable: readonly Sort[];
  /** The direction when none is asked for. */
  readonly defaultDir: 'asc' | 'desc';
  /** The label of the free-text search (`q`), or null when the list has none. */
  readonly search: string | null;
  readonly filters: readonly GridFilter<Param>[];
  readonly actions: readonly GridAction<Route>[];
}
