/** Localisation: the client's overrides, then the language, then English; and the loader's checks. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssessmentContentError,
  compareResults,
  loadQuestionnaires,
  localize,
  scoreAssessment,
  type Answers,
  type QuestionnaireSource,
} from '../../../src/shared/assessment';
import { CONTENT_DIR, realSource } from './load-source';
import { NEUTRAL_OFFICE } from './office-answers';

let source: QuestionnaireSource;
let withFrench: QuestionnaireSource;
beforeAll(async () => {
  source = await realSource();
  withFrench = {
    ...source,
    texts: {
      ...source.texts,
      fr: {
        'area.office.title': 'Auto-évaluation au bureau',
        'q.chair.seat_height': 'Les pieds au sol, où sont vos genoux ?',
        'finding.screen.glare.title': 'Vous voyez des reflets sur votre écran',
        'region.neck': 'Cou',
        'summary.rosa.high': 'Votre score ROSA est de {score} sur {max} : risque élevé.',
        'change.worse': 'Votre score est passé de {before} à {after}.',
      },
    },
  };
});

describe('localize', () => {
  it('resolves every key in English', () => {
    const q = localize(source, 'office', 'en');
    expect(q).toMatchObject({ area: 'office', version: 1, language: 'en', title: 'Office self-assessment' });
    const seat = q.sections.flatMap((s) => s.questions).find((x) => x.id === 'chair.seat_height')!;
    expect(seat.text).toBe('With your feet on the floor, where are your knees?');
    expect(seat.options?.[0]).toEqual({ id: 'knees_level', label: 'About level with my hips' });
    const texts = JSON.stringify(q);
    expect(texts).not.toMatch(/"(q|s|opt|area)\.[a-z_.]+"/);
  });

  it('uses the language where it has the key and English where it does not', () => {
    const q = localize(withFrench, 'office', 'fr');
    expect(q.language).toBe('fr');
    expect(q.title).toBe('Auto-évaluation au bureau');
    const questions = q.sections.flatMap((s) => s.questions);
    expect(questions.find((x) => x.id === 'chair.seat_height')!.text).toBe('Les pieds au sol, où sont vos genoux ?');
    expect(questions.find((x) => x.id === 'chair.seat_depth')!.text).toMatch(/^Sitting back in your chair/);
  });

  it("the client's overrides win over the language and over English", () => {
    const q = localize(withFrench, 'office', 'fr', {
      'area.office.title': 'Votre poste chez Acme',
      'q.chair.seat_depth': 'Profondeur du siège ?',
    });
    expect(q.title).toBe('Votre poste chez Acme');
    expect(q.sections.flatMap((s) => s.questions).find((x) => x.id === 'chair.seat_depth')!.text).toBe('Profondeur du siège ?');
  });

  it('a language with no file at all falls back to English', () => {
    // Every language ships a file (tests/unit/assessment/translations.test.ts), so take Korean away.
    const englishOnly: QuestionnaireSource = { ...source, texts: { en: source.texts.en } };
    expect(localize(englishOnly, 'lab', 'ko').title).toBe('Lab self-assessment');
  });
});

describe('report texts translate with the questionnaire', () => {
  it('finding titles, region labels and the summary come from the language, with English fallback and overrides first', () => {
    const answers: Answers = {
      ...NEUTRAL_OFFICE,
      'screen.glare': 'yes',
      'chair.seat_height': 'feet_unsupported',
      'time.sitting': 'gt4',
      'screen.height': 'too_high',
      'screen.neck_twist': 'yes',
      'screen.documents': 'no_holder',
      'time.screen': 'gt4',
      'discomfort.cmdq': { neck: { frequency: 4, discomfort: 2, interference: 1 } },
    };
    const result = scoreAssessment(withFrench, 'office', answers, 'fr', {
      'finding.chair.feet_unsupported.title': 'Pieds non soutenus (Acme)',
    });
    expect(result.language).toBe('fr');
    expect(result.findings.find((f) => f.id === 'screen.glare')!.title).toBe('Vous voyez des reflets sur votre écran');
    expect(result.findings.find((f) => f.id === 'chair.feet_unsupported')!.title).toBe('Pieds non soutenus (Acme)');
    expect(result.findings.find((f) => f.id === 'screen.too_high')!.title).toBe('Your screen is too high');
    expect(result.bodyMap.find((r) => r.region === 'neck')!.label).toBe('Cou');
    expect(result.overall.band).toBe('high');
    expect(result.summary).toMatch(new RegExp(`^Votre score ROSA est de ${result.overall.score} sur 10 : risque élevé\\.`));
  });

  it('the change sentence uses the language too', () => {
    const before = scoreAssessment(withFrench, 'office', NEUTRAL_OFFICE, 'fr');
    const after = scoreAssessment(withFrench, 'office', { ...NEUTRAL_OFFICE, 'screen.height': 'too_high', 'time.screen': 'gt4' }, 'fr');
    expect(compareResults(after, before, 'fr', withFrench).summary).toBe(
      `Votre score est passé de ${before.overall.score} à ${after.overall.score}.`,
    );
  });
});

describe('loadQuestionnaires refuses broken content with the file and key', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'assessments-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function copyWith(edit: (d: string) => void): string {
    const target = mkdtempSync(join(dir, 'case-'));
    cpSync(CONTENT_DIR, target, { recursive: true });
    edit(target);
    return target;
  }

  async function problemsOf(target: string): Promise<string[]> {
    try {
      await loadQuestionnaires(target);
    } catch (error) {
      expect(error).toBeInstanceOf(AssessmentContentError);
      return (error as AssessmentContentError).problems.map((p) => `${p.file}: ${p.key}: ${p.message}`);
    }
    throw new Error('expected the content to be refused');
  }

  it('a missing English text', async () => {
    const target = copyWith((d) => {
      const file = join(d, 'texts/en.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^q\.chair\.legroom: .*\n/m, ''));
    });
    expect(await problemsOf(target)).toEqual(['texts/en.yaml: q.chair.legroom: missing English text']);
  });

  it('a schema violation names the file and key', async () => {
    const target = copyWith((d) => {
      const file = join(d, 'office.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('kind: single\n        options: [knees_level', 'kind: slider\n        options: [knees_level'),
      );
    });
    expect(await problemsOf(target)).toEqual(['office.yaml: sections[1].questions[0].kind: must be equal to one of the allowed values']);
  });

  it('an unknown finding and a branch to a later question are both listed', async () => {
    const target = copyWith((d) => {
      const file = join(d, 'office.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8')
          .replace('findings: { no: desk.legroom }', 'findings: { no: desk.no_such_finding }')
          .replace(
            '{ id: device.type, kind: single, options: [desktop, laptop, both] }',
            '{ id: device.type, kind: single, options: [desktop, laptop, both], showIf: { question: user.training, anyOf: [yes] } }',
          ),
      );
    });
    expect(await problemsOf(target)).toEqual([
      'office.yaml: sections[0].questions[0].showIf: showIf refers to "user.training", which is not an earlier question',
      'office.yaml: sections[1].questions[1].findings: unknown finding "desk.no_such_finding" (add it to common.yaml)',
    ]);
  });

  it('a finding on an option the question does not have', async () => {
    const target = copyWith((d) => {
      const file = join(d, 'travel.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('findings: { shoulder_bag: travel.bag_carry }', 'findings: { suitcase: travel.bag_carry }'),
      );
    });
    expect(await problemsOf(target)).toEqual([
      'travel.yaml: sections[0].questions[2].findings.suitcase: "suitcase" is not an option of this question',
    ]);
  });

  it('a renamed option or a missing question that ROSA scores', async () => {
    const target = copyWith((d) => {
      const file = join(d, 'home.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8')
          .replace(
            'options: [eye_level, too_low, too_high]\n        findings: { too_low: screen.too_low, too_high: screen.too_high }',
            'options: [eye_level, low, too_high]\n        findings: { low: screen.too_low, too_high: screen.too_high }',
          )
          .replace(/^ {6}- \{ id: time\.sitting, .*\n/m, ''),
      );
    });
    expect(await problemsOf(target)).toEqual([
      'home.yaml: screen.height: ROSA scores the option "too_low", which the question does not have',
      'home.yaml: time.sitting: ROSA needs this duration question (rosa: true)',
    ]);
  });

  it('a text file for a language the product does not have', async () => {
    const target = copyWith((d) => writeFileSync(join(d, 'texts/xx.yaml'), 'area.office.title: X\n'));
    expect(await problemsOf(target)).toEqual([
      'texts/xx.yaml: (root): "xx" is not an assessment language (en, es, pt, cn, ja, ko, fr, de)',
    ]);
  });

  it('loads a further language file and falls back to English for its missing keys', async () => {
    const target = copyWith((d) => writeFileSync(join(d, 'texts/de.yaml'), 'area.travel.title: Selbsteinschätzung Reisen\n'));
    const loaded = await loadQuestionnaires(target);
    expect(localize(loaded, 'travel', 'de').title).toBe('Selbsteinschätzung Reisen');
    expect(localize(loaded, 'travel', 'de').intro).toBe(localize(loaded, 'travel', 'en').intro);
  });
});
