import type { ErrorObject } from 'ajv';
import type { FormPart } from '../../../generated/forms';

/** Field name → the first message to show for it ('' fields are absent). */
export type FieldErrors = Record<string, string>;

/** The custom rules of SPEC §5; each returns an error message or '' when the value is acceptable. */
export type RuleCheck = (value: unknown, options: Readonly<Record<string, unknown>>, data: Readonly<Record<string, unknown>>) => string;

type Properties = Readonly<Record<string, { type?: string; title?: string; properties?: Readonly<Record<string, { title?: string }>> }>>;

/**
 * The field an error is about: a top-level field, or `<field>.<part>` inside a field that is an object
 * of named parts (a text per language: `name.de`), so its message can stand under that part's box.
 */
function fieldOf(error: ErrorObject, properties: Properties): string {
  const path = error.instancePath.split('/').slice(1);
  const named =
    error.keyword === 'required'
      ? (error.params as { missingProperty: string }).missingProperty
      : error.keyword === 'additionalProperties'
        ? (error.params as { additionalProperty: string }).additionalProperty
        : undefined;
  if (named !== undefined) path.push(named);
  const [field = '', part] = path;
  return part !== undefined && properties[field]?.properties ? `${field}.${part}` : field;
}

/**
 * Validates a form's data the same way in the browser and on the server (SPEC §5): the precompiled
 * JSON Schema validator, its errors mapped to the manifest's messages, then the custom rules, taken
 * from `rules`. Takes the form's own modules (generated/forms/<name>.ts, generated/validators/<name>.js)
 * and the checks of the rules it uses, so a page checking one form carries no other form and no other
 * rule (check-form.ts passes every rule). A rule the form names that `rules` lacks is a programming
 * error and throws, never a check silently skipped.
 *
 * @example
 *   checkFormWith({ 'email-address': emailAddress }, { form, validate }, { email: 'x' }); // { email: 'Email must be …' }
 */
export function checkFormWith(
  rules: Readonly<Record<string, RuleCheck>>,
  { form, validate }: FormPart,
  data: Record<string, unknown>,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!validate(data)) {
    const properties = form.schema.properties as Properties;
    for (const error of validate.errors ?? []) {
      const field = fieldOf(error, properties);
      if (errors[field]) continue;
      // A part's own message (`name.en`), else its field's; titled by the field (a part has no title of its own).
      const [top = field] = field.split('.');
      const title = properties[top]?.title ?? field;
      errors[field] =
        form.messages[field]?.[error.keyword] ??
        form.messages[top]?.[error.keyword] ??
        (error.keyword === 'additionalProperties' ? `Unknown field: ${field}.` : `${title} ${error.message ?? 'is invalid'}`);
    }
  }
  // A required text field holding only spaces is as empty as a missing one (SPEC §5 "field is required").
  const properties = form.schema.properties as Record<string, { type?: string; title?: string }>;
  for (const field of (form.schema as { required?: readonly string[] }).required ?? []) {
    const value = data[field];
    if (errors[field] || properties[field]?.type !== 'string' || typeof value !== 'string' || value.trim() !== '') continue;
    errors[field] = form.messages[field]?.required ?? `${properties[field]?.title ?? field} field is required`;
  }
  for (const rule of form.rules) {
    if (errors[rule.field]) continue;
    const check = rules[rule.rule];
    if (!check) throw new Error(`Form ${form.name}: no check given for its rule ${rule.rule}`);
    const message = check(data[rule.field], rule.options, data);
    if (message) errors[rule.field] = message;
  }
  return errors;
}
