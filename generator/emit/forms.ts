import { VariableDeclarationKind } from 'ts-morph';
import type { Model } from '../model';
import { emitSourceFile, literal, union, type EmittedFile } from './common';

function typeName(formName: string): string {
  return (
    formName
      .split(/[_-]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('') + 'FormData'
  );
}

/**
 * The widget names RJSF itself resolves (@rjsf/utils getWidget's map over the default registry), and
 * ManifestForm's own (`money`: src/web/components/form/money-widget.tsx); any other `ui:widget` a
 * form's uiSchema names is the page's own, which ManifestForm's `widgets` must give.
 */
const RJSF_WIDGETS = new Set([
  'money',
  'alt-date',
  'alt-datetime',
  'checkbox',
  'checkboxes',
  'color',
  'data-url',
  'date',
  'datetime',
  'email',
  'file',
  'hidden',
  'password',
  'radio',
  'range',
  'rating',
  'select',
  'text',
  'textarea',
  'time',
  'updown',
  'uri',
  'url',
]);

/** The `ui:widget` names a uiSchema gives anywhere (fields, array items) that RJSF does not know. */
function ownWidgets(uiSchema: unknown, found = new Set<string>()): Set<string> {
  if (uiSchema && typeof uiSchema === 'object')
    for (const [key, value] of Object.entries(uiSchema)) {
      if (key === 'ui:widget' && typeof value === 'string' && !RJSF_WIDGETS.has(value)) found.add(value);
      else ownWidgets(value, found);
    }
  return found;
}

/**
 * generated/forms.ts: the SPEC §5 admin forms as RJSF schema + uiSchema, their messages and custom
 * rules, and a data type per form derived from its schema with json-schema-to-ts.
 */
export function emitForms(model: Model): EmittedFile {
  return emitSourceFile('forms.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: 'json-schema-to-ts', namedImports: ['FromSchema'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../src/shared/model', namedImports: ['FormDefinition'] });
    file.addTypeAlias({ isExported: true, name: 'FormName', type: union(model.forms.map((f) => f.name)) });
    file.addInterface({
      isExported: true,
      name: 'FormRule',
      properties: [
        { name: 'field', type: 'string', isReadonly: true },
        { name: 'rule', type: 'string', isReadonly: true },
        { name: 'options', type: 'Readonly<Record<string, unknown>>', isReadonly: true },
      ],
    });
    file.addInterface({
      isExported: true,
      name: 'GeneratedForm',
      extends: ['FormDefinition'],
      properties: [
        { name: 'messages', type: 'Readonly<Record<string, Readonly<Record<string, string>>>>', isReadonly: true },
        { name: 'rules', type: 'readonly FormRule[]', isReadonly: true },
        { name: 'afterSave', type: 'string', isReadonly: true, hasQuestionToken: true, docs: ['The route (by name) a saved form opens.'] },
      ],
    });
    file.addInterface({
      isExported: true,
      name: 'FormWidgets',
      docs: [
        "Per form, the widgets its uiSchema names that RJSF does not have (a role's permission matrix): the page renders them (ManifestForm's `widgets`).",
      ],
      properties: model.forms.map((form) => ({
        name: JSON.stringify(form.name),
        type: union([...ownWidgets(form.uiSchema)].sort()),
        isReadonly: true,
      })),
    });
    for (const form of model.forms) {
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        declarations: [{ name: `${form.name}Schema`, initializer: `${literal(form.schema)} as const` }],
      });
      file.addTypeAlias({ isExported: true, name: typeName(form.name), type: `FromSchema<typeof ${form.name}Schema>` });
    }
    const entries = model.forms.map((form) => {
      const rules = form.rules.map(({ field, rule, ...options }) => ({ field, rule, options }));
      return `${JSON.stringify(form.name)}: { name: ${JSON.stringify(form.name)}, title: ${JSON.stringify(form.title)}, schema: ${form.name}Schema, uiSchema: ${literal(form.uiSchema)}, messages: ${literal(form.messages)}, rules: ${literal(rules)}${form.afterSave === null ? '' : `, afterSave: ${JSON.stringify(form.afterSave)}`} }`;
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Every admin form of SPEC §5, validated identically by the browser and the server.'],
      declarations: [{ name: 'forms', type: 'Readonly<Record<FormName, GeneratedForm>>', initializer: `{\n${entries.join(',\n')}\n}` }],
    });
  });
}
