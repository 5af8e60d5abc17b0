import { useState } from 'react';
import { currentT } from '../../i18n/texts';

/**
 * A form field validated on input and on blur (SPEC §5 "Validation fires on input and blur"),
 * showing its message only once touched; `check()` validates before saving.
 */
export function useField(validate: (value: string) => string) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = validate(value);
  return {
    value,
    error: touched ? error : '',
    inputProps: {
      value,
      onChange: (e: { target: { value: string } }) => {
        setValue(e.target.value);
        setTouched(true);
      },
      onBlur: () => setTouched(true),
      'aria-invalid': touched && Boolean(error),
    },
    check(): boolean {
      setTouched(true);
      return !error;
    },
  };
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// The messages are interface texts (content/interface/, form.*) in the reader's language; validators
// run while rendering, so they follow a language change at once. Labels come translated from the caller.
/** "{field} field is required" (SPEC §5). */
export const required = (label: string) => (v: string) => (v.trim() ? '' : currentT()('form.required', { field: label }));
/** "{field} may not be greater than {max} characters" (SPEC §5). */
export const maxChars = (label: string, max: number) => (v: string) =>
  v.length > max ? currentT()('form.max_chars', { field: label, max }) : '';
export const email = (v: string) => {
  const t = currentT();
  return !v.trim() ? t('form.required', { field: t('field.email') }) : EMAIL_PATTERN.test(v) ? '' : t('form.email_invalid');
};
/** SPEC §5 Password: required; 'Use 15 or more characters.' */
export const password = (v: string) => {
  const t = currentT();
  return !v ? t('form.required', { field: t('field.password') }) : v.length < 15 ? t('form.password_short') : '';
};
/** The confirmation field: required, and equal to the password (`message` names the mismatch). */
export const confirmation = (password: string, message: 'form.passwords_differ' | 'form.confirmation_differs') => (v: string) => {
  const t = currentT();
  return !v ? t('form.required', { field: t('field.confirm_password') }) : v !== password ? t(message) : '';
};
