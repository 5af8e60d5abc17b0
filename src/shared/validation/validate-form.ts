import { formParts, type FormName } from '../../../generated/forms';
import { checkForm, type FieldErrors } from './check-form';

export type { FieldErrors } from './check-form';

/**
 * Validates a form's data by the form's name (SPEC §5), for the server and tests, which hold every
 * form; the browser checks the one form it loaded with `checkForm` (check-form.ts).
 *
 * @example
 *   validateForm('role', { name: '', description: '' }); // { name: 'Role Name field is required', ... }
 */
export function validateForm(name: FormName, data: Record<string, unknown>): FieldErrors {
  return checkForm(formParts[name], data);
}
