/** Whole attempts through scoreAssessment and compareResults, as the server will run them. */
import { beforeAll, describe, expect, it } from 'vitest';
import { compareResults, scoreAssessment, shareScore, type Answers, type QuestionnaireSource } from '../../../src/shared/assessment';
import { realSource } from './load-source';
import { NEUTRAL_OFFICE } from './office-answers';

let source: QuestionnaireSource;
beforeAll(async () => {
  source = await realSource();
});

/** A laptop worker at a kitchen-style set-up in the office: the kind of desk an ergonomist flags. */
const POOR_OFFICE: Answers = {
  ...NEUTRAL_OFFICE,
  'device.type': 'laptop',
  'laptop.setup': 'laptop_only',
  'time.sitting': 'gt4',
  'time.screen': 'gt4',
  'chair.seat_height': 'too_high',
  'chair.height_adjustable': 'no',
  'chair.seat_depth': 'too_long',
  'chair.depth_adjustable': 'no',
  'chair.armrests': 'none',
  'chair.backrest': 'no_lumbar',
  'chair.backrest_adjustable': 'no',
  'desk.too_high': 'yes',
  'screen.height': 'too_low',
  'screen.glare': 'yes',
  'phone.calls': 'mobile',
  'phone.cradle': 'yes',
  'phone.hands_free': 'no',
  'mouse.position': 'reaching',
  'keyboard.wrists': 'extended',
  'keyboard.too_high': 'yes',
  'keyboard.adjustable': 'no',
  'user.breaks': 'no',
  'discomfort.cmdq': { neck: { frequency: 3, discomfort: 2, interference: 1 } },
};

describe('a full Office attempt', () => {
  it('a well set-up desk scores low with nothing to change', () => {
    const result = scoreAssessment(source, 'office', NEUTRAL_OFFICE, 'en');
    expect(result.overall).toEqual({ score: 2, max: 10, band: 'low', actionNeeded: false });
    expect(result.findings).toEqual([]);
    expect(result.summary).toBe('Your ROSA score is 2 of 10: low risk. Keep up the good habits. We found nothing that needs changing.');
    expect(result.parts.map((p) => p.id)).toEqual([
      'rosa.chair',
      'rosa.monitor_phone',
      'rosa.mouse_keyboard',
      'rosa.peripherals',
      'hse.keyboards',
      'hse.mouse',
      'hse.display',
      'hse.software',
      'hse.furniture',
      'hse.environment',
      'hse.user',
      'cmdq.total',
    ]);
    expect(result.parts.find((p) => p.id === 'hse.user')).toMatchObject({ score: 0, max: 3, label: 'Work habits' });
  });

  it('a poor laptop set-up scores high, calls for action and explains itself', () => {
    const result = scoreAssessment(source, 'office', POOR_OFFICE, 'en');
    // Chair: height 2+1, depth 2+1 → 6; arms 2, back 2+1+1 → 6; chart 6, +1 for > 4 h = 7.
    // Monitor 2+1 glare +1 time = 4; phone 1+2+1 = 4 → chart 5. Mouse 2+1 = 3; keyboard 2+1+1+1 = 5 → chart 6.
    expect(result.parts.slice(0, 4).map((p) => [p.id, p.score, p.max])).toEqual([
      ['rosa.chair', 7, 10],
      ['rosa.monitor_phone', 5, 9],
      ['rosa.mouse_keyboard', 6, 9],
      ['rosa.peripherals', 6, 9],
    ]);
    expect(result.overall).toEqual({ score: 7, max: 10, band: 'high', actionNeeded: true });
    expect(result.summary).toBe(
      'Your ROSA score is 7 of 10: high risk. Make the changes below soon; 5 or more calls for action. Things to improve: 17, the most important first. You reported regular discomfort in: Neck.',
    );
    expect(result.parts[0].explanation).toBe(
      'ROSA chair score 7 of 10: seat height and depth, armrests and back support, adjusted for how long you sit.',
    );
    const severities = result.findings.map((f) => f.severity);
    expect(severities).toEqual(
      [...severities].sort((a, b) => ['high', 'moderate', 'low'].indexOf(a) - ['high', 'moderate', 'low'].indexOf(b)),
    );
    expect(result.findings[0]).toEqual({
      id: 'laptop.no_external',
      severity: 'high',
      title: 'You work on a laptop on its own',
      recommendation: expect.stringContaining('separate keyboard and mouse'),
      links: [
        { label: 'The 30-second set-up', href: '/user/30_second_setup' },
        { label: 'Laptop stand', href: '/user/laptop-stand' },
        { label: 'Separate keyboard', href: '/user/external-keyboard' },
        { label: 'Separate mouse', href: '/user/external-mouse' },
      ],
    });
    expect(result.findings.map((f) => f.id)).toEqual(
      expect.arrayContaining(['phone.cradle', 'chair.seat_too_high', 'screen.too_low', 'user.breaks', 'cmdq.neck_shoulders']),
    );
    // One finding however many answers raise it (three "not adjustable" answers here).
    expect(result.findings.filter((f) => f.id === 'chair.not_adjustable')).toHaveLength(1);
  });

  it('counts the HSE checks per group, adverse of answered', () => {
    const result = scoreAssessment(source, 'office', POOR_OFFICE, 'en');
    expect(result.parts.find((p) => p.id === 'hse.mouse')).toMatchObject({
      score: 1,
      max: 3,
      explanation: '1 of 3 mouse and trackball checks from the HSE workstation checklist need attention.',
    });
    expect(result.parts.find((p) => p.id === 'hse.user')).toMatchObject({ score: 1, max: 3 });
    expect(result.parts.find((p) => p.id === 'hse.display')).toMatchObject({ score: 1, max: 4 });
  });

  it('unvalidated junk never turns into NaN or a finding', () => {
    const junk = {
      ...NEUTRAL_OFFICE,
      'chair.seat_height': 'constructor',
      'mouse.grip': '__proto__',
      'discomfort.cmdq': {
        neck: { frequency: 9, discomfort: 7, interference: -1 },
        toString: { frequency: 4, discomfort: 3, interference: 2 },
      },
    } as unknown as Answers;
    const result = scoreAssessment(source, 'office', junk, 'en');
    expect(result.overall.score).toBe(2);
    expect(result.parts.every((p) => Number.isFinite(p.score))).toBe(true);
    expect(result.bodyMap.every((r) => r.score === 0)).toBe(true);
    expect(result.findings).toEqual([]);
  });

  it('a stale answer to a hidden question raises nothing', () => {
    const result = scoreAssessment(source, 'office', { ...NEUTRAL_OFFICE, 'device.type': 'desktop', 'laptop.setup': 'laptop_only' }, 'en');
    expect(result.findings).toEqual([]);
  });

  it('Home uses ROSA too and flags working from the sofa', () => {
    const { ['desk.type']: _d, ...rest } = NEUTRAL_OFFICE;
    const result = scoreAssessment(source, 'home', { ...rest, 'home.workspace': 'sofa_or_bed', 'chair.backrest': 'none' }, 'en');
    expect(result.parts[0].id).toBe('rosa.chair');
    expect(result.findings.slice(0, 2).map((f) => f.id)).toEqual(['home.sofa_or_bed', 'chair.no_backrest']);
  });
});

