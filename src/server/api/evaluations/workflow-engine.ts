import type { Transaction } from 'kysely';
import { evaluationWorkflow, type EvaluationState, type EvaluationTransitionName } from '../../../../generated/workflows';
import { transitionsFrom, type WorkflowTransition } from '../../../shared/workflow';
import type { Caller } from '../../context';
import type { Database } from '../../db/schema';
import type { MailRecipient } from '../../domain/evaluations/evaluation-mail';
import { PROGRAMME_MANAGER_PERMISSION } from '../../policies/client-scope';
import { coded, codedRefusal, type CodedMessage } from '../../../shared/server-messages';
import { stateTerm, transitionTerm } from '../../../shared/workflow-terms';
import { holds } from '../../context';

type Transition = WorkflowTransition<EvaluationState, EvaluationTransitionName, string>;
export interface EvaluationFacts {
  readonly status: string;
  readonly evaluatorId: number;
  readonly clientId: number;
  readonly recommendations: readonly unknown[];
  readonly approvalRequired: boolean;
}
export interface Refusal {
  readonly status: 400 | 403 | 409;
  readonly message: string;
  readonly coded?: CodedMessage;
}

/** A step as a term the web app words in the reader's language (src/shared/server-messages.ts). */
const stepTerm = (transition: Transition) => transitionTerm(transition.name);

/**
 * Decides whether `caller` may fire `name` on an evaluation, from the workflow declared in
 * manifest/workflows/evaluation.yaml (nothing here names a state or a transition): the transition
 * must leave the current state (else 409), the caller must hold its permission (else 403), and its
 * requirements must hold (a missing reason is a 400; the other rules are 409).
 */
export function checkTransition(name: string, facts: EvaluationFacts, caller: Caller, reason: string): Transition | Refusal {
  const transition = evaluationWorkflow.transitions.find((t) => t.name === name);
  if (!transition) return { status: 409, message: `"${name}" is not a step of the evaluation workflow.` };
  if (!(transition.from as readonly string[]).includes(facts.status)) {
    return codedRefusal(409, coded('evaluation.not_possible', { transition: stepTerm(transition), state: stateTerm(facts.status) }));
  }
  if (!holds(caller, transition.permission)) return { status: 403, message: 'You do not have permission to perform this action.' };
  for (const requirement of transition.requires) {
    if (requirement === 'author' && caller.userId !== facts.evaluatorId)
      return codedRefusal(409, coded('evaluation.author_only', { transition: stepTerm(transition) }));
    if (requirement === 'not_author' && caller.userId === facts.evaluatorId)
      return codedRefusal(409, coded('evaluation.not_author', { transition: stepTerm(transition) }));
    if (requirement === 'reason' && !reason)
      return codedRefusal(400, coded('evaluation.reason_needed', { transition: stepTerm(transition) }));
    if (requirement === 'approval_required' && !facts.approvalRequired)
      return { status: 409, message: 'This client does not ask to approve reports; finalize it instead.' };
    if (requirement === 'approval_not_required' && facts.approvalRequired)
      return { status: 409, message: "This client approves reports first; send it for the client's approval." };
    if (requirement === 'recommendations' && facts.recommendations.length === 0)
      return { status: 409, message: 'Write at least one recommendation first.' };
  }
  return transition;
}

/** The transitions the caller could fire now (for the buttons the page shows). */
export function availableTransitions(facts: EvaluationFacts, caller: Caller) {
  return transitionsFrom(evaluationWorkflow, facts.status)
    .filter((t) => {
      const check = checkTransition(t.name, facts, caller, 'reason given');
      return !('status' in check);
    })
    .map((t) => ({ name: t.name, to: t.to, needs_reason: t.requires.includes('reason') }));
}

/**
 * Who an e-mail goes to: the author, the employee, or the people who may act next (our staff assigned
 * to the client, or the client's own programme managers, holding the permission of a transition out
 * of the new state and allowed by its requirements), never the person who just acted.
 */
export async function recipientsOf(
  trx: Transaction<Database>,
  transition: Transition,
  evaluation: { evaluator_id: number; employee_id: number; client_id: number },
  actorId: number,
): Promise<MailRecipient[]> {
  const person = (id: number) =>
    trx.selectFrom('users').select(['id', 'email', 'first_name']).where('id', '=', id).where('status', '=', 'active').execute();
  const recipient = transition.email?.to;
  if (!recipient) return [];
  if (recipient === 'author') return evaluation.evaluator_id === actorId ? [] : person(evaluation.evaluator_id);
  if (recipient === 'employee') return person(evaluation.employee_id);
  const next = new Map<number, MailRecipient>();
  for (const t of transitionsFrom(evaluationWorkflow, transition.to)) {
    const holders = await trx
      .selectFrom('users as u')
      .innerJoin('role_permissions as p', 'p.role_id', 'u.role_id')
      .select(['u.id', 'u.email', 'u.first_name'])
      .where('p.permission', '=', t.permission)
      .where('u.status', '=', 'active')
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('staff_client_assignments as a')
              .select('a.user_id')
              .whereRef('a.user_id', '=', 'u.id')
              .where('a.client_id', '=', evaluation.client_id),
          ),
          ...(t.permission === PROGRAMME_MANAGER_PERMISSION ? [eb('u.client_id', '=', evaluation.client_id)] : []),
        ]),
      )
      .limit(200)
      .execute();
    for (const h of holders) {
      if (h.id === actorId) continue;
      if (t.requires.includes('not_author') && h.id === evaluation.evaluator_id) continue;
      if (t.requires.includes('author') && h.id !== evaluation.evaluator_id) continue;
      next.set(h.id, h);
    }
  }
  return [...next.values()];
}
