import type { WorkArea } from '../assessment/types';

/**
 * The risk-reduction panel of the Programme Overview (docs/product.md "Outcomes: the risk-reduction
 * panel"): its figures, the client's targets for them (migration 038, admin client form) and how far
 * from a target a figure is still "close" (amber). Defined once; the server and the page import them.
 */
export const OUTCOME_KEYS = [
  'moved_out_of_high_risk',
  'rosa_change',
  'discomfort_change',
  'open_actions',
  'overdue_actions',
  'cost_per_move',
] as const;
export type OutcomeKey = (typeof OUTCOME_KEYS)[number];

/** The work areas whose overall score is the ROSA final score (content/assessments/<area>.yaml `rosa: true`). */
export const ROSA_AREAS: readonly WorkArea[] = ['office', 'home'];

/** Equipment requests whose equipment reached the employee: their cost is spent (migration 035's states). */
export const RECEIVED_EQUIPMENT_STATES = ['delivered', 'loaned', 'returned'] as const;

/** The defaults of migration 038, for a client form sent without them. */
export const DEFAULT_OUTCOME_TARGETS = {
  /** Per cent of the high-risk employees who retook after their actions who are no longer high risk: at least. */
  movedOut: 50,
  /** ROSA points the median score falls by: at least. */
  rosaDrop: 1,
  /** Points the share of employees reporting any discomfort falls by: at least. */
  discomfortDrop: 10,
  /** Per cent of the open actions that are overdue: at most. */
  overdueCeiling: 20,
  /** Equipment cost per employee moved out of high risk, in whole units of the client's currency: at most. */
  costPerMove: 500,
} as const;

/** How far short of a target is still "close to target" (amber), in the figure's own unit. */
export const OUTCOME_AMBER = {
  movedOut: 10,
  rosaDrop: 0.5,
  discomfortDrop: 5,
  overdueCeiling: 10,
  /** A share of the target: 25 % over it is close. */
  costPerMoveShare: 0.25,
} as const;
