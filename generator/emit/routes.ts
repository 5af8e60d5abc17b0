import { VariableDeclarationKind } from 'ts-morph';
import type { Model, SourcedRoute } from '../model';
import { emitSourceFile, literal, rows, union, type EmittedFile } from './common';

const AREA_ORDER = ['public', 'login', 'user', 'dashboard', 'admin', 'branded'];

/** Areas in a fixed order, then paths, then names as the final tie-breaker (deterministic output). */
export function sortRoutes(routes: readonly SourcedRoute[]): SourcedRoute[] {
  return [...routes].sort((a, b) => AREA_ORDER.indexOf(a.area) - AREA_ORDER.indexOf(b.area)
    || a.path.localeCompare(b.path) || a.name.localeCompare(b.name));
}

function paramsType(path: string): string {
  const params = [...path.matchAll(/:([A-Za-z0-9_]+)(\?)?/g)];
  if (params.length === 0) return 'undefined';
  return `{ ${params.map((m) => `readonly ${m[1]}${m[2] ? '?' : ''}: string | number`).join('; ')} }`;
}

/** generated/routes.ts: the route table, the RouteName union, a typed href builder, redirects. */
export function emitRoutes(model: Model): EmittedFile {
  const routes = sortRoutes(model.routes).map(({ file: _file, key: _key, ...route }) => route);
  const names = [...routes.map((r) => r.name)].sort();
  return emitSourceFile('routes.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../src/shared/model', namedImports: ['HostForwarding', 'RedirectDefinition', 'RouteDefinition'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './permissions', namedImports: ['Permission'] });
    file.addTypeAlias({ isExported: true, name: 'RouteName', type: union(names), docs: ['Every route name of the manifest (SPEC §2).'] });
    file.addTypeAlias({ isExported: true, name: 'AppRoute', type: 'RouteDefinition<RouteName, Permission>' });
    file.addVariableStatement({ isExported: true, declarationKind: VariableDeclarationKind.Const,
      docs: ['Every route, by area then path.'],
      declarations: [{ name: 'routes', type: 'readonly AppRoute[]', initializer: rows(routes) }] });
    file.addVariableStatement({ isExported: true, declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'routesByName', type: 'Readonly<Record<RouteName, AppRoute>>',
        initializer: 'Object.fromEntries(routes.map((r) => [r.name, r])) as Record<RouteName, AppRoute>' }] });
    file.addInterface({ isExported: true, name: 'RouteParams', docs: ['The URL parameters of each route (undefined: none).'],
      properties: names.map((n) => ({ name: JSON.stringify(n), isReadonly: true,
        type: paramsType(routes.find((r) => r.name === n)!.path) })) });
    file.addTypeAlias({ isExported: true, name: 'HrefArgs', typeParameters: [{ name: 'N', constraint: 'RouteName' }],
      type: 'RouteParams[N] extends undefined ? [] : {} extends RouteParams[N] ? [params?: RouteParams[N]] : [params: RouteParams[N]]' });
    file.addFunction({ isExported: true, name: 'href', typeParameters: [{ name: 'N', constraint: 'RouteName' }],
      docs: ['The path of a route with its parameters filled in.\n\n@example\n  href(\'view_employee\', { id: 7 }); // "/user/view-employee/7"'],
      parameters: [{ name: 'name', type: 'N' }, { name: '...args', type: 'HrefArgs<N>' }], returnType: 'string',
      statements: [
        'const params = (args[0] ?? {}) as Record<string, string | number | undefined>;',
        'const path = routesByName[name].path.replace(/\\/:([A-Za-z0-9_]+)\\??/g, (_match, key: string) =>\n  params[key] === undefined ? \'\' : `/${encodeURIComponent(String(params[key]))}`);',
        'return path || \'/\';',
      ] });
    file.addVariableStatement({ isExported: true, declarationKind: VariableDeclarationKind.Const,
      docs: ['SPEC §2 redirects; a target that is not a known path goes to /page-not-found.'],
      declarations: [{ name: 'redirects', type: 'readonly RedirectDefinition[]', initializer: rows(model.redirects) }] });
    file.addVariableStatement({ isExported: true, declarationKind: VariableDeclarationKind.Const,
      docs: ['SPEC §2: user/admin paths opened on the marketing host are forwarded to the application host.'],
      declarations: [{ name: 'hostForwarding', type: 'HostForwarding', initializer: literal(model.hostForwarding) }] });
  });
}
