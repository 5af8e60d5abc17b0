import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultTexts } from '../../../src/server/api/clients/text-catalogue';
import { evaluationTexts } from '../../../src/server/domain/evaluations/evaluation-texts';
import { reportObservations } from '../../../src/server/domain/evaluations/report-observations';
import { INTERFACE_KEYS, REPORT_TEXT_KEYS, reportTexts } from '../../../src/server/domain/evaluations/report-texts';

const en = parse(readFileSync(resolve(import.meta.dirname, '../../../content/interface/en.yaml'), 'utf8')) as Record<string, string>;

describe("the evaluation report's own words (src/server/domain/evaluations/report-texts.ts, SPEC §2)", () => {
  it('a client may reword each on the ergo-eval language pages, whose English is the interface English', () => {
    const editable = defaultTexts('ergo-eval');
    for (const key of REPORT_TEXT_KEYS) expect(editable.get(key), key).toBe(en[INTERFACE_KEYS[key]]);
  });

  it("reads the employee's profile language, English for a language the product does not speak; the client's wording wins", () => {
    expect(reportTexts('de', {}).texts['report.recommendations']).toBe('Empfehlungen');
    expect(reportTexts('xx', {}).texts['report.recommendations']).toBe('Recommendations');
    const { texts, workArea } = reportTexts('es', {
      'report.title': 'Informe de Fabrikam',
      'report.rosa': '  ',
      'work_areas.Home': 'Teletrabajo',
    });
    expect(texts['report.title']).toBe('Informe de Fabrikam');
    expect(texts['report.rosa']).toBe('Puntuación ROSA (Rapid Office Strain Assessment)');
    expect(workArea('Home')).toBe('Teletrabajo');
    expect(workArea('Lab')).toBe('En el laboratorio');
  });
});

describe("the report's observations (src/server/domain/evaluations/report-observations.ts)", () => {
  const words = { yes: 'Ja', no: 'Nein', other: 'Weitere Beobachtungen' };
  it('names section, field and option in the language, joins several choices, keeps free text and never shows a value or key', () => {
    const observed = reportObservations(
      {
        posture: 'Sitzt vorgebeugt.',
        'chair.armrest_issues': ['too_wide', 'hard', 'gone'],
        'screen.glare': 'yes',
        'chair.seat_height': 'withdrawn_option',
        lighting: 'Blendung am Nachmittag.',
      },
      evaluationTexts('de'),
      words,
      'de',
    );
    const de = evaluationTexts('de')!;
    expect(observed).toEqual([
      {
        section: de['s.chair.title'],
        label: de['f.chair.armrest_issues.label'],
        text: `${de['f.chair.armrest_issues.opt.too_wide']}; ${de['f.chair.armrest_issues.opt.hard']}`,
      },
      { section: de['s.screens.title'], label: de['f.screen.glare.label'], text: 'Ja' },
      { section: de['s.posture.title'], label: de['f.posture.label'], text: 'Sitzt vorgebeugt.' },
      { section: 'Weitere Beobachtungen', label: '', text: 'Blendung am Nachmittag.' },
    ]);
    expect(JSON.stringify(observed)).not.toMatch(/too_wide|withdrawn_option|"yes"|chair\.|lighting/);
  });
});
