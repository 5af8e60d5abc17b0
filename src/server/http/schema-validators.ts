import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../../shared/model';

/**
 * The validators of the manifest's JSON Schemas (SPEC §7): ajv in strict mode with the standard
 * formats and union types (`type: [string, "null"]`), each schema compiled once. The request
 * checks (body.ts) stop at a body's or query's first problem, the one the 400 names, so a hostile
 * payload costs no more work than that; the test servers' reply check (reply-check.ts) lists every
 * mismatch (`allErrors`). generator/semantic-check.ts compiles `response` schemas the same way.
 */
export function schemaValidators(options: { readonly allErrors: boolean }): (schema: JsonSchema) => ValidateFunction {
  const ajv = new Ajv({ allErrors: options.allErrors, strict: true, allowUnionTypes: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  const compiled = new Map<JsonSchema, ValidateFunction>();
  return (schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
}
