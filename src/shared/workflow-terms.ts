import { evaluationWorkflow, type EvaluationState, type EvaluationTransitionName } from '../../generated/workflows';
import { stateOf } from './workflow';
import { term, type Term } from './server-messages';

/**
 * The evaluation workflow's states and steps as codes and interface keys, all read from
 * manifest/workflows/evaluation.yaml (generated/workflows.ts), so no other file lists them. The API
 * sends codes; the browser words them in the reader's language with `staff.status.<state>` and
 * `staff.transition.<name>` (SPEC §2); the English of a manifest label is what the API's English
 * sentences and the English e-mails say (SPEC §8), and content/interface/en.yaml holds the same words
 * (tests/unit/i18n/workflow-words.test.ts).
 */
export const EVALUATION_STATES: readonly EvaluationState[] = evaluationWorkflow.states.map((s) => s.key);
export const EVALUATION_TRANSITIONS: readonly EvaluationTransitionName[] = evaluationWorkflow.transitions.map((t) => t.name);

/** States whose work is over (`closed` in the manifest): not counted as in progress. */
export const CLOSED_EVALUATION_STATES: readonly EvaluationState[] = evaluationWorkflow.states.filter((s) => s.closed).map((s) => s.key);

/** States in which the client's programme manager may open a report (`readableByClient`, SPEC §6). */
export const CLIENT_READABLE_EVALUATION_STATES: readonly EvaluationState[] = evaluationWorkflow.states
  .filter((s) => s.readableByClient)
  .map((s) => s.key);

export const isEvaluationState = (code: string): code is EvaluationState => (EVALUATION_STATES as readonly string[]).includes(code);
export const isEvaluationTransition = (name: string): name is EvaluationTransitionName =>
  (EVALUATION_TRANSITIONS as readonly string[]).includes(name);

/** The interface key that words a state. */
export const stateKey = (state: EvaluationState) => `staff.status.${state}` as const;
/** The interface key that words a transition (a button, a history row). */
export const transitionKey = (name: EvaluationTransitionName) => `staff.transition.${name}` as const;

/** A state as a message term: its key for the browser, its English for the API's sentence. */
export const stateTerm = (state: string): Term => term('staff.status', state, stateOf(evaluationWorkflow, state)?.label ?? state);

/** A transition as a message term. */
export const transitionTerm = (name: string): Term =>
  term('staff.transition', name, evaluationWorkflow.transitions.find((t) => t.name === name)?.label ?? name);
