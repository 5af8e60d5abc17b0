import { VariableDeclarationKind } from 'ts-morph';
import type { Model } from '../model';
import { sortBy, sortTexts } from '../order';
import { emitSourceFile, literal, union, type EmittedFile } from './common';

/** generated/branding.ts: the branded client and the product title (SPEC §1). */
export function emitBranding(model: Model): EmittedFile {
  return emitSourceFile('branding.ts', (file) => {
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The one branded client; its codes compare case-insensitively (SPEC §1).'],
      declarations: [{ name: 'brandedClient', initializer: `${literal(model.branding.brandedClient)} as const` }],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'productTitle', initializer: literal(model.branding.productTitle) }],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['In the app the title reads "<prefix> - <page title>".'],
      declarations: [{ name: 'titlePrefix', initializer: literal(model.branding.titlePrefix) }],
    });
  });
}

/** generated/content-sections.ts: the names a client's access list may hold (SPEC §6). */
export function emitContentSections(model: Model): EmittedFile {
  return emitSourceFile('content-sections.ts', (file) => {
    file.addTypeAlias({ isExported: true, name: 'ContentSection', type: union(model.contentSections) });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'contentSections', type: 'readonly ContentSection[]', initializer: literal(model.contentSections) }],
    });
  });
}

/** generated/api.ts: the SPEC §7 calls with their permissions, `access: superadmin` (SPEC §6, enforced by src/server/app.ts) and body schemas. */
export function emitApi(model: Model): EmittedFile {
  // A call validated by a form refers to that form's schema instead of repeating it.
  const calls = sortBy(model.apiCalls, (c) => c.name).map(
    ({ form, response: _response, produces: _produces, declaredErrors: _declared, shell: _shell, file: _file, key: _key, ...call }) =>
      form ? { ...call, body: `@form:${form}`, form } : call,
  );
  // Each form's schema comes from that form's own module, never the joined table (generated/forms.ts),
  // which would carry every form's validator into every page that reads the calls.
  const text = literal(calls).replace(/"@form:([a-z_]+)"/g, (_m, form: string) => `${form}Schema`);
  const forms = sortTexts([...new Set(calls.flatMap((c) => ('form' in c && c.form ? [c.form] : [])))]);
  return emitSourceFile('api.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../src/shared/model', namedImports: ['ApiCallDefinition'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './permissions', namedImports: ['Permission'] });
    for (const form of forms) file.addImportDeclaration({ moduleSpecifier: `./forms/${form}`, namedImports: [`schema as ${form}Schema`] });
    file.addTypeAlias({ isExported: true, name: 'ApiCallName', type: union(calls.map((c) => c.name)) });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        { name: 'apiCalls', type: 'readonly (ApiCallDefinition<Permission> & { readonly name: ApiCallName })[]', initializer: text },
      ],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: 'apiCallsByName',
          type: 'Readonly<Record<ApiCallName, ApiCallDefinition<Permission>>>',
          initializer: 'Object.fromEntries(apiCalls.map((c) => [c.name, c])) as Record<ApiCallName, ApiCallDefinition<Permission>>',
        },
      ],
    });
  });
}

/** generated/index.ts: one import point. */
export function emitIndex(names: readonly string[]): EmittedFile {
  return emitSourceFile('index.ts', (file) => {
    for (const name of sortTexts(names)) file.addExportDeclaration({ moduleSpecifier: `./${name}` });
  });
}

/**
 * generated/api-access.ts: who may make each call (auth, permissions, `access: superadmin`) and
 * nothing else, for the browser's `useCanCall` (src/web/session/can-call.ts): the full call table's
 * body schemas are the server's and would weigh on every page that shows an action
 * (docs/architecture.md "Page weight").
 */
export function emitApiAccess(model: Model): EmittedFile {
  const calls = sortBy(model.apiCalls, (c) => c.name);
  return emitSourceFile('api-access.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './api', namedImports: ['ApiCallName'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './permissions', namedImports: ['Permission'] });
    file.addInterface({
      isExported: true,
      name: 'CallAccess',
      properties: [
        { name: 'auth', type: 'string', isReadonly: true },
        { name: 'permissions', type: 'readonly Permission[]', isReadonly: true },
        { name: 'access', type: 'string', isReadonly: true, hasQuestionToken: true },
      ],
    });
    const rows = calls.map(
      (c) =>
        `${JSON.stringify(c.name)}: { auth: ${JSON.stringify(c.auth)}, permissions: ${JSON.stringify(c.permissions)}${c.access ? `, access: ${JSON.stringify(c.access)}` : ''} }`,
    );
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Who may make each call of SPEC §7 (the server enforces it; the browser hides what would be refused).'],
      declarations: [{ name: 'callAccess', type: 'Readonly<Record<ApiCallName, CallAccess>>', initializer: `{\n${rows.join(',\n')}\n}` }],
    });
  });
}
