import { describe, expect, it } from 'vitest';
import { form as contactForm } from '../../../generated/forms/contact';
import { validate as contactValidate } from '../../../generated/validators/contact.js';
import { checkForm } from '../../../src/shared/validation/check-form';
import { checkFormWith } from '../../../src/shared/validation/check-form-with';
import { CONTACT_RULES } from '../../../src/shared/validation/contact-rules';

const contact = { form: contactForm, validate: contactValidate };

describe('a form checked with only its own rules (docs/architecture.md "Page weight")', () => {
  it('the contact page has a check for every rule the contact form names', () => {
    expect(contactForm.rules.length).toBeGreaterThan(0);
    for (const rule of contactForm.rules) expect(Object.keys(CONTACT_RULES)).toContain(rule.rule);
  });

  it('gives the contact page the same messages as the full rule table for the same data', () => {
    const samples = [
      {},
      { name: 'Ana', email: 'ana@', message: 'short' },
      { name: 'Ana', email: 'ana..b@example.com', message: 'A longer message about desks.' },
      { name: 'Ana', email: 'ana@example.com', message: 'A longer message about desks.' },
    ];
    for (const data of samples) expect(checkFormWith(CONTACT_RULES, contact, data)).toEqual(checkForm(contact, data));
    expect(checkFormWith(CONTACT_RULES, contact, samples[2]).email).toBe('Email must be a valid email address');
    expect(checkFormWith(CONTACT_RULES, contact, samples[3])).toEqual({});
  });

  it('throws when a rule the form names has no check, rather than skipping it', () => {
    expect(() => checkFormWith({}, contact, { name: 'Ana', email: 'ana@example.com', message: 'A longer message.' })).toThrow(
      /contact: no check given for its rule email-address/,
    );
  });
});
