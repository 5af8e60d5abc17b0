/**
 * ROSA risk factors, add-ons and the duration modifier (Sonne, Villalta & Andrews 2012, score
 * sheet sections A–C), driven through the Office questionnaire's answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Answers, QuestionnaireSource } from '../../../src/shared/assessment';
import { visibleQuestions } from '../../../src/shared/assessment';
import { scoreRosa, type RosaInputs } from '../../../src/shared/assessment/rosa';
import { rosaInputs } from '../../../src/shared/assessment/rosa-inputs';
import { NEUTRAL_OFFICE } from './office-answers';
import { realSource } from './load-source';

let source: QuestionnaireSource;
beforeAll(async () => {
  source = await realSource();
});

function inputsFor(answers: Answers): RosaInputs {
  const shown = new Set(visibleQuestions(source.questionnaires.office, answers).map((q) => q.id));
  return rosaInputs(answers, shown);
}

describe('neutral posture', () => {
  it('scores 1 on every risk factor and 1–2 overall', () => {
    const inputs = inputsFor(NEUTRAL_OFFICE);
    expect(inputs).toMatchObject({
      seatHeight: 1,
      seatDepth: 1,
      armrests: 1,
      backSupport: 1,
      monitor: 1,
      telephone: 1,
      mouse: 1,
      keyboard: 1,
    });
    // Chair chart (2, 2) = 2; every device at 1 with 1–4 h → 1; final (2, 1) = 2.
    expect(scoreRosa(inputs)).toMatchObject({ chair: 2, monitorPhone: 1, mouseKeyboard: 1, peripherals: 1, final: 2 });
  });
});

// [question, answer, factor, points added] as printed on the score sheet.
type Factor = 'seatHeight' | 'seatDepth' | 'armrests' | 'backSupport' | 'monitor' | 'telephone' | 'mouse' | 'keyboard';
const RULES: [string, string | string[], Factor, number][] = [
  ['chair.seat_height', 'too_low', 'seatHeight', 1],
  ['chair.seat_height', 'too_high', 'seatHeight', 1],
  ['chair.seat_height', 'feet_unsupported', 'seatHeight', 2],
  ['chair.legroom', 'no', 'seatHeight', 1],
  ['chair.height_adjustable', 'no', 'seatHeight', 1],
  ['chair.seat_depth', 'too_long', 'seatDepth', 1],
  ['chair.seat_depth', 'too_short', 'seatDepth', 1],
  ['chair.depth_adjustable', 'no', 'seatDepth', 1],
  ['chair.armrests', 'too_high', 'armrests', 1],
  ['chair.armrests', 'too_low', 'armrests', 1],
  ['chair.armrests', 'none', 'armrests', 1],
  ['chair.armrest_issues', ['hard'], 'armrests', 1],
  ['chair.armrest_issues', ['hard', 'too_wide'], 'armrests', 2],
  ['chair.armrest_adjustable', 'no', 'armrests', 1],
  ['chair.backrest', 'no_lumbar', 'backSupport', 1],
  ['chair.backrest', 'angle_wrong', 'backSupport', 1],
  ['chair.backrest', 'none', 'backSupport', 1],
  ['desk.too_high', 'yes', 'backSupport', 1],
  ['chair.backrest_adjustable', 'no', 'backSupport', 1],
  ['screen.height', 'too_low', 'monitor', 1],
  ['screen.height', 'too_high', 'monitor', 2],
  ['screen.distance', 'too_far', 'monitor', 1],
  ['screen.distance', 'too_close', 'monitor', 0],
  ['screen.neck_twist', 'yes', 'monitor', 1],
  ['screen.glare', 'yes', 'monitor', 1],
  ['screen.documents', 'no_holder', 'monitor', 1],
  ['screen.documents', 'holder', 'monitor', 0],
  ['phone.reach', 'no', 'telephone', 1],
  ['phone.cradle', 'yes', 'telephone', 2],
  ['phone.hands_free', 'no', 'telephone', 1],
  ['mouse.position', 'reaching', 'mouse', 1],
  ['mouse.same_surface', 'no', 'mouse', 2],
  ['mouse.grip', 'pinch', 'mouse', 1],
  ['mouse.palm_rest', 'yes', 'mouse', 1],
  ['keyboard.wrists', 'extended', 'keyboard', 1],
  ['keyboard.deviation', 'yes', 'keyboard', 1],
  ['keyboard.too_high', 'yes', 'keyboard', 1],
  ['keyboard.overhead', 'yes', 'keyboard', 1],
  ['keyboard.adjustable', 'no', 'keyboard', 1],
];

describe('risk factors and add-ons', () => {
  it.each(RULES)('%s = %j adds %i to %s', (question, answer, factor, points) => {
    const before = inputsFor(NEUTRAL_OFFICE);
    const after = inputsFor({ ...NEUTRAL_OFFICE, [question]: answer });
    expect(after[factor] - before[factor]).toBe(points);
    for (const other of ['seatHeight', 'seatDepth', 'armrests', 'backSupport', 'monitor', 'telephone', 'mouse', 'keyboard'] as const) {
      if (other !== factor) expect(after[other]).toBe(before[other]);
    }
  });

  it('armrest add-ons do not count when the chair has no armrests (hidden by branching)', () => {
    const inputs = inputsFor({
      ...NEUTRAL_OFFICE,
      'chair.armrests': 'none',
      'chair.armrest_issues': ['hard', 'too_wide'],
      'chair.armrest_adjustable': 'no',
    });
    expect(inputs.armrests).toBe(2);
  });

  it('no telephone use scores 0 on the telephone axis, whatever the time on calls', () => {
    const inputs = inputsFor({ ...NEUTRAL_OFFICE, 'phone.calls': 'none', 'time.phone': 'gt4', 'phone.cradle': 'yes' });
    expect(inputs.telephone).toBe(0);
    expect(scoreRosa(inputs).telephone).toBe(0);
  });
});

describe('duration modifier: < 1 h a day −1, 1–4 h 0, > 4 h +1', () => {
  const base: RosaInputs = inputsForNeutral();
  function inputsForNeutral(): RosaInputs {
    return {
      seatHeight: 2,
      seatDepth: 2,
      armrests: 2,
      backSupport: 2,
      chairDuration: '1to4',
      monitor: 3,
      monitorDuration: '1to4',
      telephone: 2,
      telephoneDuration: '1to4',
      mouse: 2,
      mouseDuration: '1to4',
      keyboard: 2,
      keyboardDuration: '1to4',
    };
  }
  it.each([
    ['lt1', -1],
    ['1to4', 0],
    ['gt4', 1],
  ] as const)('%s changes each section by %i', (duration, modifier) => {
    const plain = scoreRosa(base);
    const timed = scoreRosa({
      ...base,
      chairDuration: duration,
      monitorDuration: duration,
      telephoneDuration: duration,
      mouseDuration: duration,
      keyboardDuration: duration,
    });
    // Chair chart (4, 4) = 3, then the modifier; devices get it before their charts.
    expect(plain.chair).toBe(3);
    expect(timed.chair).toBe(3 + modifier);
    expect(timed.monitor).toBe(3 + modifier);
    expect(timed.telephone).toBe(2 + modifier);
    expect(timed.mouse).toBe(2 + modifier);
    expect(timed.keyboard).toBe(2 + modifier);
  });

  it('the chair score stays within 1 to 10', () => {
    const best = scoreRosa({ ...base, seatHeight: 1, seatDepth: 1, armrests: 1, backSupport: 1, chairDuration: 'lt1' });
    expect(best.chair).toBe(1);
    const worst = scoreRosa({ ...base, seatHeight: 5, seatDepth: 3, armrests: 5, backSupport: 4, chairDuration: 'gt4' });
    expect(worst.chair).toBe(10);
    expect(worst.final).toBe(10);
  });

  it('office answers choose the duration per part: sitting for the chair, screen time for monitor, mouse and keyboard, call time for the phone', () => {
    const inputs = inputsFor({ ...NEUTRAL_OFFICE, 'time.sitting': 'lt1', 'time.screen': 'gt4', 'time.phone': 'lt1' });
    expect(inputs).toMatchObject({
      chairDuration: 'lt1',
      monitorDuration: 'gt4',
      mouseDuration: 'gt4',
      keyboardDuration: 'gt4',
      telephoneDuration: 'lt1',
    });
  });
});
