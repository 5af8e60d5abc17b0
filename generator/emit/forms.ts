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

/** The entry of one form in its module: definition, messages, rules and where a save leads. */
function formEntry(form: Model['forms'][number]): string {
  const rules = form.rules.map(({ field, rule, ...options }) => ({ field, rule, options }));
  return `{ name: ${JSON.stringify(form.name)}, title: ${JSON.stringify(form.title)}, schema, uiSchema: ${literal(form.uiSchema)}, messages: ${literal(form.messages)}, rules: ${literal(rules)}${form.afterSave === null ? '' : `, afterSave: ${JSON.stringify(form.afterSave)}`} }`;
}

/**
 * generated/forms/<name>.ts, one per form: its schema and its definition, so a page showing a form
 * (with its validator, validators.ts) loads that form alone and not every form's definition and
 * validator (docs/architecture.md "Page weight").
 */
export function emitFormParts(model: Model): EmittedFile[] {
  return model.forms.map((form) =>
    emitSourceFile(`forms/${form.name}.ts`, (file) => {
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../forms', namedImports: ['GeneratedForm'] });
      file.addVariableStatement({
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: [`The JSON Schema of the ${form.name} form.`],
        declarations: [{ name: 'schema', initializer: `${literal(form.schema)} as const` }],
      });
      file.addVariableStatement({
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: [`The ${form.name} form of SPEC §5.`],
        declarations: [{ name: 'form', type: 'GeneratedForm', initializer: formEntry(form) }],
      });
    }),
  );
}

/**
 * generated/form-loaders.ts: each form's module as a lazily loaded chunk, for the browser's form
 * renderer (src/web/components/form/form-parts.ts).
 */
export function emitFormLoaders(model: Model): EmittedFile {
  return emitSourceFile('form-loaders.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './forms', namedImports: ['FormName', 'FormPart'] });
    const entries = model.forms.map(
      (form) =>
        `${JSON.stringify(form.name)}: () => Promise.all([import(${JSON.stringify(`./forms/${form.name}`)}), import(${JSON.stringify(`./validators/${form.name}.js`)})]).then(([m, v]) => ({ form: m.form, validate: v.validate }))`,
    );
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The module of each form, loaded when a page first shows it.'],
      declarations: [
        { name: 'formLoaders', type: 'Readonly<Record<FormName, () => Promise<FormPart>>>', initializer: `{\n${entries.join(',\n')}\n}` },
      ],
    });
  });
}

/**
 * generated/forms.ts: the SPEC §5 admin forms' names and types (a data type per form derived from its
 * schema with json-schema-to-ts), and every form's module joined into one table for the server and the
 * tests; the browser loads each form's module alone (form-loaders.ts).
 */
export function emitForms(model: Model): EmittedFile {
  return emitSourceFile('forms.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: 'ajv', namedImports: ['ErrorObject'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: 'json-schema-to-ts', namedImports: ['FromSchema'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../src/shared/model', namedImports: ['FormDefinition'] });
    for (const form of model.forms) {
      file.addImportDeclaration({
        moduleSpecifier: `./forms/${form.name}`,
        namedImports: [`form as ${form.name}Form`, `schema as ${form.name}Schema`],
      });
      file.addImportDeclaration({ moduleSpecifier: `./validators/${form.name}.js`, namedImports: [`validate as ${form.name}Validate`] });
    }
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
      name: 'CompiledValidator',
      docs: ['A precompiled ajv validator: returns true when valid, else sets `errors`.'],
      callSignatures: [{ parameters: [{ name: 'data', type: 'unknown' }], returnType: 'boolean' }],
      properties: [{ name: 'errors', type: 'ErrorObject[] | null', hasQuestionToken: true }],
    });
    file.addInterface({
      isExported: true,
      name: 'FormPart',
      docs: ['A form and its precompiled validator (generated/forms/<name>.ts).'],
      properties: [
        { name: 'form', type: 'GeneratedForm', isReadonly: true },
        { name: 'validate', type: 'CompiledValidator', isReadonly: true },
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
    for (const form of model.forms)
      file.addTypeAlias({ isExported: true, name: typeName(form.name), type: `FromSchema<typeof ${form.name}Schema>` });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Every admin form of SPEC §5 with its validator, validated identically by the browser and the server.'],
      declarations: [
        {
          name: 'formParts',
          type: 'Readonly<Record<FormName, FormPart>>',
          initializer: `{\n${model.forms.map((f) => `${JSON.stringify(f.name)}: { form: ${f.name}Form, validate: ${f.name}Validate }`).join(',\n')}\n}`,
        },
      ],
    });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Every admin form of SPEC §5.'],
      declarations: [
        {
          name: 'forms',
          type: 'Readonly<Record<FormName, GeneratedForm>>',
          initializer: `{\n${model.forms.map((f) => `${JSON.stringify(f.name)}: ${f.name}Form`).join(',\n')}\n}`,
        },
      ],
    });
  });
}
