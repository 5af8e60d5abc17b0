/** Branching by showIf (content/assessments/README.md) and the required answers left to give. */
import { beforeAll, describe, expect, it } from 'vitest';
import { localize, missingAnswers, visibleQuestions, type Answers, type Questionnaire } from '../../../src/shared/assessment';
import { realSource } from './load-source';
import { NEUTRAL_OFFICE } from './office-answers';

const ids = (q: Questionnaire, answers: Answers) => visibleQuestions(q, answers).map((x) => x.id);
let office: Questionnaire;
let home: Questionnaire;
let lab: Questionnaire;
let travel: Questionnaire;
beforeAll(async () => {
  const source = await realSource();
  [office, home, lab, travel] = (['office', 'home', 'lab', 'travel'] as const).map((area) => localize(source, area, 'en'));
});

describe('visibleQuestions', () => {
  it.each([
    ['laptop', 'device.type', 'laptop', 'laptop.setup'],
    ['both devices', 'device.type', 'both', 'laptop.setup'],
    ['two screens', 'screen.count', 'two_or_more', 'screen.dual_use'],
    ['sit-stand desk', 'desk.type', 'sit_stand', 'desk.standing'],
    ['handset calls', 'phone.calls', 'handset', 'phone.cradle'],
    ['mobile calls', 'phone.calls', 'mobile', 'phone.hands_free'],
  ])('office: %s opens its branch', (_name, question, answer, opened) => {
    expect(ids(office, { ...NEUTRAL_OFFICE, [question]: 'zzz-none' })).not.toContain(opened);
    expect(ids(office, { ...NEUTRAL_OFFICE, [question]: answer })).toContain(opened);
  });

  it('office: a desktop user is not asked about the laptop, a headset user not about cradling the phone', () => {
    const shown = ids(office, { ...NEUTRAL_OFFICE, 'device.type': 'desktop', 'phone.calls': 'headset' });
    expect(shown).not.toContain('laptop.setup');
    expect(shown).not.toContain('phone.cradle');
    expect(shown).toContain('time.phone');
  });

  it('office: no armrests hides the armrest add-ons', () => {
    const shown = ids(office, { ...NEUTRAL_OFFICE, 'chair.armrests': 'none' });
    expect(shown).not.toContain('chair.armrest_issues');
    expect(shown).not.toContain('chair.armrest_adjustable');
  });

  it('home: the sit-stand question follows the home workspace question', () => {
    expect(ids(home, { 'home.workspace': 'sit_stand' })).toContain('desk.standing');
    expect(ids(home, { 'home.workspace': 'table' })).not.toContain('desk.standing');
  });

  it('lab: each task opens its own section, and only those ticked', () => {
    const none = ids(lab, { 'lab.tasks': [] });
    expect(none).not.toContain('lab.pipette_force');
    const shown = ids(lab, { 'lab.tasks': ['pipetting', 'hood'] });
    expect(shown).toEqual(expect.arrayContaining(['lab.pipette_time', 'lab.pipette_force', 'lab.hood_reach', 'lab.hood_seat']));
    expect(shown).not.toContain('lab.microscope_neck');
    expect(shown).not.toContain('lab.bench_height');
    expect(ids(lab, { 'lab.tasks': ['microscopes', 'bench', 'handling', 'computer'] })).toEqual(
      expect.arrayContaining(['lab.microscope_neck', 'lab.bench_height', 'lab.heavy', 'screen.height']),
    );
  });

  it('travel: air, road and overnight sections follow the travel modes', () => {
    const air = ids(travel, { 'travel.modes': ['air'] });
    expect(air).toContain('travel.overhead');
    expect(air).not.toContain('travel.drive_breaks');
    expect(air).not.toContain('travel.hotel_bed');
    expect(ids(travel, { 'travel.modes': ['road', 'overnight'] })).toEqual(
      expect.arrayContaining(['travel.drive_breaks', 'travel.hotel_bed']),
    );
  });
});

describe('missingAnswers', () => {
  it('a complete office attempt misses nothing', () => {
    expect(missingAnswers(office, NEUTRAL_OFFICE)).toEqual([]);
  });

  it('lists visible required questions left unanswered, in order', () => {
    const { ['chair.seat_height']: _a, ['user.breaks']: _b, ...rest } = NEUTRAL_OFFICE;
    expect(missingAnswers(office, rest)).toEqual(['chair.seat_height', 'user.breaks']);
  });

  it('asks for an opened branch and forgets it when it closes', () => {
    expect(missingAnswers(office, { ...NEUTRAL_OFFICE, 'device.type': 'laptop' })).toEqual(['laptop.setup']);
    expect(missingAnswers(office, { ...NEUTRAL_OFFICE, 'device.type': 'desktop' })).toEqual([]);
  });

  it('does not require optional questions', () => {
    const { ['chair.armrest_issues']: _c, ...rest } = NEUTRAL_OFFICE;
    expect(missingAnswers(office, rest)).toEqual([]);
  });

  it('an empty answer or empty list counts as unanswered', () => {
    expect(
      missingAnswers(travel, {
        'travel.modes': [],
        'travel.trips': 2,
        'travel.bag': 'wheeled',
        'user.breaks': 'yes',
        'user.eye_test': 'no',
        'discomfort.cmdq': {},
      }),
    ).toEqual(['travel.modes']);
    expect(missingAnswers(office, { ...NEUTRAL_OFFICE, 'screen.glare': '' })).toEqual(['screen.glare']);
  });

  it('a number 0 is an answer', () => {
    expect(
      missingAnswers(travel, {
        'travel.modes': ['road'],
        'travel.trips': 0,
        'travel.bag': 'wheeled',
        'travel.drive_breaks': 'yes',
        'travel.car_seat': 'yes',
        'travel.car_laptop': 'no',
        'user.breaks': 'yes',
        'user.eye_test': 'yes',
        'discomfort.cmdq': {},
      }),
    ).toEqual([]);
  });
});
