/**
 * Cornell Musculoskeletal Discomfort Questionnaire scoring (Hedge, Morimoto & McCrobie 1999):
 * frequency weight (0, 1.5, 3.5, 5, 10) × discomfort (1, 2, 3) × interference weight (1, 2, 3).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CMDQ_REGIONS, scoreAssessment, type CmdqRegionAnswer, type QuestionnaireSource } from '../../../src/shared/assessment';
import { cmdqRegionScore } from '../../../src/shared/assessment/cmdq';
import { realSource } from './load-source';
import { NEUTRAL_OFFICE } from './office-answers';

describe('region score, worked examples', () => {
  it.each([
    // frequency, discomfort, interference → score
    [{ frequency: 0, discomfort: 3, interference: 2 }, 0], // never: nothing, whatever else is ticked
    [{ frequency: 1, discomfort: 1, interference: 0 }, 1.5], // 1–2 times last week, slight, no interference
    [{ frequency: 2, discomfort: 2, interference: 1 }, 14], // 3–4 times: 3.5 × 2 × 2
    [{ frequency: 3, discomfort: 2, interference: 0 }, 10], // once every day, moderate: 5 × 2 × 1
    [{ frequency: 3, discomfort: 3, interference: 1 }, 30], // once every day, very, slightly interfered: 5 × 3 × 2
    [{ frequency: 4, discomfort: 1, interference: 2 }, 30], // several times a day, slight, substantially: 10 × 1 × 3
    [{ frequency: 4, discomfort: 3, interference: 2 }, 90], // the maximum
  ] as [CmdqRegionAnswer, number][])('%j → %d', (answer, expected) => {
    expect(cmdqRegionScore(answer)).toBe(expected);
  });

  it('every combination stays within 0 to 90', () => {
    for (const frequency of [0, 1, 2, 3, 4] as const)
      for (const discomfort of [1, 2, 3] as const)
        for (const interference of [0, 1, 2] as const) {
          const score = cmdqRegionScore({ frequency, discomfort, interference });
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(90);
        }
  });
});

describe('body map in the report', () => {
  let source: QuestionnaireSource;
  beforeAll(async () => {
    source = await realSource();
  });

  it('lists the 20 regions of the sitting version with their labels and scores', () => {
    const result = scoreAssessment(
      source,
      'office',
      {
        ...NEUTRAL_OFFICE,
        'discomfort.cmdq': {
          lower_back: { frequency: 4, discomfort: 2, interference: 1 },
          wrist_right: { frequency: 1, discomfort: 1, interference: 0 },
        },
      },
      'en',
    );
    expect(result.bodyMap.map((r) => r.region)).toEqual([...CMDQ_REGIONS]);
    expect(result.bodyMap).toHaveLength(20);
    expect(result.bodyMap.find((r) => r.region === 'lower_back')).toEqual({ region: 'lower_back', label: 'Lower back', score: 40 });
    expect(result.bodyMap.find((r) => r.region === 'wrist_right')?.score).toBe(1.5);
    expect(result.bodyMap.find((r) => r.region === 'neck')?.score).toBe(0);
    expect(result.parts.find((p) => p.id === 'cmdq.total')).toMatchObject({ score: 41.5, max: 1800 });
  });

  it('raises a body-area finding at 10 or more and makes it high at 30 or more', () => {
    const some = scoreAssessment(
      source,
      'office',
      {
        ...NEUTRAL_OFFICE,
        'discomfort.cmdq': {
          neck: { frequency: 3, discomfort: 2, interference: 0 },
          wrist_left: { frequency: 2, discomfort: 1, interference: 0 },
        },
      },
      'en',
    );
    expect(some.findings.map((f) => [f.id, f.severity])).toEqual([['cmdq.neck_shoulders', 'moderate']]);
    expect(some.summary).toContain('Neck');
    const severe = scoreAssessment(
      source,
      'office',
      { ...NEUTRAL_OFFICE, 'discomfort.cmdq': { knee_right: { frequency: 4, discomfort: 3, interference: 0 } } },
      'en',
    );
    expect(severe.findings.map((f) => [f.id, f.severity])).toEqual([['cmdq.legs_feet', 'high']]);
  });

  it('no discomfort: every region 0 and no discomfort finding', () => {
    const result = scoreAssessment(source, 'office', NEUTRAL_OFFICE, 'en');
    expect(result.bodyMap.every((r) => r.score === 0)).toBe(true);
    expect(result.findings.filter((f) => f.id.startsWith('cmdq.'))).toEqual([]);
  });
});
