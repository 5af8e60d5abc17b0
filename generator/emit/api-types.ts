import { basename } from 'node:path';
import { VariableDeclarationKind, type SourceFile } from 'ts-morph';
import type { Model } from '../model';
import { pathParams } from '../model';
import { sortBy } from '../order';
import { emitSourceFile, type EmittedFile } from './common';
import { schemaType } from './schema-types';

/** A query without a schema: any names, each given once as text (the server's address checks, SPEC §7). */
const ANY_QUERY = 'Readonly<Record<string, string | undefined>>';

/**
 * The type of a call's success: its `response` schema; for `produces`, text (text/*) or a Blob
 * (anything else), and nothing for a redirect; `unknown` until declared.
 */
function responseType(c: Model['apiCalls'][number]): string {
  if (c.response) return schemaType(c.response, '  ');
  if (!c.produces) return 'unknown';
  const types = c.produces.filter((p) => p !== 'redirect').map((p) => (p.startsWith('text/') ? 'string' : 'Blob'));
  return types.length === 0 ? 'never' : [...new Set(types)].join(' | ');
}

/** The area of a call: the name of its manifest/api/<area>.yaml, where its server handlers live too (src/server/api/<area>/). */
export function callArea(c: Model['apiCalls'][number]): string {
  return basename(c.file).replace(/\.ya?ml$/, '');
}

/**
 * generated/api-types.ts: per SPEC §7 call the types of its path parameters (its `:name` segments),
 * query, body (the decoded payload) and success `data`, the error statuses it answers, and the
 * method and path the typed client (src/web/api/typed.ts) calls. The server's `Handler<'name'>`
 * (src/server/http/handler-types.ts) reads the same types.
 */
export function emitApiTypes(model: Model): EmittedFile {
  const calls = sortBy(model.apiCalls, (c) => c.name);
  return emitSourceFile('api-types.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './api', namedImports: ['ApiCallName'] });
    file.addInterface({
      isExported: true,
      name: 'ApiTypes',
      docs: [
        'Each call: params, query, body (undefined: none), response (`data` of the success envelope), errors, auth (`session`: only a signed-in caller reaches its handler) and area (its manifest/api/<area>.yaml).',
      ],
      properties: calls.map((c) => {
        const params = pathParams(c.path);
        const members = [
          `params: ${params.length ? `{ ${params.map((p) => `${p}: string;`).join(' ')} }` : 'Record<never, never>'};`,
          `query: ${c.query ? schemaType(c.query, '  ') : ANY_QUERY};`,
          `body: ${c.body ? schemaType(c.body, '  ') : 'undefined'};`,
          `response: ${responseType(c)};`,
          `errors: ${c.errors.join(' | ')};`,
          `auth: ${JSON.stringify(c.auth)};`,
          `area: ${JSON.stringify(callArea(c))};`,
        ];
        return { name: c.name, type: `{\n${members.map((m) => `  ${m}`).join('\n')}\n}` };
      }),
    });
    file.addInterface({
      isExported: true,
      name: 'ApiErrorEnvelope',
      docs: ['The one error answer of every call and status (src/server/http/replies.ts `fail`; SPEC §8 toasts read `errors`).'],
      properties: [
        { name: 'success', type: 'false', isReadonly: true },
        { name: 'errors', type: 'string', isReadonly: true },
        { name: 'fields', type: 'Readonly<Record<string, string>>', hasQuestionToken: true, isReadonly: true },
      ],
    });
    for (const [alias, part] of [
      ['ApiParams', 'params'],
      ['ApiQuery', 'query'],
      ['ApiBody', 'body'],
      ['ApiResponse', 'response'],
      ['ApiErrors', 'errors'],
      ['ApiAuth', 'auth'],
    ] as const)
      file.addTypeAlias({ isExported: true, name: alias, typeParameters: ['N extends ApiCallName'], type: `ApiTypes[N]['${part}']` });
    const areas = [...new Set(calls.map(callArea))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    file.addTypeAlias({
      isExported: true,
      name: 'ApiArea',
      type: areas.map((a) => JSON.stringify(a)).join(' | '),
      docs: ['Every area of manifest/api/ (one file of calls each).'],
    });
    file.addTypeAlias({
      isExported: true,
      name: 'AreaCalls',
      typeParameters: ['A extends ApiArea'],
      type: "{ [N in ApiCallName]: ApiTypes[N]['area'] extends A ? N : never }[ApiCallName]",
      docs: ['The calls declared in manifest/api/<A>.yaml.'],
    });
    file.addTypeAlias({
      isExported: true,
      name: 'SessionCallName',
      type: "{ [N in ApiCallName]: ApiTypes[N]['auth'] extends 'session' ? N : never }[ApiCallName]",
      docs: ['The calls declared `auth: session`: the gate answers 401 before their handler runs without a signed-in caller.'],
    });
    file.addTypeAlias({
      isExported: true,
      name: 'ApiRoute',
      type: ROUTE_TYPE,
      docs: ['Method and path (under /blogs/api, Fastify syntax) of a call.'],
    });
    routeTable(
      file,
      'apiRoutes',
      'ApiCallName',
      calls,
      'Method and path of every call, for the typed client in the pages (src/web/api/typed.ts).',
    );
  });
}

const ROUTE_TYPE = "readonly ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string]";

function routeTable(file: SourceFile, name: string, key: string, calls: Model['apiCalls'], doc: string): void {
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [doc],
    declarations: [
      {
        name,
        type: `Readonly<Record<${key}, ApiRoute>>`,
        initializer: `{\n${calls.map((c) => `${c.name}: [${JSON.stringify(c.method)}, ${JSON.stringify(c.path)}]`).join(',\n')}\n}`,
      },
    ],
  });
}

/**
 * generated/api-shell.ts: the calls the app shell makes on every page (`shell: true`: session,
 * sign-in and out, page views, refresh) with their routes. Only this small table ships in every
 * page's main script; the whole table (api-types.ts `apiRoutes`) rides in the pages that call more
 * (page-weight bench: public pages ≤ 100 kB of JavaScript).
 */
export function emitApiShell(model: Model): EmittedFile {
  const calls = sortBy(
    model.apiCalls.filter((c) => c.shell),
    (c) => c.name,
  );
  return emitSourceFile('api-shell.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './api-types', namedImports: ['ApiRoute'] });
    file.addTypeAlias({
      isExported: true,
      name: 'ShellCallName',
      type: calls.length ? calls.map((c) => JSON.stringify(c.name)).join(' | ') : 'never',
      docs: ['The calls marked `shell: true` in the manifest.'],
    });
    routeTable(file, 'shellRoutes', 'ShellCallName', calls, 'Method and path of each shell call, for src/web/api/shell-call.ts.');
  });
}
