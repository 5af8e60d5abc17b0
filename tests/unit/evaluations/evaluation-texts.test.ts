/**
 * The one-to-one evaluation's building blocks in every profile language (SPEC §2: en es pt cn ja ko
 * fr de). content/evaluations/texts/<language>.yaml must translate every title, help text, label,
 * option label and catalogue recommendation of the two JSON files, name no key those files do not
 * declare, be written in its own script, and be what the server and the staff pages read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ASSESSMENT_LANGUAGES } from '../../../src/shared/assessment/types';
import { englishEvaluationTexts, localizeEntry, localizeSections } from '../../../src/shared/evaluations/evaluation-texts';
import { catalogueEntry, OBSERVATION_SECTIONS } from '../../../src/shared/evaluations/observation-form';
import { evaluationTexts } from '../../../src/server/domain/evaluations/evaluation-texts';

const fileOf = (language: string) => resolve(import.meta.dirname, '../../../content/evaluations/texts', `${language}.yaml`);
const read = (language: string) =>
  (existsSync(fileOf(language)) ? (YAML.parse(readFileSync(fileOf(language), 'utf8')) ?? {}) : {}) as Record<string, unknown>;
const english = englishEvaluationTexts();
const digits = (text: string): string[] => text.match(/\d+/g) ?? [];
const languages = ASSESSMENT_LANGUAGES.filter((l) => l !== 'en');

/** What each language is written in, so a file left in English or in the wrong language fails. */
const script: Record<string, { must: RegExp; mustNot: RegExp }> = {
  es: { must: /[a-záéíóúñ]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  pt: { must: /[a-zãõçáéíóúâê]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  fr: { must: /[a-zàâçéèêëîïôùûü]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  de: { must: /[a-zäöüß]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  ja: { must: /[\u3040-\u30ff\u4e00-\u9fff]/, mustNot: /[\uac00-\ud7af]/ },
  cn: { must: /[\u4e00-\u9fff]/, mustNot: /[\u3040-\u30ff\uac00-\ud7af]/ },
  ko: { must: /[\uac00-\ud7af]/, mustNot: /[\u3040-\u30ff]/ },
};

it('lists every text of observations.json and recommendations.json once', () => {
  const fields = OBSERVATION_SECTIONS.flatMap((s) => s.fields);
  const options = fields.reduce((n, f) => n + (f.options?.length ?? 0), 0);
  const helps = OBSERVATION_SECTIONS.filter((s) => s.help).length + fields.filter((f) => f.help).length;
  expect(english.size).toBeGreaterThan(OBSERVATION_SECTIONS.length + fields.length + options + helps - 1);
  expect([...english.values()].every((text) => text.trim() !== '')).toBe(true);
});

describe.each(languages)('evaluation texts in %s', (language) => {
  const table = read(language);

  it('translates exactly the keys of the JSON files, each as non-empty text', () => {
    const missing = [...english.keys()].filter((k) => !(k in table));
    const extra = Object.keys(table).filter((k) => !english.has(k));
    const empty = Object.keys(table).filter((k) => typeof table[k] !== 'string' || !(table[k] as string).trim());
    expect({ file: fileOf(language).split('/content/')[1], missing, extra, empty }).toEqual({
      file: `evaluations/texts/${language}.yaml`,
      missing: [],
      extra: [],
      empty: [],
    });
  });

  it('is written in its own script, keeps the English numbers and leaves no text in English', () => {
    const values = Object.entries(table).filter((e): e is [string, string] => typeof e[1] === 'string');
    expect(values.filter(([, v]) => !script[language]!.must.test(v)).map(([k]) => k)).toEqual([]);
    expect(values.filter(([, v]) => script[language]!.mustNot.test(v)).map(([k]) => k)).toEqual([]);
    // Every number of the English (90°, 7.5 cm, 30–60 minutes) is kept; a language may add one ("1〜2分").
    const lost = ([k, v]: [string, string]) => digits(english.get(k) ?? '').some((d) => !digits(v).includes(d));
    expect(values.filter(lost).map(([k, v]) => `${k}: ${v}`)).toEqual([]);
    // A word shared with English ("Pipeteo" is not, "Headset" in German is) may stay; whole sentences may not.
    expect(values.filter(([k, v]) => v === english.get(k) && v.includes(' ')).map(([k]) => k)).toEqual([]);
  });

  it('is what the server reads and the localizers apply', () => {
    const served = evaluationTexts(language);
    const entry = localizeEntry(catalogueEntry('chair.lumbar_support')!, served);
    expect(entry.title).toBe(table['r.chair.lumbar_support.title']);
    expect(entry.text).toBe(table['r.chair.lumbar_support.text']);
    const chair = localizeSections(OBSERVATION_SECTIONS, served)[0]!;
    expect(chair.title).toBe(table['s.chair.title']);
    expect(chair.fields[0]!.options![1]!.label).toBe(table['f.chair.seat_height.opt.too_low']);
  });
});

it('reads English, and any language the product does not speak, from the JSON files', () => {
  for (const language of ['en', 'xx', null]) {
    const entry = localizeEntry(catalogueEntry('chair.lumbar_support')!, evaluationTexts(language));
    expect(entry.title).toBe('Add lumbar support');
  }
});