describe('areas without ROSA: share of adverse answers', () => {
  it('shareScore is 1 + round(9 × adverse ÷ answered)', () => {
    expect([shareScore(0, 0), shareScore(0, 10), shareScore(1, 10), shareScore(2, 10), shareScore(5, 10), shareScore(10, 10)]).toEqual([
      1, 1, 2, 3, 6, 10,
    ]);
  });

  it('Travel: road trips without breaks', () => {
    const answers: Answers = {
      'travel.modes': ['road'],
      'travel.trips': 4,
      'travel.bag': 'wheeled',
      'travel.drive_breaks': 'no',
      'travel.car_seat': 'no',
      'travel.car_laptop': 'no',
      'user.breaks': 'yes',
      'user.eye_test': 'yes',
      'discomfort.cmdq': {},
    };
    const result = scoreAssessment(source, 'travel', answers, 'en');
    // 6 checklist answers (bag, breaks, seat, laptop, work breaks, eye test), 2 adverse: 1 + round(3) = 4.
    expect(result.overall).toEqual({ score: 4, max: 10, band: 'moderate', actionNeeded: false });
    expect(result.summary).toMatch(/^Your score is 4 of 10: some risk\. It counts how many of your answers point to a problem/);
    expect(result.parts.map((p) => [p.id, p.score, p.max])).toEqual([
      ['hse.user', 0, 2],
      ['area.checklist', 2, 4],
      ['cmdq.total', 0, 1800],
    ]);
    expect(result.findings.map((f) => f.id)).toEqual(['travel.driving_breaks', 'travel.car_seat']);
  });

  it('Lab: only the sections of the tasks done are scored', () => {
    const answers: Answers = {
      'lab.tasks': ['pipetting'],
      'lab.pipette_time': 'gt4',
      'lab.pipette_force': 'yes',
      'lab.pipette_arm': 'no',
      'lab.pipette_breaks': 'yes',
      'lab.microscope_neck': 'yes',
      'env.lighting': 'yes',
      'user.breaks': 'yes',
      'user.training': 'yes',
      'discomfort.cmdq': {},
    };
    const result = scoreAssessment(source, 'lab', answers, 'en');
    expect(result.findings.map((f) => f.id)).toEqual(['lab.pipette_force', 'lab.pipette_hours']);
    // 7 answered checks, 2 adverse: 1 + round(18 / 7) = 4.
    expect(result.overall).toMatchObject({ score: 4, band: 'moderate', actionNeeded: false });
    expect(result.findings[0].links.map((l) => l.href)).toEqual(['/user/pipetting', '/user/electronic-pipette']);
  });

  it('Anywhere: all good is the lowest score', () => {
    const answers: Answers = {
      'anywhere.places': ['cafe'],
      'anywhere.kit': 'stand_keyboard_mouse',
      'anywhere.bag': 'light',
      'time.screen': '1to4',
      'anywhere.seat': 'chair_with_back',
      'anywhere.setup_routine': 'yes',
      'screen.height': 'eye_level',
      'screen.glare': 'no',
      'keyboard.wrists': 'straight',
      'mouse.suitable': 'yes',
      'env.noise': 'yes',
      'env.lighting': 'yes',
      'anywhere.long_spells': 'no',
      'user.eye_test': 'yes',
      'discomfort.cmdq': {},
    };
    const result = scoreAssessment(source, 'anywhere', answers, 'en');
    expect(result.overall).toEqual({ score: 1, max: 10, band: 'low', actionNeeded: false });
    expect(result.findings).toEqual([]);
  });
});

