import { VariableDeclarationKind } from 'ts-morph';
import type { Model } from '../model';
import { sortBy } from '../order';
import { emitSourceFile, rows, union, type EmittedFile } from './common';

/** generated/permissions.ts: the SPEC §6 catalogue and the Permission union. */
export function emitPermissions(model: Model): EmittedFile {
  const sorted = sortBy(model.permissions, (p) => p.name);
  return emitSourceFile('permissions.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../src/shared/model', namedImports: ['PermissionDefinition'] });
    file.addTypeAlias({
      isExported: true,
      name: 'Permission',
      type: union(sorted.map((p) => p.name)),
      docs: ['Every permission string of SPEC §6.'],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'permissions', type: 'readonly PermissionDefinition<Permission>[]', initializer: rows(sorted) }],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'permissionNames', type: 'readonly Permission[]', initializer: 'permissions.map((p) => p.name)' }],
    });
    file.addStatements([
      'const known: ReadonlySet<string> = new Set(permissionNames);',
      '/** True when `value` is a declared permission. */',
      'export function isPermission(value: string): value is Permission {\n  return known.has(value);\n}',
    ]);
  });
}
