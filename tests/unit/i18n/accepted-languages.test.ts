import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chooseLanguage } from '../../../src/shared/interface-language';

describe("the reader's languages from Accept-Language (RFC 9110 §12.5.4)", () => {
  it('orders the tags by weight, keeping the header order among equal weights', () => {
    expect(acceptedLanguages('en;q=0.5, de-DE, fr;q=0.8')).toEqual(['de-DE', 'fr', 'en']);
    expect(acceptedLanguages('ja, ko')).toEqual(['ja', 'ko']);
  });

  it('leaves out the wildcard, tags weighted 0 and an absent or empty header', () => {
    expect(acceptedLanguages('de;q=0, *;q=0.5, pt-BR;q=0.1')).toEqual(['pt-BR']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });

  it('chooses as the app does: the profile, else the first language the product speaks, else English', () => {
    expect(chooseLanguage(null, acceptedLanguages('sv-SE, zh-CN;q=0.9, de;q=0.8'))).toBe('cn');
    expect(chooseLanguage('fr', acceptedLanguages('de'))).toBe('fr');
    expect(chooseLanguage(undefined, acceptedLanguages('sv, nb;q=0.5'))).toBe('en');
  });
});
