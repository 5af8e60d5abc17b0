import { evaluationWorkflow } from '../../../../generated/workflows';
import type { Permission } from '../../../../generated/permissions';

/**
 * Which evaluation states wait for whom, read from the workflow alone (manifest/workflows/evaluation.yaml):
 * the evaluator's work lists (GET /evaluations) and inbox (GET /evaluator/inbox) both ask here.
 */
export const REVIEWER_PERMISSION: Permission = 'evaluator-reports-in-review';

/** States some transition of `permission` leaves, read from the workflow (manifest/workflows/evaluation.yaml). */
export function statesActedOnBy(permission: string): string[] {
  const states = new Set(
    evaluationWorkflow.transitions.filter((t) => t.permission === permission).flatMap((t) => t.from as readonly string[]),
  );
  return [...states];
}

/**
 * The reviewers' queue: states a reviewer moves on, except the report's life after it reached the
 * employee (a state visible to the employee, and states entered only from one, such as Hidden), which
 * a reviewer opens from the report itself rather than from a queue.
 */
export function reviewQueueStates(): string[] {
  const visible = new Set(evaluationWorkflow.states.filter((s) => s.visibleToEmployee).map((s) => s.key as string));
  const afterDelivery = (state: string) =>
    evaluationWorkflow.transitions.filter((t) => t.to === state).every((t) => (t.from as readonly string[]).every((f) => visible.has(f)));
  return statesActedOnBy(REVIEWER_PERMISSION).filter((s) => !visible.has(s) && !afterDelivery(s));
}
