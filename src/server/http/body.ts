import type { ValidateFunction } from 'ajv';
import { decodeEnvelope, EnvelopeError } from '../../shared/envelope';
import type { JsonSchema } from '../../shared/model';
import type { FormName } from '../../../generated/forms';
import { validateForm } from '../../shared/validation/validate-form';
import { blankProblem, payloadProblem } from './payload-guards';
import { malformedTextProblem } from './text-check';
import { schemaValidators } from './schema-validators';

const compile = schemaValidators({ allErrors: false });

export class BadRequest extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> | null = null,
  ) {
    super(message);
  }
}

function describe(validate: ValidateFunction): string {
  const error = validate.errors?.[0];
  if (!error) return 'The request is not valid.';
  const field = error.instancePath.replace(/^\//, '') || (error.params as { missingProperty?: string }).missingProperty || 'request';
  if (error.keyword === 'additionalProperties')
    return `Unknown field: ${(error.params as { additionalProperty: string }).additionalProperty}.`;
  if (error.keyword === 'required') return `The ${(error.params as { missingProperty: string }).missingProperty} field is required.`;
  return `The ${field} field ${error.message ?? 'is invalid'}.`;
}

/**
 * A query string against the call's declared `query:` schema (manifest/api/*.yaml), after the shared
 * address checks (request-guards.ts): the first problem as a 400 message, or null. Unknown names are
 * refused only where the schema says `additionalProperties: false`.
 */
export function queryStringProblem(query: Record<string, unknown>, schema: JsonSchema): string | null {
  const validate = compile(schema);
  if (validate(query)) return null;
  const error = validate.errors?.[0];
  if (error?.keyword === 'additionalProperties')
    return `The query parameter ${(error.params as { additionalProperty: string }).additionalProperty} is not allowed.`;
  if (error?.keyword === 'required')
    return `The query parameter ${(error.params as { missingProperty: string }).missingProperty} is required.`;
  const name = error?.instancePath.replace(/^\//, '') ?? '';
  return `The query parameter ${name} ${error?.message ?? 'is not valid'}.`;
}

/**
 * SPEC §7 request body: JSON `{request_data: "<envelope>"}`; the decoded payload must satisfy the
 * call's JSON Schema from the manifest (unknown fields refused). Anything else is a BadRequest.
 */
export function decodeBody(raw: unknown, schema: JsonSchema, form: string | null = null): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new BadRequest('The request body must be a JSON object.');
  const keys = Object.keys(raw);
  if (keys.length !== 1 || keys[0] !== 'request_data') throw new BadRequest('The request body must hold request_data only.');
  const wire = (raw as { request_data: unknown }).request_data;
  if (typeof wire !== 'string') throw new BadRequest('request_data must be a string.');
  let payload: unknown;
  try {
    payload = decodeEnvelope(wire);
  } catch (error) {
    if (error instanceof EnvelopeError) throw new BadRequest('request_data is not a valid envelope.');
    throw error;
  }
  const unsafe = payloadProblem(payload);
  if (unsafe) throw new BadRequest(unsafe);
  const malformed = malformedTextProblem(payload);
  if (malformed) throw new BadRequest(malformed);
  if (form) {
    // SPEC §5 forms: the same validator, messages and custom rules as the browser.
    const fields = validateForm(form as FormName, (payload ?? {}) as Record<string, unknown>);
    const first = Object.values(fields)[0];
    if (first || typeof payload !== 'object' || payload === null || Array.isArray(payload))
      throw new BadRequest(first ?? 'The request is not valid.', fields);
  }
  const validate = compile(schema);
  if (!validate(payload)) throw new BadRequest(describe(validate));
  const blank = blankProblem(schema, payload);
  if (blank) throw new BadRequest(blank);
  return payload;
}
