import type { Model } from './model';
import type { Problem } from './problems';

/** Query names every grid's call reads itself (src/server/http/grid-query.ts). */
const RESERVED = new Set(['start', 'size', 'sort', 'dir', 'q']);

/**
 * Stage 3b for grids (manifest/grids/*.yaml): what the schema cannot say. Every problem is listed
 * with its file and key: a duplicate grid; a feeding, export or options call that is not a declared
 * GET call; duplicate columns or filters; no sort key, or a default sort that is not one; a filter
 * named like the paging parameters, a select without options or a typed filter with them; an action to an unknown route, or one that leaves a route
 * parameter unfilled or names one the route does not have.
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
      if (f.source) getCall(`filters[${i}].source.call`, f.source.call);
      if (f.input === 'select' && !f.source && !f.values) add(`filters[${i}]`, 'a select filter needs values or a source');
      if (f.input !== 'select' && (f.source || f.values))
        add(`filters[${i}].input`, `a ${f.input} filter is typed in; it takes no values or source`);
    });
    grid.actions.forEach((a, i) => {
      const route = routes.get(a.route);
      if (!route) {
        add(`actions[${i}].route`, `unknown route "${a.route}"`);
        return;
      }
      const needed = [...route.path.matchAll(/:(\w+)(\?)?/g)].filter((m) => !m[2]).map((m) => m[1]);
      for (const name of needed) if (!(name in a.params)) add(`actions[${i}].params`, `route "${a.route}" needs the parameter "${name}"`);
      for (const name of Object.keys(a.params))
        if (!route.path.includes(`:${name}`))
          add(`actions[${i}].params.${name}`, `route "${a.route}" (${route.path}) has no parameter "${name}"`);
    });
  }
  return problems;
}
