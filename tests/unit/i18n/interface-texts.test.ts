import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_MESSAGES } from '../../../src/shared/server-messages';
import { SSO_ERRORS, SSO_GENERIC_ERROR } from '../../../src/shared/sso-errors';
import { chooseLanguage, fromBrowserTag, INTERFACE_LANGUAGES } from '../../../src/web/i18n/language';
import { menuKey } from '../../../src/web/i18n/menu-label';
import { keysSource } from '../../../src/web/i18n/write-keys';
import { routes } from '../../../generated/routes';

const root = resolve(import.meta.dirname, '../../..');
const folder = resolve(root, 'content/interface');
const read = (language: string) => parse(readFileSync(resolve(folder, `${language}.yaml`), 'utf8')) as Record<string, unknown>;
const en = read('en') as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('SPEC §2 interface texts in the eight languages (content/interface/)', () => {
  it('has one file per language and nothing else', () => {
    expect(
      readdirSync(folder)
        .filter((f) => f.endsWith('.yaml'))
        .sort(),
    ).toEqual(INTERFACE_LANGUAGES.map((l) => `${l}.yaml`).sort());
  });

  for (const language of INTERFACE_LANGUAGES) {
    it(`${language}: every English key, no other key, a non-empty text with the same placeholders`, () => {
      const texts = read(language);
      expect(
        Object.keys(texts).filter((k) => !(k in en)),
        'keys English does not have',
      ).toEqual([]);
      expect(
        Object.keys(en).filter((k) => !(k in texts)),
        'keys without a translation',
      ).toEqual([]);
      for (const [key, text] of Object.entries(texts)) {
        expect(typeof text === 'string' && text.trim() !== '', `${language} ${key} is empty`).toBe(true);
        expect(placeholders(text as string), `${language} ${key} placeholders`).toEqual(placeholders(en[key]!));
      }
    });
  }

  it('translates: no language copies English for a sentence', () => {
    for (const language of INTERFACE_LANGUAGES.filter((l) => l !== 'en')) {
      const texts = read(language) as Record<string, string>;
      const copied = Object.keys(en).filter(
        (k) =>
          texts[k] === en[k] &&
          en[k]!.replace(/\{\w+\}/g, '')
            .split(/\s+/)
            .filter((w) => /\p{L}/u.test(w)).length > 2,
      );
      expect(copied, `${language} keeps English`).toEqual([]);
    }
  }, 30_000); // seven 2,000-line files parsed: seconds on a busy machine

  it('keys.ts is written from en.yaml (npx tsx src/web/i18n/write-keys.ts)', () => {
    expect(readFileSync(resolve(root, 'src/web/i18n/keys.ts'), 'utf8')).toBe(keysSource(readFileSync(resolve(folder, 'en.yaml'), 'utf8')));
  });

  it('every menu label of manifest/menus.yaml has a text whose English is the label', () => {
    const labels = [...readFileSync(resolve(root, 'manifest/menus.yaml'), 'utf8').matchAll(/label: ([^,}\n]+)/g)].map((m) => m[1]!.trim());
    expect(labels.length).toBeGreaterThan(30);
    for (const label of labels) expect(en[menuKey(label)], label).toBe(label);
  });

  it('every route.<name> text names a route, in English its manifest title', () => {
    const titles = new Map<string, string>(routes.map((r) => [r.name, r.title]));
    for (const key of Object.keys(en).filter((k) => k.startsWith('route.')))
      expect(en[key], key).toBe(titles.get(key.slice('route.'.length)));
  });

  it('keeps the English of SPEC messages word for word', () => {
    for (const [code, text] of Object.entries(SSO_ERRORS)) expect(en[`sso.${code}`]).toBe(text);
    expect(en['sso.generic']).toBe(SSO_GENERIC_ERROR);
    // The server's messages the browser translates must be exactly what the server sends.
    // src/server/http words the database's refusals (database-errors.ts) the API sends.
    const server = ['src/server/api', 'src/server/http']
      .flatMap((dir) =>
        readdirSync(resolve(root, dir), { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.ts'))
          .map((f) => readFileSync(resolve(root, dir, f), 'utf8')),
      )
      .join('\n');
    // Messages with variable parts are sent by code: server-messages.test.ts holds them to src/shared/server-messages.ts.
    const byCode = (key: string) => Object.hasOwn(SERVER_MESSAGES, key.slice('msg.'.length));
    for (const [key, text] of Object.entries(en).filter(([k]) => k.startsWith('msg.') && !byCode(k)))
      expect(server.includes(`'${text}'`), key).toBe(true);
    expect(en['form.required']!.replace('{field}', 'Email')).toBe('Email field is required');
    expect(en['form.password_short']).toBe('Use 15 or more characters.');
  });
});

describe('the reader language: profile, else browser, else English', () => {
  it('maps browser tags to the eight', () => {
    expect(fromBrowserTag('de-DE')).toBe('de');
    expect(fromBrowserTag('pt-BR')).toBe('pt');
    expect(fromBrowserTag('zh-Hans-CN')).toBe('cn');
    expect(fromBrowserTag('ja')).toBe('ja');
    expect(fromBrowserTag('nl-NL')).toBeNull();
    expect(fromBrowserTag('cn')).toBeNull(); // not a BCP 47 language
  });

  it('prefers the profile language, then the first browser language the product speaks', () => {
    expect(chooseLanguage('es', ['de-DE'])).toBe('es');
    expect(chooseLanguage(null, ['nl-NL', 'fr-CA', 'de'])).toBe('fr');
    expect(chooseLanguage('xx', ['ko-KR'])).toBe('ko');
    expect(chooseLanguage(undefined, ['nl'])).toBe('en');
  });
});
