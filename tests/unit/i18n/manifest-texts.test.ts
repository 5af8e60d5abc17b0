import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { grids, usersGrid } from '../../../generated/grids';
import { forms } from '../../../generated/forms';
import { permissions } from '../../../generated/permissions';
import { manifestKeys } from '../../../src/web/i18n/manifest-keys';
import { mapFormTexts, mapGridTexts, ruleMessage, slug, type FormTexts, type Lookup } from '../../../src/web/i18n/manifest-texts';
import { attachmentProblem } from '../../../src/shared/validation/attachments';
import { RULES } from '../../../src/shared/validation/rules';

/**
 * Every manifest grid and form is translated (SPEC §2): each text has a key in
 * content/interface/en.yaml whose English is exactly the manifest's, so the other languages (whose
 * keys interface-texts.test.ts checks) translate it. Coverage is on by default: a new grid or form is
 * checked the day it is declared. Print the keys to add with
 * `npx tsx src/web/i18n/manifest-keys.ts grid:<name> form:<name>`.
 */
/**
 * Forms declared for their shared validation only, whose page draws its own fields with its own keys:
 * the contact form (contact.*, contact-page.tsx) and Switch Client (staff.pop.*, the switch popup).
 */
const OWN_WORDS = new Set(['contact', 'client_switch']);
const COVERED: readonly string[] = [
  ...Object.keys(grids).map((name) => `grid:${name}`),
  ...Object.keys(forms)
    .filter((name) => !OWN_WORDS.has(name))
    .map((name) => `form:${name}`),
];

const root = resolve(import.meta.dirname, '../../..');
const read = (language: string) =>
  parse(readFileSync(resolve(root, `content/interface/${language}.yaml`), 'utf8')) as Record<string, string>;
const en = read('en');
const fill = (text: string, values?: Readonly<Record<string, string | number>>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
const lookupIn =
  (table: Record<string, string>): Lookup =>
  (key, english, values) =>
    key in table ? fill(table[key]!, values) : english;

describe('manifest grids and forms in the reader language (src/web/i18n/manifest-texts.ts)', () => {
  for (const item of COVERED) {
    it(`${item}: every text has a key whose English is the manifest's`, () => {
      for (const [key, english] of manifestKeys(item)) expect(en[key], key).toBe(english);
    });
  }

  it("every catalogue permission has a description whose English is the manifest's (the roles matrix shows it)", () => {
    expect(permissions.length).toBeGreaterThan(20);
    for (const p of permissions) expect(en[`admin.permission.${p.name}`], p.name).toBe(p.description);
  });

  it("words the shared rules' own messages: English exactly as the rules write them, and translated", () => {
    const es = read('es');
    const samples = [
      RULES['emails-list']!('a@x.example, nope', {}, {}),
      RULES['email-address']!('nope', {}, {}),
      RULES['domain-name']!('not a domain', {}, {}),
      RULES['video-url']!('https://example.com/v', {}, {}),
      RULES['csv-file']!('people.txt', {}, {}),
      RULES['required-when']!('', { other: 'a', equals: true }, { a: true }),
      RULES.matches!('a', { other: 'b' }, { b: 'c' }),
      RULES['attachment-extension']!('notes.exe', {}, {}),
      RULES['image-dimensions']!('data:text/plain;base64,AAAA', { label: 'logo' }, {}),
      'The banner may not be greater than 3072 kilobytes.',
      'The logo is not a readable image.',
      'The banner must be upto 1920 X 600 pixels',
    ];
    for (const english of samples) {
      expect(english, 'a rule refused the sample').not.toBe('');
      expect(ruleMessage(lookupIn(en), english), english).toBe(english);
      const spanish = ruleMessage(lookupIn(es), english);
      expect(spanish && spanish !== english, `${english} → ${spanish}`).toBe(true);
    }
    expect(ruleMessage(lookupIn(es), 'The banner must be upto 1920 X 600 pixels')).toBe(
      'El banner debe medir como máximo 1920 × 600 píxeles',
    );
    expect(ruleMessage(lookupIn(en), 'Something else.')).toBeNull();
  });

  it('words an attachment or image refused for what it holds, with its reason (svg-safety.ts, file-structure.ts)', () => {
    const source = ['svg-safety.ts', 'file-structure.ts']
      .map((f) => readFileSync(resolve(import.meta.dirname, '../../../src/shared/validation', f), 'utf8'))
      .join('\n');
    const reasons = new Set([...source.matchAll(/return '([^']+)';/g)].map((m) => m[1]!));
    expect(reasons.size).toBeGreaterThan(10);
    for (const reason of reasons) expect(en[`form.rule.reason.${slug(reason)}`], reason).toBe(reason);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = attachmentProblem('logo.svg', svg);
    expect(refused).toBe('The attachment is refused: the SVG contains a script.');
    expect(ruleMessage(lookupIn(en), refused)).toBe(refused);
    expect(ruleMessage(lookupIn(read('de')), refused)).toBe('Der Anhang wird abgelehnt: Das SVG enthält ein Skript.');
    expect(ruleMessage(lookupIn(read('es')), 'The logo is refused: the file has data after its end (a second file hidden in it).')).toBe(
      'El logotipo se ha rechazado: el archivo tiene datos después de su final (un segundo archivo oculto en él).',
    );
  });

  it('looks a text up by its key, and keeps the manifest English where there is none', () => {
    const table = { 'grid.users.first_name': 'Nombre', 'grid.users.filter.status.active': 'Activo', 'grid.users.noun': 'usuarios' };
    const grid = mapGridTexts(usersGrid, lookupIn(table));
    expect(grid.columns.find((c) => c.field === 'first_name')?.heading).toBe('Nombre');
    expect(grid.columns.find((c) => c.field === 'last_name')?.heading).toBe('Last Name');
    expect(grid.filters.find((f) => f.param === 'status')?.values?.[0]?.label).toBe('Activo');
    expect(grid.noun).toEqual(['user', 'usuarios']);
    expect(grid.columns.map((c) => c.field)).toEqual(usersGrid.columns.map((c) => c.field));
  });

  it('translates form titles, option names and messages, the shared field-is-required pattern included', () => {
    const table = {
      'form.required': '{field} es obligatorio',
      'form.client.company_name': 'Nombre de la empresa',
      'form.client.status.active': 'Activo',
      'form.client.home.required': 'El texto de Inicio es obligatorio',
    };
    const client = mapFormTexts('client', forms.client as unknown as FormTexts, lookupIn(table));
    expect((client.schema.properties as Record<string, { title: string }>).company_name!.title).toBe('Nombre de la empresa');
    expect((client.uiSchema.status as Record<string, string[]>)['ui:enumNames']).toEqual(['Activo', 'Inactive']);
    expect(client.message('Company Name field is required')).toBe('Nombre de la empresa es obligatorio');
    expect(client.message('Home field is required')).toBe('El texto de Inicio es obligatorio');
    expect(client.message('Billable Cost must be a valid number')).toBe('Billable Cost must be a valid number');
    expect(client.message('A message the form does not know')).toBe('A message the form does not know');
  });
});
