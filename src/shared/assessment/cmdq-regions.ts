/**
 * The 20 body regions of the sitting version of the Cornell Musculoskeletal Discomfort Questionnaire
 * (Hedge, Morimoto & McCrobie 1999, Ergonomics 42(10) 1333–1349), in the order of its body chart.
 */
export const CMDQ_REGIONS = [
  'neck',
  'shoulder_left',
  'shoulder_right',
  'upper_back',
  'upper_arm_left',
  'upper_arm_right',
  'lower_back',
  'forearm_left',
  'forearm_right',
  'wrist_left',
  'wrist_right',
  'hip_buttocks',
  'thigh_left',
  'thigh_right',
  'knee_left',
  'knee_right',
  'lower_leg_left',
  'lower_leg_right',
  'foot_left',
  'foot_right',
] as const;
export type CmdqRegion = (typeof CMDQ_REGIONS)[number];
