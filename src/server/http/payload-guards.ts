import type { JsonSchema } from '../../shared/model';

/** Names that reach Object.prototype when used as a property name (prototype pollution). */
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
/** No form or call nests deeper than a few levels; a deeper payload is an attack on the parsers. */
const MAX_DEPTH = 16;

function fieldName(path: readonly string[]): string {
  return path.length > 0 ? path.join('.') : 'request';
}

/**
 * What every decoded payload must satisfy whatever its call (OWASP ASVS V5.1.3, V5.5.1): no NUL in
 * any text or field name (PostgreSQL text cannot store it), no field named __proto__, constructor or
 * prototype, and at most 16 levels of nesting. Returns the message for a 400, or null.
 */
export function payloadProblem(value: unknown, path: readonly string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\0') ? `The ${fieldName(path)} field must not contain a NUL character.` : null;
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return `The ${fieldName(path)} field is nested too deeply.`;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    if (PROTOTYPE_NAMES.has(key)) return `The field name ${key} is not allowed.`;
    if (key.includes('\0')) return 'A field name must not contain a NUL character.';
    const problem = payloadProblem(item, [...path, key]);
    if (problem) return problem;
  }
  return null;
}

/**
 * A required text field (minLength 1 or more) holding only spaces is as empty as a missing one
 * (SPEC §5 "field is required"); the form validator applies the same rule to forms.
 */
export function blankProblem(schema: JsonSchema, payload: unknown): string | null {
  const { required, properties } = schema as {
    required?: readonly string[];
    properties?: Record<string, { type?: string; minLength?: number }>;
  };
  if (!required || !properties || !payload || typeof payload !== 'object') return null;
  for (const name of required) {
    const property = properties[name];
    const value = (payload as Record<string, unknown>)[name];
    if (property?.type === 'string' && (property.minLength ?? 0) >= 1 && typeof value === 'string' && value.trim() === '')
      return `The ${name} field is required.`;
  }
  return null;
}
