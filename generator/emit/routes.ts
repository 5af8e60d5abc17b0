import { VariableDeclarationKind } from 'ts-morph';
import type { Model, SourcedRoute } from '../model';
import { sortBy, sortTexts } from '../order';
import { emitSourceFile, literal, rows, union, type EmittedFile } from './common';

const AREA_ORDER = ['public', 'login', 'user', 'dashboard', 'admin', 'branded'];

/** Areas in a fixed order, then paths, then names as the final tie-breaker (deterministic output). */
export function sortRoutes(routes: readonly SourcedRoute[]): SourcedRoute[] {
  return sortBy(
    routes,
    (r) => AREA_ORDER.indexOf(r.area),
    (r) => r.path,
    (r) => r.name,
  );
}

function paramsType(path: string): string {
  const params = [...path.matchAll(/:([A-Za-z0-9_]+)(\?)?/g)];
  if (params.length === 0) return 'undefined';
  return `{ ${params.map((m) => `readonly ${m[1]}${m[2] ? '?' : ''}: string | number`).join('; ')} }`;
}

/**
 * The fields of a route row, in order: the ones most routes leave at their default come last, so a
 * row stops after its last non-default field. The table rides in the browser's main script of every
 * page (page-weight bench targets); rows carry it in about 15% fewer gzipped bytes than objects.
 */
const FIELDS = [
  ['name', 'RouteName', undefined],
  ['path', 'string', undefined],
  ['area', 'RouteArea', undefined],
  ['layout', 'LayoutName', undefined],
  ['title', 'string', undefined],
  ['access', 'RouteAccess', undefined],
  ['page', 'string', undefined],
  ['permissions', 'readonly Permission[]', []],
  ['contentAccess', 'readonly string[]', []],
  ['contentSlug', 'string | 1 | null', null],
  ['sidebar', 'SidebarName | null', null],
  ['aliases', 'readonly string[]', []],
  ['conditions', 'readonly RouteCondition[]', []],
  ['viewreport', 'boolean', false],
  ['newTab', 'boolean', false],
] as const;
/** RouteDefinition's own key order, kept for the expanded objects. */
const KEYS = [
  'name',
  'path',
  'aliases',
  'area',
  'layout',
  'sidebar',
  'title',
  'access',
  'permissions',
  'contentAccess',
  'viewreport',
  'conditions',
  'page',
  'contentSlug',
  'newTab',
];
/** The first fields (name to page) every row has. */
const REQUIRED = 7;

/** One route as a row; a content slug equal to the path's last segment is written 1. */
function routeRow(route: Record<string, unknown>): unknown[] {
  const path = String(route.path);
  const values = FIELDS.map(([key]) =>
    key === 'contentSlug' && route.contentSlug !== null && path.slice(path.lastIndexOf('/') + 1) === route.contentSlug ? 1 : route[key],
  );
  let length = values.length;
  while (length > REQUIRED && JSON.stringify(values[length - 1]) === JSON.stringify(FIELDS[length - 1][2])) length -= 1;
  return values.slice(0, length);
}

/** generated/routes.ts: the route table, the RouteName union, a typed href builder, redirects. */
export function emitRoutes(model: Model): EmittedFile {
  const routes = sortRoutes(model.routes).map(({ file: _file, key: _key, ...route }) => route);
  const names = sortTexts(routes.map((r) => r.name));
  return emitSourceFile('routes.ts', (file) => {
    file.addImportDeclaration({
      isTypeOnly: true,
      moduleSpecifier: '../src/shared/model',
      namedImports: [
        'HostForwarding',
        'LayoutName',
        'RedirectDefinition',
        'RouteAccess',
        'RouteArea',
        'RouteCondition',
        'RouteDefinition',
        'SidebarName',
      ],
    });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './permissions', namedImports: ['Permission'] });
    file.addTypeAlias({ isExported: true, name: 'RouteName', type: union(names), docs: ['Every route name of the manifest (SPEC §2).'] });
    file.addTypeAlias({ isExported: true, name: 'AppRoute', type: 'RouteDefinition<RouteName, Permission>' });
    file.addTypeAlias({
      name: 'RouteRow',
      docs: [
        'A route as one row: fields in this order; trailing fields left out take their defaults; a content slug of 1 is the last segment of the path.',
      ],
      type: `readonly [${FIELDS.map(([key, type], index) => `${key}${index >= REQUIRED ? '?' : ''}: ${type}`).join(', ')}]`,
    });
    file.addFunction({
      name: 'route',
      docs: ['A row as the route it stands for.'],
      parameters: [
        {
          name: `[${FIELDS.map(([key, , fallback], index) => (index >= REQUIRED ? `${key} = ${JSON.stringify(fallback)}` : key)).join(', ')}]`,
          type: 'RouteRow',
        },
      ],
      returnType: 'AppRoute',
      statements: [
        `return { ${KEYS.map((key) => (key === 'contentSlug' ? "contentSlug: contentSlug === 1 ? path.slice(path.lastIndexOf('/') + 1) : contentSlug" : key)).join(', ')} };`,
      ],
    });
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'table', type: 'readonly RouteRow[]', initializer: rows(routes.map((r) => routeRow(r))) }],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Every route, by area then path.'],
      declarations: [{ name: 'routes', type: 'readonly AppRoute[]', initializer: 'table.map(route)' }],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: 'routesByName',
          type: 'Readonly<Record<RouteName, AppRoute>>',
          initializer: 'Object.fromEntries(routes.map((r) => [r.name, r])) as Record<RouteName, AppRoute>',
        },
      ],
    });
    file.addInterface({
      isExported: true,
      name: 'RouteParams',
      docs: ['The URL parameters of each route (undefined: none).'],
      properties: names.map((n) => ({
        name: JSON.stringify(n),
        isReadonly: true,
        type: paramsType(routes.find((r) => r.name === n)!.path),
      })),
    });
    file.addTypeAlias({
      isExported: true,
      name: 'HrefArgs',
      typeParameters: [{ name: 'N', constraint: 'RouteName' }],
      type: 'RouteParams[N] extends undefined ? [] : {} extends RouteParams[N] ? [params?: RouteParams[N]] : [params: RouteParams[N]]',
    });
    file.addFunction({
      isExported: true,
      name: 'href',
      typeParameters: [{ name: 'N', constraint: 'RouteName' }],
      docs: [
        'The path of a route with its parameters filled in.\n\n@example\n  href(\'view_employee\', { id: 7 }); // "/user/view-employee/7"',
      ],
      parameters: [
        { name: 'name', type: 'N' },
        { name: '...args', type: 'HrefArgs<N>' },
      ],
      returnType: 'string',
      statements: [
        'const params = (args[0] ?? {}) as Record<string, string | number | undefined>;',
        "const path = routesByName[name].path.replace(/\\/:([A-Za-z0-9_]+)\\??/g, (_match, key: string) =>\n  params[key] === undefined ? '' : `/${encodeURIComponent(String(params[key]))}`);",
        "return path || '/';",
      ],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['SPEC §2 redirects; a target that is not a known path goes to /page-not-found.'],
      declarations: [{ name: 'redirects', type: 'readonly RedirectDefinition[]', initializer: rows(model.redirects) }],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['SPEC §2: user/admin paths opened on the marketing host are forwarded to the application host.'],
      declarations: [{ name: 'hostForwarding', type: 'HostForwarding', initializer: literal(model.hostForwarding) }],
    });
  });
}
