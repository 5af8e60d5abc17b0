import { VariableDeclarationKind } from 'ts-morph';
import type { Model } from '../model';
import { emitSourceFile, literal, rows, type EmittedFile } from './common';

/** generated/landing.ts: SPEC §4 landing rules as ordered data. */
export function emitLanding(model: Model): EmittedFile {
  const l = model.landing;
  const constant = (name: string, type: string, value: unknown, doc: string) => ({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [doc],
    declarations: [{ name, type, initializer: Array.isArray(value) ? rows(value) : literal(value) }],
  });
  return emitSourceFile('landing.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../src/shared/model', namedImports: ['FirstMenuRule', 'LandingRule'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './permissions', namedImports: ['Permission'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './routes', namedImports: ['RouteName'] });
    file.addVariableStatement(
      constant(
        'landingRules',
        'readonly LandingRule<RouteName, Permission>[]',
        l.rules,
        'SPEC §4: first rule whose permissions the user holds (any of) wins.',
      ),
    );
    file.addVariableStatement(constant('landingFallback', 'RouteName', l.fallback, 'Where users matching no rule land.'));
    file.addVariableStatement(
      constant('ergoAllyPermission', 'Permission', l.ergoAllyPermission, 'Holders go to the first enabled site menu.'),
    );
    file.addVariableStatement(
      constant('ergoAllyPosition', 'number', l.ergoAllyPosition, 'Index in landingRules before which the ergo-ally rule is checked.'),
    );
    file.addVariableStatement(
      constant('firstMenuRules', 'readonly FirstMenuRule<RouteName>[]', l.firstMenu, 'SPEC §4 first enabled site menu, in order.'),
    );
    file.addVariableStatement(constant('firstMenuFallback', 'RouteName', l.firstMenuFallback, 'When no site menu is enabled.'));
  });
}
