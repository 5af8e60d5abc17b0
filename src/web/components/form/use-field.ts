import { useState } from 'react';

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
      onChange: (e: { target: { value: string } }) => { setValue(e.target.value); setTouched(true); },
      onBlur: () => setTouched(true),
      'aria-invalid': touched && Boolean(error),
    },
    check(): boolean { setTouched(true); return !error; },
  };
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const required = (label: string) => (v: string) => (v.trim() ? '' : `${label} field is required`);
export const email = (v: string) => (!v.trim() ? 'Email field is required' : EMAIL_PATTERN.test(v) ? '' : 'Email must be a valid email address');
/** SPEC §5 Password: required; 'Use 15 or more characters.' */
export const password = (v: string) => (!v ? 'Password field is required' : v.length < 15 ? 'Use 15 or more characters.' : '');
