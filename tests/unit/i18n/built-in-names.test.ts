import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUILT_IN_TEMPLATES } from '../../../src/shared/mail/built-in-templates';
import { findingLabel, findingTitleKey } from '../../../src/shared/assessment/finding-title';
import { findingTitles } from '../../../src/web/build/interface-texts-plugin';
import { templateName } from '../../../src/web/pages/admin/components/template-name';
import type { T } from '../../../src/web/i18n/texts';

/**
 * Staff read the portal's e-mail templates and the self-assessment findings on the managers' charts
 * by their words in their own language, never by a stored name or id (SPEC §1, §2).
 */
const root = resolve(import.meta.dirname, '../../..');
const yaml = (path: string) => parse(readFileSync(resolve(root, path), 'utf8')) as Record<string, string>;
const LANGUAGES = ['en', 'es', 'pt', 'cn', 'ja', 'ko', 'fr', 'de'];
/** The template names of an interface file, read by line (the whole files are large to parse eight times). */
const templateNames = (language: string): Record<string, string> =>
  Object.fromEntries(
    [
      ...readFileSync(resolve(root, `content/interface/${language}.yaml`), 'utf8').matchAll(/^(admin\.template_name\.[a-z_]+): (".*")$/gm),
    ].map((m) => [m[1]!, JSON.parse(m[2]!) as string]),
  );
const translator =
  (table: Record<string, string>): T =>
  (key) =>
    table[key] ?? key;

describe('e-mail template names', () => {
  it('lists exactly the templates the migrations store', () => {
    const dir = resolve(root, 'src/server/migrations');
    const stored = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .flatMap((f) => {
        const text = readFileSync(resolve(dir, f), 'utf8');
        const inserts = text.split(/INSERT INTO email_templates/i).slice(1);
        return inserts.flatMap((part) => [...part.split(/;\s*$/m)[0]!.matchAll(/^\s*\('([a-z_]+)',/gm)].map((m) => m[1]!));
      });
    expect([...stored].sort()).toEqual([...BUILT_IN_TEMPLATES].sort());
  });

  it('names in the workflows only templates the portal sends', () => {
    const dir = resolve(root, 'manifest/workflows');
    const named = readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .flatMap((f) => [...readFileSync(resolve(dir, f), 'utf8').matchAll(/email: \{ template: ([a-z_]+)/g)].map((m) => m[1]!));
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(BUILT_IN_TEMPLATES).toContain(name);
  });

  it('names every template the portal sends in German, not by its key, and keeps an added one as written', () => {
    const de = templateNames('de');
    const en = templateNames('en');
    const t = translator(de);
    for (const name of BUILT_IN_TEMPLATES) {
      const words = templateName(t, name);
      expect(words).toBe(de[`admin.template_name.${name}`]);
      expect(words).not.toContain(name);
      expect(words).not.toMatch(/^admin\./);
      expect(words).not.toBe(en[`admin.template_name.${name}`]);
    }
    expect(templateName(t, 'Quarterly newsletter')).toBe('Quarterly newsletter');
  });

  it('has a distinct name for each template in every language', () => {
    for (const language of LANGUAGES) {
      const table = templateNames(language);
      const names = BUILT_IN_TEMPLATES.map((name) => table[`admin.template_name.${name}`]);
      expect(
        names.every((n) => typeof n === 'string' && n.trim() !== ''),
        language,
      ).toBe(true);
      expect(new Set(names).size, language).toBe(BUILT_IN_TEMPLATES.length);
    }
  });
});

describe('finding labels on the managers’ charts', () => {
  const ids = Object.keys((parse(readFileSync(resolve(root, 'content/assessments/common.yaml'), 'utf8')) as { findings: object }).findings);
  const dir = resolve(root, 'content/assessments/texts') + '/';

  it('words every finding in German from the questionnaire texts, never as its id', async () => {
    const de = yaml('content/assessments/texts/de.yaml');
    const en = yaml('content/assessments/texts/en.yaml');
    const label = findingLabel(await findingTitles(dir, 'de'));
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) {
      expect(label(id)).toBe(de[findingTitleKey(id)]);
      expect(label(id)).not.toContain(id);
    }
    // German, not English: most titles differ (a few words are the same in both languages).
    expect(ids.filter((id) => label(id) !== en[findingTitleKey(id)]).length).toBeGreaterThan(ids.length * 0.9);
  });

  it('carries only finding titles to the browser, and an unknown finding still reads as words', async () => {
    const table = await findingTitles(dir, 'de');
    expect(Object.keys(table).sort()).toEqual(ids.map(findingTitleKey).sort());
    expect(findingLabel(table)('chair.retired_check')).toBe('chair retired check');
  });
});
