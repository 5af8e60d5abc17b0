import { VariableDeclarationKind } from 'ts-morph';
import type { Model } from '../model';
import { emitSourceFile, literal, rows, type EmittedFile } from './common';

/** generated/menus.ts: every menu of SPEC §2, routes named by RouteName. */
export function emitMenus(model: Model): EmittedFile {
  const m = model.menus;
  const list = (name: string, type: string, value: unknown, doc: string) => ({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [doc],
    declarations: [{ name, type, initializer: Array.isArray(value) ? rows(value) : literal(value) }],
  });
  const item = 'readonly PermissionMenuItem<RouteName, Permission>[]';
  return emitSourceFile('menus.ts', (file) => {
    file.addImportDeclaration({
      isTypeOnly: true,
      moduleSpecifier: '../src/shared/model',
      namedImports: ['PermissionMenuItem', 'ProfileMenuDefinition', 'SiteMenuItem'],
    });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './permissions', namedImports: ['Permission'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './routes', namedImports: ['RouteName'] });
    file.addInterface({
      isExported: true,
      name: 'BrandedMenuItem',
      docs: ['SPEC §2 branded header menu entry.'],
      properties: [
        { name: 'label', type: 'string', isReadonly: true },
        { name: 'route', type: 'RouteName', isReadonly: true },
        { name: 'permissions', type: 'readonly Permission[]', isReadonly: true },
        {
          name: 'requiresSelfAssessment',
          type: 'boolean',
          isReadonly: true,
          docs: ['Hidden when the client turned the self-assessment off.'],
        },
      ],
    });
    file.addVariableStatement(
      list(
        'siteMenu',
        'readonly SiteMenuItem<RouteName>[]',
        m.siteMenu,
        'SPEC §2 signed-in menu; status and custom text come from the client.',
      ),
    );
    file.addVariableStatement(
      list('profileMenu', 'ProfileMenuDefinition<RouteName, Permission>', m.profileMenu, 'SPEC §2 profile dropdown.'),
    );
    file.addVariableStatement(list('mobileSidebar', item, m.mobileSidebar, 'SPEC §2 mobile sidebar entries, each by permission.'));
    file.addVariableStatement(list('employeeSidebar', item, m.employeeSidebar, 'Employee sidebar of the dashboards.'));
    file.addVariableStatement(list('clientManagerSidebar', item, m.clientManagerSidebar, 'Client-manager sidebar of the dashboards.'));
    file.addVariableStatement(list('adminSidebar', item, m.adminSidebar, 'SPEC §2 admin sidebar.'));
    file.addVariableStatement(list('brandedMenu', 'readonly BrandedMenuItem[]', m.brandedMenu, 'SPEC §2 branded header menu.'));
  });
}
