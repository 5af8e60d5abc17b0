/**
 * Body-region names inside a sentence or a running list on the staff pages (the program overview's
 * summary, the follow-ups grid): lower case where the language writes them so, never for German nouns,
 * and unchanged in the languages without letter case.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CMDQ_REGIONS } from '../../../src/shared/assessment/cmdq-regions';
import { inSentence } from '../../../src/web/i18n/in-sentence';
import { INTERFACE_LANGUAGES } from '../../../src/web/i18n/language';

const root = resolve(import.meta.dirname, '../../..');
const read = new Map<string, string[]>();
/** The region names as the language's interface file writes them (each file parsed once). */
const regions = (language: string): string[] => {
  if (!read.has(language)) {
    const texts = parse(readFileSync(join(root, 'content/interface', `${language}.yaml`), 'utf8')) as Record<string, string>;
    read.set(
      language,
      CMDQ_REGIONS.map((region) => texts[`staff.region.${region}`]!),
    );
  }
  return read.get(language)!;
};

describe('a label inside a sentence', () => {
  it('keeps every German region name as written: nouns keep their capital ("Nacken", not "nacken")', () => {
    const german = regions('de');
    expect(german).toContain('Nacken');
    expect(german.map((name) => inSentence(name, 'de'))).toEqual(german);
    expect(german.every((name) => /^[A-ZÄÖÜ]/.test(inSentence(name, 'de')))).toBe(true);
  });

  it('writes the region small in English, French, Spanish and Portuguese', () => {
    expect(inSentence('Neck', 'en')).toBe('neck');
    expect(inSentence('Shoulder (left)', 'en')).toBe('shoulder (left)');
    for (const language of ['en', 'fr', 'es', 'pt'] as const)
      for (const name of regions(language)) expect(inSentence(name, language)).toBe(name.toLocaleLowerCase(language));
    expect(inSentence('Épaule (gauche)', 'fr')).toBe('épaule (gauche)');
  });

  it('leaves Japanese, Korean and Chinese unchanged', () => {
    for (const language of ['ja', 'ko', 'cn'] as const) for (const name of regions(language)) expect(inSentence(name, language)).toBe(name);
    expect(INTERFACE_LANGUAGES).toHaveLength(8);
  });

  it('is the only way the staff pages lower-case a region name', () => {
    const dir = join(root, 'src/web');
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => /\.tsx?$/.test(f));
    const offenders = files.filter((f) =>
      /regionLabel\([^)]*\)\)?\.toLocaleLowerCase\(|regionLabel\([^)]*\)\)?\.toLowerCase\(/.test(readFileSync(join(dir, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