describe('compareResults', () => {
  it('reports the score change, parts before and after, resolved and new findings in one sentence', () => {
    const before = scoreAssessment(source, 'office', POOR_OFFICE, 'en');
    const fixes = {
      'laptop.setup': 'stand_and_external',
      'chair.seat_height': 'knees_level',
      'desk.too_high': 'no',
      'screen.height': 'eye_level',
      'phone.cradle': 'no',
      'mouse.grip': 'pinch',
    };
    const after = scoreAssessment(source, 'office', { ...POOR_OFFICE, ...fixes }, 'en');
    // Chair: height 1+1, depth 2+1 → 5; arms 2, back 2+1 → 5; chart 4, +1 = 5. Mouse 2+1+1 = 4, keyboard 5 → 6.
    expect(after.overall.score).toBe(6);
    const change = compareResults(after, before, 'en', source);
    expect(change).toMatchObject({ previousScore: 7, delta: -1 });
    expect([...change.resolvedFindings].sort()).toEqual([
      'chair.seat_too_high',
      'desk.too_high',
      'laptop.no_external',
      'phone.cradle',
      'screen.too_low',
    ]);
    expect(change.newFindings).toEqual(['mouse.pinch_grip']);
    // The reader sees each finding's own words, in the ids' order, never the ids.
    expect(change.resolvedTitles).toEqual(change.resolvedFindings.map((id) => before.findings.find((f) => f.id === id)!.title));
    expect(change.newTitles).toEqual([after.findings.find((f) => f.id === 'mouse.pinch_grip')!.title]);
    expect(change.resolvedTitles).toContain('You work on a laptop on its own');
    expect(change.parts.find((p) => p.id === 'rosa.chair')).toEqual({ id: 'rosa.chair', label: 'Chair', before: 7, after: 5 });
    expect(change.parts.find((p) => p.id === 'rosa.monitor_phone')).toEqual({
      id: 'rosa.monitor_phone',
      label: 'Screen and phone',
      before: 5,
      after: 3,
    });
    expect(change.summary).toBe('Your score improved from 7 to 6. Resolved: 5. New: 1.');
  });

  it('says when the score rose or stayed the same', () => {
    const good = scoreAssessment(source, 'office', NEUTRAL_OFFICE, 'en');
    const poor = scoreAssessment(source, 'office', POOR_OFFICE, 'en');
    expect(compareResults(poor, good, 'en', source).summary).toMatch(/^Your score rose from 2 to 7\./);
    expect(compareResults(good, good, 'en', source)).toMatchObject({
      delta: 0,
      resolvedFindings: [],
      newFindings: [],
      summary: 'Your score is unchanged at 2. Resolved: 0. New: 0.',
    });
  });

  it('uses the loaded questionnaires when no source is passed', () => {
    const good = scoreAssessment(source, 'office', NEUTRAL_OFFICE, 'en');
    expect(compareResults(good, good, 'en').summary).toBe('Your score is unchanged at 2. Resolved: 0. New: 0.');
  });
});
