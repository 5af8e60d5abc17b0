import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import type { FormPart } from '../../../../generated/forms';
import { checkForm } from '../../../shared/validation/check-form';
import { formMessage } from '../../i18n/form-texts';

/**
 * An RJSF validator backed by the generated, precompiled validators and the manifest's SPEC §5
 * messages, so the browser never compiles a schema (no eval under the CSP) and shows exactly the
 * messages the server sends, in the reader's language (SPEC §2, src/web/i18n/form-texts.ts).
 */
export function formValidator(part: FormPart): ValidatorType {
  const run = (formData: unknown) =>
    Object.fromEntries(
      Object.entries(checkForm(part, stripEmpty((formData ?? {}) as Record<string, unknown>))).map(([field, message]) => [
        field,
        formMessage(part.form, message),
      ]),
    );
  return {
    validateFormData(formData) {
      const fields = run(formData);
      const errors: RJSFValidationError[] = Object.entries(fields).map(([field, message]) => ({
        name: 'manifest',
        property: `.${field}`,
        message,
        stack: `${field}: ${message}`,
        schemaPath: '',
        params: {},
      }));
      return { errors, errorSchema: errorTree(fields) };
    },
    isValid(schema: RJSFSchema, formData: unknown) {
      // Only used to pick a oneOf option: our options are constants.
      return schema.const === undefined || schema.const === formData;
    },
    rawValidation() {
      return {};
    },
  };
}

/**
 * Messages by field as RJSF's error tree: a field of texts per language (`name.de`, validate-form.ts)
 * puts its message under that language's box, every other field under itself.
 */
export function errorTree(fields: Readonly<Record<string, string>>): ErrorSchema {
  const tree: Record<string, Record<string, unknown>> = {};
  for (const [key, message] of Object.entries(fields)) {
    // The part is everything after the field's name: a client's text key holds dots itself (`texts.report.title`).
    const dot = key.indexOf('.');
    const field = dot < 0 ? key : key.slice(0, dot);
    const part = dot < 0 ? undefined : key.slice(dot + 1);
    const node = (tree[field] ??= {});
    if (part === undefined) node.__errors = [message];
    else node[part] = { __errors: [message] };
  }
  return tree as ErrorSchema;
}

/** The field key (validate-form.ts: `name`, or `name.de` for one language's box) of a control's RJSF id (`root_name_de`). */
export function fieldOfControl(id: string, fields: Iterable<string>, prefix = 'root'): string | null {
  const bare = id.startsWith(`${prefix}_`) ? id.slice(prefix.length + 1) : id;
  for (const field of fields) if (field.replace('.', '_') === bare) return field;
  return null;
}

/** RJSF leaves optional fields undefined or ''; the schema treats absent as absent. */
export function stripEmpty(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && !(typeof v === 'string' && v === '')));
}
