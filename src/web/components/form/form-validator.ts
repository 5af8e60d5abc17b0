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
      const errorSchema = Object.fromEntries(
        Object.entries(fields).map(([field, message]) => [field, { __errors: [message] }]),
      ) as ErrorSchema;
      return { errors, errorSchema };
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

/** RJSF leaves optional fields undefined or ''; the schema treats absent as absent. */
export function stripEmpty(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && !(typeof v === 'string' && v === '')));
}
