import { actionWorkflow, type ActionState, type ActionTransitionName } from '../../../generated/workflows';
import type { RiskBand } from '../assessment/types';

/**
 * Corrective actions (SPEC §1 "from finding to fixed"; manifest/workflows/action.yaml): the states and
 * steps as codes, read from the manifest alone, and the product's defaults for due dates and
 * reminders, defined here once. The API sends codes; the browser words them with
 * `action.status.<state>` and `action.transition.<name>` (SPEC §2).
 */
export const ACTION_STATES: readonly ActionState[] = actionWorkflow.states.map((s) => s.key);

/** States in which the action is still live (not `closed` in the manifest): one per employee and finding. */
export const LIVE_ACTION_STATES: readonly ActionState[] = actionWorkflow.states.filter((s) => !s.closed).map((s) => s.key);

/** An action is overdue while it is still in this state past its due date (the overview's overdue figure, custom search). */
export const OVERDUE_ACTION_STATE: ActionState = 'open';

/** The employee's own moves: the transitions leaving `open` that a button fires. */
export const OWNER_TRANSITIONS = ['mark_done', 'mark_not_possible', 'ask_for_help'] as const satisfies readonly ActionTransitionName[];
export type OwnerTransition = (typeof OWNER_TRANSITIONS)[number];

/** The states a handler (programme manager or evaluator) waits on and closes. */
export const WAITING_ACTION_STATES: readonly ActionState[] = actionWorkflow.transitions.find((t) => t.name === 'close')!.from;

/** The transition's declaration (its `from`, `to` and requirements). */
export const actionTransition = (name: ActionTransitionName) => actionWorkflow.transitions.find((t) => t.name === name)!;

/** An action's priority is the risk of the finding that raised it. */
export type ActionPriority = RiskBand;
export const ACTION_PRIORITIES: readonly ActionPriority[] = ['high', 'moderate', 'low'];

/** Days from raising to due, by priority (a high risk is fixed first). */
export const DUE_DAYS: Readonly<Record<ActionPriority, number>> = { high: 14, moderate: 30, low: 60 };

/** An evaluation recommendation's priority (high/medium/low) as an action's. */
export const priorityOfRecommendation = (priority: 'high' | 'medium' | 'low'): ActionPriority =>
  priority === 'medium' ? 'moderate' : priority;

/**
 * Reminders of an overdue open action when the client has not set its own
 * (client_assessment_settings.action_reminder_days / action_reminder_limit, migration 033).
 */
export const REMINDER_DEFAULTS = { everyDays: 7, limit: 3 } as const;

/** Longest note or reason, in characters (the migration's CHECK says the same). */
export const ACTION_NOTE_MAX = 2000;

/** The interface key that words a state. */
export const actionStateKey = (state: ActionState) => `action.status.${state}` as const;
/** The interface key that words a transition (a button). */
export const actionTransitionKey = (name: ActionTransitionName) => `action.transition.${name}` as const;
