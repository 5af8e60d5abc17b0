import { VariableDeclarationKind } from 'ts-morph';
import type { Model } from '../model';
import { emitSourceFile, literal, union, type EmittedFile } from './common';

const pascal = (name: string) =>
  name
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * generated/grids.ts: per grid (manifest/grids/*.yaml) its sort-key and filter unions and the typed
 * definition the browser renders and the server parses queries with (typed with its call's name, so
 * rows are typed by that call's reply); `GridName` and `grids` by name.
 */
export function emitGrids(model: Model): EmittedFile {
  return emitSourceFile('grids.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../src/shared/grid', namedImports: ['GridDefinition'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './routes', namedImports: ['RouteName'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './api', namedImports: ['ApiCallName'] });
    file.addTypeAlias({ isExported: true, name: 'GridName', type: union(model.grids.map((g) => g.name)) });
    for (const grid of model.grids) {
      const type = pascal(grid.name);
      const { file: _file, sortKeys: _sortKeys, ...definition } = grid;
      file.addTypeAlias({
        isExported: true,
        name: `${type}GridSort`,
        type: union(grid.sortable),
        docs: [`The sort keys of manifest/grids/${grid.name}.yaml.`],
      });
      file.addTypeAlias({ isExported: true, name: `${type}GridFilter`, type: union(grid.filters.map((f) => f.param)) });
      file.addVariableStatement({
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        declarations: [
          {
            name: `${grid.name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}Grid`,
            // The call's own name, so a page's row actions are typed by the rows that call answers.
            type: `GridDefinition<${type}GridSort, ${type}GridFilter, RouteName, ApiCallName> & { readonly call: ${JSON.stringify(grid.call)} }`,
            initializer: literal(definition),
          },
        ],
      });
    }
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: 'grids',
          type: 'Readonly<Record<GridName, GridDefinition<string, string, RouteName, ApiCallName>>>',
          initializer: `{ ${model.grids.map((g) => `${g.name}: ${g.name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}Grid`).join(', ')} }`,
        },
      ],
    });
  });
}
