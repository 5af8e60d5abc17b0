/**
 * A workflow declared in manifest/workflows/*.yaml (docs/architecture.md "Lists, calls and workflows are
 * manifest data" too"): its states, and the transitions between them with the permission that may
 * fire each, what each requires and the e-mail it sends. The generator emits one typed constant per
 * workflow (generated/workflows.ts); the server refuses every other move.
 */
export type WorkflowRequirement =
  /** Only the record's author (the evaluator who wrote it) may fire it. */
  | 'author'
  /** Anyone but the author (a second evaluator's review, SPEC §3 "Evaluator QC Reviewed"). */
  | 'not_author'
  /** A reason or comments must be given; they are kept with the transition. */
  | 'reason'
  /** Only when the client requires its programme manager's approval. */
  | 'approval_required'
  /** Only when the client does not require approval. */
  | 'approval_not_required'
  /** At least one recommendation must be written. */
  | 'recommendations';

/** Who the transition's e-mail goes to: the author, the employee, or whoever may act next. */
export type WorkflowRecipient = 'author' | 'employee' | 'next_actors';

export interface WorkflowState<State extends string = string> {
  readonly key: State;
  /** The label SPEC §3 names. */
  readonly label: string;
  /** Text colour of the status label; at least 4.5:1 on white (WCAG 2.2 SC 1.4.3). */
  readonly colour: string;
  /** Whether the author may save content in this state. */
  readonly editable: boolean;
  /** Whether the employee the record is about may read it in this state. */
  readonly visibleToEmployee: boolean;
  /** Whether the client's programme manager may open the record in this state (SPEC §6). */
  readonly readableByClient: boolean;
  /** Whether the record's work is over in this state (not counted as in progress, SPEC §2 dashboards). */
  readonly closed: boolean;
}

export interface WorkflowTransition<State extends string = string, Name extends string = string, Perm extends string = string> {
  readonly name: Name;
  readonly label: string;
  readonly from: readonly State[];
  readonly to: State;
  readonly permission: Perm;
  readonly requires: readonly WorkflowRequirement[];
  readonly email: { readonly template: string; readonly to: WorkflowRecipient } | null;
}

export interface WorkflowDefinition<State extends string = string, Name extends string = string, Perm extends string = string> {
  readonly name: string;
  readonly title: string;
  readonly initial: State;
  readonly states: readonly WorkflowState<State>[];
  readonly transitions: readonly WorkflowTransition<State, Name, Perm>[];
}

/** The transitions that may leave `state`, in manifest order. */
export function transitionsFrom<S extends string, N extends string, P extends string>(
  workflow: WorkflowDefinition<S, N, P>,
  state: string,
): readonly WorkflowTransition<S, N, P>[] {
  return workflow.transitions.filter((t) => (t.from as readonly string[]).includes(state));
}

/** The state's declaration, or undefined for a value the workflow does not know. */
export function stateOf<S extends string>(workflow: WorkflowDefinition<S>, key: string): WorkflowState<S> | undefined {
  return workflow.states.find((s) => s.key === key);
}
