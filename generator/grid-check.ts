import type { Model } from './model';
import type { Problem } from './problems';

/** The fields of a list call's rows (`rows.items.properties` of its reply), or null when it declares none. */
function rowFields(response: unknown): Set<string> | null {
  const rows = (response as { properties?: { rows?: { items?: { properties?: object } } } } | null)?.properties?.rows;
  const props = rows?.items?.properties;
  return props ? new Set(Object.keys(props)) : null;
}

/** Query names every grid's call reads itself (src/server/http/grid-query.ts). */
const RESERVED = new Set(['start', 'size', 'sort', 'dir', 'q']);

/**
 * Stage 3b for grids (manifest/grids/*.yaml): what the schema cannot say. Every problem is listed
 * with its file and key: a duplicate grid; a feeding, export or options call that is not a declared
 * GET call; duplicate columns or filters; no sort key, or a default sort that is not one; a filter
 * named like the paging parameters, a select without options or a typed filter with them; a link
 * (column or action) to an unknown route, or one that leaves a route parameter unfilled or names one
 * the route does not have; an action that is both or neither a route and a button, or whose call is unknown;
 * a column, link parameter or action condition naming a field the call's rows do not declare.
 */
export function checkGrids(model: Model): Problem[] {
  const problems: Problem[] = [];
  const calls = new Map(model.apiCalls.map((c) => [c.name, c]));
  const routes = new Map(model.routes.map((r) => [r.name, r]));
  const seen = new Map<string, string>();
  for (const grid of model.grids) {
    const add = (key: string, message: string) => problems.push({ file: grid.file, key, message });
    if (seen.has(grid.name)) add('name', `duplicate grid "${grid.name}" (first in ${seen.get(grid.name)})`);
    else seen.set(grid.name, grid.file);
    const getCall = (key: string, name: string) => {
      const call = calls.get(name);
      if (!call) add(key, `unknown API call "${name}"`);
      else if (call.method !== 'GET') add(key, `API call "${name}" is ${call.method}; a list is read with GET`);
    };
    getCall('call', grid.call);
    // A column reads a field of the call's rows (a custom column is drawn by its page from several);
    // a link parameter takes a row's field or, failing that, a filter's value (grid-columns.tsx).
    const fieldsOfRows = rowFields(calls.get(grid.call)?.response ?? null);
    const filterParams = new Set(grid.filters.map((f) => f.param));
    const rowField = (key: string, field: string, orFilter = false) => {
      if (fieldsOfRows && !fieldsOfRows.has(field) && !(orFilter && filterParams.has(field)))
        add(key, `"${field}" is not a field of the rows of "${grid.call}"${orFilter ? ' nor a filter' : ''}`);
    };
    if (grid.exportCall !== null) getCall('export', grid.exportCall);
    const fields = new Set<string>();
    grid.columns.forEach((c, i) => {
      if (fields.has(c.field)) add(`columns[${i}].field`, `duplicate column "${c.field}"`);
      fields.add(c.field);
    });
    if (grid.sortKeys.length === 0) add('columns', 'at least one column must be sortable (or a sortOnly key given)');
    if (new Set(grid.sortKeys).size !== grid.sortKeys.length) add('sortOnly', 'a sort key is declared twice');
    if (grid.sortable[0] !== undefined && !grid.sortKeys.includes(grid.sortable[0]))
      add('defaultSort', `"${grid.sortable[0]}" is not a sortable column or a sortOnly key`);
    const params = new Set<string>();
    grid.filters.forEach((f, i) => {
      if (RESERVED.has(f.param)) add(`filters[${i}].param`, `"${f.param}" is a paging parameter every grid reads itself`);
      if (params.has(f.param)) add(`filters[${i}].param`, `duplicate filter "${f.param}"`);
      params.add(f.param);
      if (f.source) {
        getCall(`filters[${i}].source.call`, f.source.call);
        // The browser reads a source once, by name alone (manifest-grid.tsx): no path parameters to fill.
        if (f.source.path.includes(':'))
          add(`filters[${i}].source.call`, `API call "${f.source.call}" takes path parameters; a source cannot`);
      }
      if (f.input === 'select' && !f.source && !f.values) add(`filters[${i}]`, 'a select filter needs values or a source');
      if ((f.input === 'text' || f.input === 'date') && (f.source || f.values))
        add(`filters[${i}].input`, `a ${f.input} filter is typed in; it takes no values or source`);
    });
    const checkLink = (key: string, routeNames: readonly string[], params: Readonly<Record<string, string>>) =>
      routeNames.forEach((name, r) => {
        const at = routeNames.length > 1 ? `${key}.route[${r}]` : `${key}.route`;
        const route = routes.get(name);
        if (!route) {
          add(at, `unknown route "${name}"`);
          return;
        }
        const needed = [...route.path.matchAll(/:(\w+)(\?)?/g)].filter((m) => !m[2]).map((m) => m[1]);
        for (const p of needed) if (!(p in params)) add(`${key}.params`, `route "${name}" needs the parameter "${p}"`);
      });
    // A parameter must belong to the route, or with several routes to one of them.
    const checkParams = (key: string, routeNames: readonly string[], params: Readonly<Record<string, string>>) => {
      const paths = routeNames.map((name) => routes.get(name)?.path).filter((path) => path !== undefined);
      if (paths.length < routeNames.length) return;
      for (const p of Object.keys(params))
        if (!paths.some((path) => path.includes(`:${p}`)))
          add(`${key}.params.${p}`, `route "${routeNames.join('", "')}" (${paths.join(', ')}) has no parameter "${p}"`);
    };
    const checkBy = (
      key: string,
      by: { field: string; routes: Readonly<Record<string, readonly string[]>> } | null,
      params: Readonly<Record<string, string>>,
    ) => {
      for (const [value, names] of Object.entries(by?.routes ?? {})) checkLink(`${key}.routeBy.routes.${value}`, names, params);
    };
    grid.columns.forEach((c, i) => {
      if (c.type !== 'custom') rowField(`columns[${i}].field`, c.field);
      for (const [p, field] of Object.entries(c.link?.params ?? {})) rowField(`columns[${i}].link.params.${p}`, field, true);
      if (c.link?.by) rowField(`columns[${i}].link.by.field`, c.link.by.field);
      if (c.link) {
        checkLink(`columns[${i}].link`, c.link.routes, c.link.params);
        checkParams(`columns[${i}].link`, [...c.link.routes, ...Object.values(c.link.by?.routes ?? {}).flat()], c.link.params);
        checkBy(`columns[${i}].link`, c.link.by, c.link.params);
      }
    });
    grid.actions.forEach((a, i) => {
      for (const [p, field] of Object.entries(a.params)) rowField(`actions[${i}].params.${p}`, field, true);
      if (a.by) rowField(`actions[${i}].by.field`, a.by.field);
      if (a.when !== null) rowField(`actions[${i}].when`, a.when);
      if (a.routes.length > 0 === (a.button !== null)) add(`actions[${i}]`, 'an action is either a route or a button');
      if (a.call !== null && a.button === null) add(`actions[${i}].call`, 'only a button names the call it makes');
      if (a.call !== null && !calls.has(a.call)) add(`actions[${i}].call`, `unknown API call "${a.call}"`);
      checkLink(`actions[${i}]`, a.routes, a.params);
      checkParams(`actions[${i}]`, [...a.routes, ...Object.values(a.by?.routes ?? {}).flat()], a.params);
      checkBy(`actions[${i}]`, a.by, a.params);
    });
  }
  return problems;
}
