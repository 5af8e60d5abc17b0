import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../../src/shared/validation/email-address';
import { offeredAreas } from '../../../src/shared/assessment/offered-areas';
import { validateForm } from '../../../src/shared/validation/validate-form';

const VALID = [
  'john.doe@example.com',
  "o'brien+ergo@northwind.example",
  'a@b.co',
  'x_y-z@mail.north-wind.example',
  `${'a'.repeat(64)}@example.com`,
  'UPPER@EXAMPLE.COM',
];
const INVALID = [
  'john..doe@example.com',
  '.john@example.com',
  'john.@example.com',
  'john doe@example.com',
  '"john"@example.com',
  'john@',
  '@example.com',
  'john@example',
  'john@-example.com',
  'john@example-.com',
  'john@exa_mple.com',
  'john@example.c0m',
  'john@@example.com',
  `${'a'.repeat(65)}@example.com`,
  `a@${'b'.repeat(64)}.com`,
  `${'a'.repeat(60)}@${'b.'.repeat(97)}com`,
];

describe('e-mail addresses: RFC 5322 dot-atom local part, RFC 5321 lengths and host names', () => {
  it.each(VALID)('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });
  it.each(INVALID)('refuses %s', (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it('gives the user form its SPEC §5 message, the same in the browser and on the server', () => {
    const form = { first_name: 'Jo', last_name: 'Doe', role_id: 1, client_id: 1 };
    expect(validateForm('user', { ...form, email: 'john..doe@example.com' }).email).toBe('Email must be a valid email address');
    expect(validateForm('user', { ...form, email: 'john.doe@example.com' }).email).toBeUndefined();
    console.log(`${VALID.length} valid and ${INVALID.length} invalid addresses checked`);
  });
});

describe('the work areas a client offers', () => {
  it('needs the area both chosen and opened by the access list', () => {
    expect(offeredAreas(['Office', 'Home', 'Travel'], ['Office', 'Home', 'Anywhere'])).toEqual(['office', 'home']);
    expect(offeredAreas(['Office', 'Home', 'Anywhere', 'Lab', 'Travel'], ['Home Menu', 'Office', 'Home', 'Anywhere', 'Lab'])).toEqual([
      'office',
      'home',
      'anywhere',
      'lab',
    ]);
    expect(offeredAreas([], ['Office'])).toEqual([]);
  });
});
