import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Model } from '../model';
import { sortTexts } from '../order';
import { BANNER, type EmittedFile } from './common';

/**
 * generated/validators/<name>.js (+ .d.ts): each form's JSON Schema compiled ahead of time with ajv's
 * standalone code, so the browser never compiles a schema (no eval under the strict CSP; docs/architecture.md
 * "Dependencies and their traps"), one file per form so a page loads only its form's validator
 * (docs/architecture.md "Page weight").
 */
export function emitValidators(model: Model): EmittedFile[] {
  const generate = (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  const names = sortTexts(model.forms.map((f) => f.name));
  const declaration = [
    "import type { CompiledValidator } from '../forms';",
    '',
    '/** The precompiled validator of the form: returns true when valid, else sets `errors`. */',
    'export declare const validate: CompiledValidator;',
    '',
  ].join('\n');
  return names.flatMap((name) => {
    const form = model.forms.find((f) => f.name === name)!;
    // unicode: false keeps the output free of runtime requires (lengths count UTF-16 units in the browser;
    // the server re-validates with full Unicode lengths). Its deprecation notice is silenced.
    const ajv = new Ajv({
      allErrors: true,
      strict: true,
      unicode: false,
      logger: { log() {}, warn() {}, error: console.error },
      code: { source: true, esm: true, lines: true },
    });
    ajv.addSchema(form.schema, name);
    const code = generate(ajv, { validate: name });
    return [
      { path: `validators/${name}.js`, text: `${BANNER}/* eslint-disable */\n${code.trim()}\n` },
      { path: `validators/${name}.d.ts`, text: `${BANNER}${declaration}` },
    ];
  });
}
