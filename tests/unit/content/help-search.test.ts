/**
 * The help centre's search works in the reader's language (SPEC §2): the example the search field
 * offers in each interface language (help.search_hint) finds the answer about report statuses in that
 * language's sections, and a word of another language finds nothing there.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { renderContent } from '../../../src/web/build/render-content';
import { INTERFACE_LANGUAGES } from '../../../src/web/i18n/language';
import { entriesOf, search } from '../../../src/web/pages/help/help-search';

const ROOT = resolve(import.meta.dirname, '../../..');
const sections = (language: string) => {
  const dir = join(ROOT, 'content/help', language === 'en' ? '' : language);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => renderContent(readFileSync(join(dir, f), 'utf8')));
};
/** The example of the search field without its "For example:" lead-in. */
const example = (language: string) => {
  const hint = (YAML.parse(readFileSync(join(ROOT, 'content/interface', `${language}.yaml`), 'utf8')) as Record<string, string>)['help.search_hint']!;
  return hint.split(/[:：]/).pop()!.trim();
};

describe.each(INTERFACE_LANGUAGES)('searching the help centre in %s', (language) => {
  const entries = entriesOf(sections(language));

  it('splits every section into its questions', () => {
    expect(entries.length).toBe(entriesOf(sections('en')).length);
    expect(entries.every((e) => e.question.length > 0 && e.html.length > 0)).toBe(true);
  });

  it("finds the answer about report statuses with the search field's own example", () => {
    const found = search(entries, example(language));
    expect(found.length, example(language)).toBeGreaterThan(0);
    const statuses = entriesOf([renderContent(readFileSync(join(ROOT, 'content/help', language === 'en' ? '' : language, 'my-reports.md'), 'utf8'))])[1]!;
    expect(found.map((e) => e.question)).toContain(statuses.question);
  });

  it("finds nothing with another language's example", () => {
    const other = language === 'ko' ? 'ja' : 'ko';
    expect(search(entries, example(other))).toEqual([]);
  });
});
