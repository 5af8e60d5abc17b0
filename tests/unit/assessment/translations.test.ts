/**
 * The self-assessment texts in every profile language (SPEC §2 Admin routes: en, es, pt, cn, ja,
 * ko, fr, de). Each translation must carry exactly the keys of en.yaml, so no employee silently
 * reads English; keep every {placeholder} the report fills in; be written in its own script; and be
 * what the engine's localize() and the report (scoreAssessment, compareResults) serve for that
 * language, with every value filled in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import {
  ASSESSMENT_LANGUAGES,
  compareResults,
  loadQuestionnaires,
  localize,
  scoreAssessment,
  type AssessmentLanguage,
  type AssessmentResult,
} from '../../../src/shared/assessment';
import { linkLabelKey, type QuestionnaireSource } from '../../../src/shared/assessment/source';
import { NEUTRAL_OFFICE } from './office-answers';

const dir = resolve(import.meta.dirname, '../../../content/assessments');
const fileOf = (language: string) => resolve(dir, 'texts', `${language}.yaml`);
/** The text table of a language; empty when the file is missing, so every check below names what is absent. */
const read = (language: string) =>
  (existsSync(fileOf(language)) ? (YAML.parse(readFileSync(fileOf(language), 'utf8')) ?? {}) : {}) as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const english = read('en');
let source: QuestionnaireSource;
beforeAll(async () => {
  source = await loadQuestionnaires(dir);
});
const languages = ASSESSMENT_LANGUAGES.filter((l): l is Exclude<AssessmentLanguage, 'en'> => l !== 'en');

/** What each language's text must (and must not) be written in, so a file in the wrong language fails. */
const script: Record<(typeof languages)[number], { must: RegExp; mustNot?: RegExp }> = {
  es: { must: /[a-záéíóúñ]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  pt: { must: /[a-zãõçáéíóúâê]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  fr: { must: /[a-zàâçéèêëîïôùûü]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  de: { must: /[a-zäöüß]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  ja: { must: /[\u3040-\u30ff\u4e00-\u9fff]/, mustNot: /[\uac00-\ud7af]/ },
  cn: { must: /[\u4e00-\u9fff]/, mustNot: /[\u3040-\u30ff\uac00-\ud7af]/ },
  ko: { must: /[\uac00-\ud7af]/, mustNot: /[\u3040-\u30ff]/ },
};

describe.each(languages)('self-assessment texts in %s', (language) => {
  const table = read(language);

  it('has its own file', () => {
    expect(existsSync(fileOf(language)), `content/assessments/texts/${language}.yaml`).toBe(true);
  });

  it('has exactly the keys of en.yaml', () => {
    const missing = Object.keys(english).filter((k) => !(k in table));
    const extra = Object.keys(table).filter((k) => !(k in english));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('keeps every {placeholder} of the English text and adds none', () => {
    const wrong = Object.keys(english)
      .filter((k) => k in table && placeholders(table[k]!).join() !== placeholders(english[k]!).join())
      .map((k) => `${k}: ${table[k]}`);
    expect(wrong).toEqual([]);
  });

  it('has no quotation marks left over from YAML quoting', () => {
    const stray = Object.keys(table).filter((k) => /^["']|["']$/.test(table[k]!) && !/^["']|["']$/.test(english[k] ?? ''));
    expect(stray).toEqual([]);
  });

  it('is translated: written in its own script, hardly any text left in English', () => {
    const values = Object.values(table);
    expect(values.filter((v) => !script[language].must.test(v))).toEqual([]);
    if (script[language].mustNot) expect(values.filter((v) => script[language].mustNot!.test(v))).toEqual([]);
    // Proper names (ROSA) and a few words shared with English may stay the same; not whole files.
    const same = Object.keys(english).filter((k) => table[k] === english[k]);
    expect(same.length).toBeLessThan(Object.keys(english).length * 0.01);
  });
});

describe('localize() serves each language', () => {
  it.each(languages)('%s: questionnaire title, section, question and option labels come from its file', (language) => {
    const table = read(language);
    const office = localize(source, 'office', language);
    expect(office.language).toBe(language);
    expect(office.title).toBe(table['area.office.title']);
    expect(office.title).not.toBe(english['area.office.title']);
    const chair = office.sections.find((s) => s.id === 'chair');
    expect(chair?.title).toBe(table['s.chair.title']);
    const seat = chair?.questions.find((q) => q.id === 'chair.seat_height');
    expect(seat?.text).toBe(table['q.chair.seat_height']);
    expect(seat?.options?.find((o) => o.id === 'too_low')?.label).toBe(table['q.chair.seat_height.too_low']);
    const lab = localize(source, 'lab', language);
    expect(lab.title).toBe(table['area.lab.title']);
  });
});

describe('the report comes out in each language with its values filled in', () => {
  /** Every sentence of a report, to check that no {placeholder} is left unfilled. */
  const sentences = (r: AssessmentResult) => [
    r.summary,
    ...r.parts.flatMap((p) => [p.label, p.explanation]),
    ...r.findings.flatMap((f) => [f.title, f.recommendation, ...f.links.map((l) => l.label)]),
    ...r.bodyMap.map((b) => b.label),
  ];

  it.each(languages)('%s: summary, parts, findings, links, body map and change since last time', (language) => {
    const table = read(language);
    const before = scoreAssessment(source, 'office', NEUTRAL_OFFICE, language);
    const after = scoreAssessment(
      source,
      'office',
      {
        ...NEUTRAL_OFFICE,
        'screen.glare': 'yes',
        'screen.height': 'too_high',
        'time.screen': 'gt4',
        'discomfort.cmdq': { neck: { frequency: 4, discomfort: 2, interference: 1 } },
      },
      language,
    );
    expect(after.findings.length).toBeGreaterThan(0);
    for (const text of [...sentences(before), ...sentences(after)]) expect(text).not.toMatch(/[{}]/);
    expect(after.summary).toContain(String(after.overall.score));
    const glare = after.findings.find((f) => f.id === 'screen.glare')!;
    expect(glare.title).toBe(table['finding.screen.glare.title']);
    expect(glare.recommendation).toBe(table['finding.screen.glare.recommendation']);
    expect(glare.links.length).toBeGreaterThan(0);
    for (const link of glare.links) expect(link.label).toBe(table[linkLabelKey(link.href)]);
    expect(after.bodyMap.find((b) => b.region === 'neck')?.label).toBe(table['region.neck']);
    const change = compareResults(after, before, language, source);
    expect(change.summary).not.toMatch(/[{}]/);
    expect(change.summary).toContain(String(after.overall.score));
    // Resolved and new findings read in the language, as its text file words their titles.
    for (const [index, id] of change.resolvedFindings.entries()) expect(change.resolvedTitles[index]).toBe(table[`finding.${id}.title`]);
    for (const [index, id] of change.newFindings.entries()) expect(change.newTitles[index]).toBe(table[`finding.${id}.title`]);
    expect(change.resolvedFindings.length + change.newFindings.length).toBeGreaterThan(0);
  });
});
