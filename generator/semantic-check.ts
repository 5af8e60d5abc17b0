import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { Model, SourcedRoute } from './model';
import type { Problem } from './problems';

/** "/user/view-employee/:id?" → "/user/view-employee/:" so that parameter names do not hide clashes. */
function pathShape(path: string): string {
  return (
    path
      .replace(/\/+$/, '')
      .toLowerCase()
      .replace(/:[^/]+/g, ':') || '/'
  );
}

function requiredParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)(\?)?/g)].filter((m) => !m[2]).map((m) => m[1]);
}

/**
 * Stage 3b, validate: what a schema cannot express. Every problem is collected (docs/architecture.md "Generators", after
 * TanStack's checkRouteFullPathUniqueness): duplicate names or paths, unknown permissions, menu and
 * landing entries naming unknown routes, and menu links to routes whose parameters a link cannot fill.
 */
export function checkSemantics(model: Model): Problem[] {
  const problems: Problem[] = [];
  const permissions = new Set(model.permissions.map((p) => p.name));
  const sections = new Set(model.contentSections);
  const byName = new Map<string, SourcedRoute>();
  const byPath = new Map<string, string>();
  const seenPermission = new Set<string>();
  model.permissions.forEach((p, i) => {
    if (seenPermission.has(p.name))
      problems.push({ file: model.sources.permissions, key: `permissions[${i}].name`, message: `duplicate permission "${p.name}"` });
    seenPermission.add(p.name);
  });
  for (const route of model.routes) {
    if (byName.has(route.name))
      problems.push({
        file: route.file,
        key: `${route.key}.name`,
        message: `duplicate route name "${route.name}" (first in ${byName.get(route.name)!.file})`,
      });
    else byName.set(route.name, route);
    for (const [index, path] of [route.path, ...route.aliases].entries()) {
      const shape = pathShape(path);
      const key = index === 0 ? `${route.key}.path` : `${route.key}.aliases[${index - 1}]`;
      if (byPath.has(shape))
        problems.push({ file: route.file, key, message: `duplicate path "${path}" (also route "${byPath.get(shape)}")` });
      else byPath.set(shape, route.name);
    }
    route.permissions.forEach((p, i) => {
      if (!permissions.has(p))
        problems.push({ file: route.file, key: `${route.key}.permissions[${i}]`, message: `unknown permission "${p}"` });
    });
    route.contentAccess.forEach((s, i) => {
      if (!sections.has(s))
        problems.push({ file: route.file, key: `${route.key}.contentAccess[${i}]`, message: `unknown content section "${s}"` });
    });
    if (!route.page)
      problems.push({ file: route.file, key: `${route.key}.page`, message: 'no page key (set it on the route or in defaults)' });
  }
  const checkRoute = (file: string, key: string, name: string, linked: boolean) => {
    const route = byName.get(name);
    if (!route) problems.push({ file, key, message: `unknown route "${name}"` });
    else if (linked && requiredParams(route.path).length > 0) {
      problems.push({
        file,
        key,
        message: `route "${name}" needs parameters (${requiredParams(route.path).join(', ')}) that a menu link cannot fill`,
      });
    }
  };
  const checkPermissions = (file: string, key: string, list: readonly string[]) =>
    list.forEach((p, i) => {
      if (!permissions.has(p)) problems.push({ file, key: `${key}.permissions[${i}]`, message: `unknown permission "${p}"` });
    });
  const menus = model.sources.menus;
  model.menus.siteMenu.forEach((m, i) => checkRoute(menus, `siteMenu[${i}].route`, m.route, true));
  const lists = ['mobileSidebar', 'employeeSidebar', 'clientManagerSidebar', 'adminSidebar', 'brandedMenu'] as const;
  for (const list of lists) {
    model.menus[list].forEach((m, i) => {
      checkRoute(menus, `${list}[${i}].route`, m.route, true);
      checkPermissions(menus, `${list}[${i}]`, m.permissions);
    });
  }
  const profile = model.menus.profileMenu;
  for (const key of ['profile', 'adminDashboard', 'logout'] as const) {
    checkRoute(menus, `profileMenu.${key}.route`, profile[key].route, true);
    checkPermissions(menus, `profileMenu.${key}`, profile[key].permissions);
  }
  profile.dashboardEntry.candidates.forEach((m, i) => {
    checkRoute(menus, `profileMenu.dashboardEntry.candidates[${i}].route`, m.route, true);
    checkPermissions(menus, `profileMenu.dashboardEntry.candidates[${i}]`, m.permissions);
  });
  checkRoute(menus, 'profileMenu.dashboardEntry.fallback.route', profile.dashboardEntry.fallback.route, true);
  checkPermissions(menus, 'profileMenu', [profile.switchClientPermission]);
  const landing = model.sources.landing;
  model.landing.rules.forEach((r, i) => {
    checkRoute(landing, `rules[${i}].route`, r.route, true);
    checkPermissions(landing, `rules[${i}]`, r.permissions);
  });
  model.landing.firstMenu.forEach((r, i) => checkRoute(landing, `firstMenu[${i}].route`, r.route, true));
  checkRoute(landing, 'fallback', model.landing.fallback, true);
  checkRoute(landing, 'firstMenuFallback', model.landing.firstMenuFallback, true);
  checkPermissions(landing, '(root)', [model.landing.ergoAllyPermission]);
  // Calls come from several files (manifest/api/*.yaml): a name declared twice names the first file.
  const firstFile = new Map<string, string>();
  for (const c of model.apiCalls) {
    const add = (key: string, message: string) => problems.push({ file: c.file, key: `${c.key}.${key}`, message });
    const first = firstFile.get(c.name);
    if (first !== undefined) add('name', `duplicate call "${c.name}" (first in ${first})`);
    else firstFile.set(c.name, c.file);
    checkPermissions(c.file, c.key, c.permissions);
    if (c.access === 'superadmin' && c.auth !== 'session')
      add('access', `call "${c.name}" is for Super_admin only, so it needs auth: session`);
    if (c.form && !model.forms.some((f) => f.name === c.form)) add('form', `unknown form "${c.form}"`);
    // Every query value arrives as text: a property of another type could never be true at run time.
    const queryProps = (c.query?.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [name, schema] of Object.entries(queryProps)) {
      const strings = schema.type === 'string' || (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string'));
      if (!strings) add(`query.properties.${name}`, `query parameter "${name}" must be a string`);
    }
    if (c.response && c.produces)
      add('produces', `call "${c.name}" declares both response (the JSON envelope's data) and produces (another media type)`);
    // The test servers check every success reply against `response` with ajv in strict mode: a
    // schema ajv refuses would only fail there, so it fails here.
    if (c.response) {
      const problem = responseSchemaProblem(c.response);
      if (problem) add('response', problem);
    }
    for (const name of ((c.query?.required ?? []) as string[]).filter((n) => !(n in queryProps)))
      add('query.required', `required query parameter "${name}" is not declared`);
  }
  // A saved form opens its `after_save` route: it must exist and need no parameter the form cannot give.
  for (const form of model.forms) {
    if (form.afterSave === null) continue;
    const route = byName.get(form.afterSave);
    if (!route) problems.push({ file: form.file, key: 'after_save', message: `unknown route "${form.afterSave}"` });
    else if (requiredParams(route.path).length > 0)
      problems.push({
        file: form.file,
        key: 'after_save',
        message: `route "${form.afterSave}" needs parameters (${requiredParams(route.path).join(', ')}) that a saved form cannot fill`,
      });
  }
  return problems;
}

const responseAjv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
(addFormats as unknown as (a: Ajv) => void)(responseAjv);

/** Why ajv (strict, as src/server/http/schema-validators.ts compiles it for the reply check) refuses a `response` schema, or null. */
function responseSchemaProblem(schema: Record<string, unknown>): string | null {
  try {
    responseAjv.compile(schema);
    return null;
  } catch (error) {
    return `response is not a schema the reply check can use: ${(error as Error).message}`;
  }
}
