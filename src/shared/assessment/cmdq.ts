/**
 * Cornell Musculoskeletal Discomfort Questionnaire scoring (Hedge, Morimoto & McCrobie 1999,
 * Ergonomics 42(10) 1333–1349; scoring as published by the Cornell University Ergonomics Web):
 * per region, frequency weight (never 0, 1–2 times last week 1.5, 3–4 times 3.5, once every day 5,
 * several times every day 10) × discomfort (slightly 1, moderately 2, very 3) × interference weight
 * (not at all 1, slightly 2, substantially 3), so 0 to 90 per region.
 */
import { CMDQ_REGIONS, type CmdqRegion } from './cmdq-regions';
import type { AnswerValue, CmdqRegionAnswer } from './types';

export const FREQUENCY_WEIGHTS = [0, 1.5, 3.5, 5, 10] as const;
export const INTERFERENCE_WEIGHTS = [1, 2, 3] as const;
export const CMDQ_REGION_MAX = 90;

export function cmdqRegionScore(answer: CmdqRegionAnswer | undefined): number {
  if (!answer) return 0;
  const frequency = FREQUENCY_WEIGHTS[answer.frequency];
  const interference = INTERFERENCE_WEIGHTS[answer.interference];
  // Answers are validated before scoring; anything off the published scales still scores nothing.
  if (frequency === undefined || interference === undefined || ![1, 2, 3].includes(answer.discomfort)) return 0;
  return frequency * answer.discomfort * interference;
}

export function cmdqScores(value: AnswerValue | undefined): Record<CmdqRegion, number> {
  const grid = value && typeof value === 'object' && !Array.isArray(value) ? (value as Readonly<Record<string, CmdqRegionAnswer>>) : {};
  return Object.fromEntries(CMDQ_REGIONS.map((r) => [r, Object.hasOwn(grid, r) ? cmdqRegionScore(grid[r]) : 0])) as Record<
    CmdqRegion,
    number
  >;
}

/**
 * The CMDQ publishes no cut-off, so this product sets one for recommending help: a region scoring 10
 * or more (for example moderate discomfort every day, or slight daily discomfort that slightly
 * interferes with work) raises a finding, and 30 or more (for example very uncomfortable every day
 * and interfering) raises it as high. The report always shows every region's score.
 */
export const CMDQ_ATTENTION = 10;
export const CMDQ_HIGH = 30;

/** Region groups behind the four CMDQ findings. */
export const CMDQ_GROUPS: Readonly<Record<string, readonly CmdqRegion[]>> = {
  'cmdq.neck_shoulders': ['neck', 'shoulder_left', 'shoulder_right', 'upper_back'],
  'cmdq.back': ['lower_back', 'hip_buttocks'],
  'cmdq.arms_hands': ['upper_arm_left', 'upper_arm_right', 'forearm_left', 'forearm_right', 'wrist_left', 'wrist_right'],
  'cmdq.legs_feet': [
    'thigh_left',
    'thigh_right',
    'knee_left',
    'knee_right',
    'lower_leg_left',
    'lower_leg_right',
    'foot_left',
    'foot_right',
  ],
};
