import type { FormPart } from '../../../generated/forms';
import { checkFormWith, type FieldErrors } from './check-form-with';
import { RULES } from './rules';

export type { FieldErrors } from './check-form-with';

/**
 * Validates a form's data with every custom rule of SPEC §5 (check-form-with.ts): the server's and the
 * manifest forms' check. A page that checks one known form may pass only its rules to `checkFormWith`.
 *
 * @example
 *   checkForm({ form, validate }, { name: '', description: '' }); // { name: 'Role Name field is required', ... }
 */
export function checkForm(part: FormPart, data: Record<string, unknown>): FieldErrors {
  return checkFormWith(RULES, part, data);
}
