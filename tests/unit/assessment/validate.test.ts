/** Server-side answer checks: nothing the browser sends is trusted. */
import { beforeAll, describe, expect, it } from 'vitest';
import { localize, validateAnswers, type Answers, type Questionnaire } from '../../../src/shared/assessment';
import { realSource } from './load-source';
import { NEUTRAL_OFFICE } from './office-answers';

let office: Questionnaire;
let travel: Questionnaire;
beforeAll(async () => {
  const source = await realSource();
  office = localize(source, 'office', 'en');
  travel = localize(source, 'travel', 'en');
});

describe('validateAnswers', () => {
  it('accepts a complete office attempt and a partial one (progress is saved)', () => {
    expect(validateAnswers(office, NEUTRAL_OFFICE)).toEqual([]);
    expect(validateAnswers(office, { 'device.type': 'laptop' })).toEqual([]);
  });

  it('accepts answers to questions hidden by branching (they are not scored)', () => {
    expect(validateAnswers(office, { 'device.type': 'desktop', 'laptop.setup': 'laptop_only' })).toEqual([]);
  });

  it.each([
    ['unknown question id', { 'chair.colour': 'red' }, 'chair.colour', 'unknown question'],
    ['option that does not exist', { 'chair.seat_height': 'on_the_floor' }, 'chair.seat_height', '"on_the_floor" is not an option'],
    ['yes/no answered with something else', { 'screen.glare': 'maybe' }, 'screen.glare', '"maybe" is not an option'],
    ['single answered with a list', { 'device.type': ['laptop'] }, 'device.type', 'expected one option'],
    ['single answered with a number', { 'device.type': 3 }, 'device.type', 'expected one option'],
    ['multi answered with one string', { 'chair.armrest_issues': 'hard' }, 'chair.armrest_issues', 'expected a list of options'],
    ['multi with an unknown option', { 'chair.armrest_issues': ['hard', 'sticky'] }, 'chair.armrest_issues', '"sticky" is not an option'],
    ['multi listing an option twice', { 'chair.armrest_issues': ['hard', 'hard'] }, 'chair.armrest_issues', 'an option is listed twice'],
    [
      'CMDQ with an unknown region',
      { 'discomfort.cmdq': { elbow: { frequency: 1, discomfort: 1, interference: 0 } } },
      'discomfort.cmdq',
      'unknown body region "elbow"',
    ],
    [
      'CMDQ frequency off the scale',
      { 'discomfort.cmdq': { neck: { frequency: 5, discomfort: 1, interference: 0 } } },
      'discomfort.cmdq',
      'region "neck": frequency must be one of 0, 1, 2, 3, 4',
    ],
    [
      'CMDQ discomfort 0',
      { 'discomfort.cmdq': { neck: { frequency: 1, discomfort: 0, interference: 0 } } },
      'discomfort.cmdq',
      'region "neck": discomfort must be one of 1, 2, 3',
    ],
    [
      'CMDQ missing interference',
      { 'discomfort.cmdq': { neck: { frequency: 1, discomfort: 1 } } },
      'discomfort.cmdq',
      'region "neck": interference must be one of 0, 1, 2',
    ],
    [
      'CMDQ extra field',
      { 'discomfort.cmdq': { neck: { frequency: 1, discomfort: 1, interference: 0, pain: 9 } } },
      'discomfort.cmdq',
      'region "neck": unknown field "pain"',
    ],
    [
      'CMDQ as a list',
      { 'discomfort.cmdq': ['neck'] },
      'discomfort.cmdq',
      'expected body regions with frequency, discomfort and interference',
    ],
  ] as [string, Answers, string, string][])('rejects %s', (_name, answers, question, message) => {
    expect(validateAnswers(office, answers)).toEqual([{ question, message }]);
  });

  it.each([
    [-1, 'must be between 0 and 31'],
    [32, 'must be between 0 and 31'],
    [Number.NaN, 'expected a number'],
    [Number.POSITIVE_INFINITY, 'expected a number'],
    ['4', 'expected a number'],
  ])('rejects the number %s', (value, message) => {
    expect(validateAnswers(travel, { 'travel.trips': value as number })).toEqual([{ question: 'travel.trips', message }]);
  });

  it('accepts numbers at both ends of the range', () => {
    expect(validateAnswers(travel, { 'travel.trips': 0 })).toEqual([]);
    expect(validateAnswers(travel, { 'travel.trips': 31 })).toEqual([]);
  });

  it('lists every problem, not just the first', () => {
    expect(validateAnswers(office, { nope: 1, 'screen.glare': 'maybe', 'device.type': 'tablet' }).map((p) => p.question)).toEqual([
      'nope',
      'screen.glare',
      'device.type',
    ]);
  });

  it('rejects answers that are not an object', () => {
    expect(validateAnswers(office, ['a'] as unknown as Answers)).toEqual([
      { question: '(answers)', message: 'expected answers by question id' },
    ]);
  });
});
