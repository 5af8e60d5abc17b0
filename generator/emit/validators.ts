import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Model } from '../model';
import { sortTexts } from '../order';
import { BANNER, type EmittedFile } from './common';

/**
 * generated/validators.js (+ .d.ts): every form's JSON Schema compiled ahead of time with ajv's
 * standalone code, so the browser never compiles a schema (no eval under the strict CSP; docs/architecture.md "Dependencies and their traps").
 */
export function emitValidators(model: Model): EmittedFile[] {
  // unicode: false keeps the output free of runtime requires (lengths count UTF-16 units in the browser;
  // the server re-validates with full Unicode lengths). Its deprecation notice is silenced.
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    unicode: false,
    logger: { log() {}, warn() {}, error: console.error },
    code: { source: true, esm: true, lines: true },
  });
  const exportsMap: Record<string, string> = {};
  for (const form of model.forms) {
    ajv.addSchema(form.schema, form.name);
    exportsMap[form.name] = form.name;
  }
  const generate = (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  const code = model.forms.length ? generate(ajv, exportsMap) : 'export {};';
  const names = sortTexts(model.forms.map((f) => f.name));
  const declaration = [
    "import type { ErrorObject } from 'ajv';",
    '',
    '/** A precompiled ajv validator: returns true when valid, else sets `errors`. */',
    'export interface CompiledValidator {',
    '  (data: unknown): boolean;',
    '  errors?: ErrorObject[] | null;',
    '}',
    '',
    ...names.map((n) => `export declare const ${n}: CompiledValidator;`),
    '',
  ].join('\n');
  return [
    { path: 'validators.js', text: `${BANNER}/* eslint-disable */\n${code.trim()}\n` },
    { path: 'validators.d.ts', text: `${BANNER}${declaration}` },
  ];
}
