import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Finding } from '../../../shared/assessment/types';
import { catalogueEntry, type Recommendation } from '../../../shared/evaluations/observation-form';
import {
  actionTransition,
  DUE_DAYS,
  LIVE_ACTION_STATES,
  priorityOfRecommendation,
  type ActionPriority,
} from '../../../shared/actions/action-rules';
import { audit } from '../../audit/audit';
import { scheduleActionReminder } from './reminder-job';

const DAY_MS = 86_400_000;

interface NewAction {
  readonly findingKey: string;
  readonly title: string;
  readonly detail: string;
  readonly priority: ActionPriority;
}

interface Owner {
  readonly userId: number;
  readonly clientId: number;
  readonly now: Date;
  /** Where the product is reached, for the reminder's link. */
  readonly origin: string;
}

/** The live states as literals: the conflict target must name the unique index's own predicate. */
const liveStates = () => sql.join(LIVE_ACTION_STATES.map((s) => sql.lit(s)));

/**
 * Raises the actions in the caller's transaction (the one that finalizes, so the report and its
 * actions exist together). One live action per employee and finding key (migration 033's unique
 * index): a finding already live adds nothing. Each new action's reminder is scheduled for its due date.
 */
async function raise(
  trx: Transaction<Database>,
  owner: Owner,
  source: { source: 'self_assessment'; attemptId: string } | { source: 'evaluation'; evaluationId: number },
  actions: readonly NewAction[],
): Promise<number> {
  if (actions.length === 0) return 0;
  const rows = actions.map((a) => ({
    client_id: owner.clientId,
    user_id: owner.userId,
    finding_key: a.findingKey.slice(0, 200),
    source: source.source,
    attempt_id: source.source === 'self_assessment' ? source.attemptId : null,
    evaluation_id: source.source === 'evaluation' ? source.evaluationId : null,
    title: a.title.slice(0, 500) || a.findingKey,
    detail: a.detail.slice(0, 4000),
    priority: a.priority,
    due_at: new Date(owner.now.getTime() + DUE_DAYS[a.priority] * DAY_MS),
    created_at: owner.now,
    updated_at: owner.now,
  }));
  const inserted = await trx
    .insertInto('corrective_actions')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'finding_key'])
        .where(sql<boolean>`state IN (${liveStates()})`)
        .doNothing(),
    )
    .returning(['id', 'due_at'])
    .execute();
  for (const row of inserted) await scheduleActionReminder(trx, row.id, new Date(row.due_at), owner.origin);
  return inserted.length;
}

/** Findings of one work area share a prefix, so a later attempt of that area can verify them. */
const findingKey = (area: string, id: string) => `${area}:${id}`;

/**
 * After a self-assessment is submitted (src/server/assessments/attempt-handlers.ts): the live actions
 * of earlier attempts of the same work area whose finding this attempt no longer raises are verified
 * (manifest/workflows/action.yaml `verify`, audited as the employee's), then each of its findings is
 * raised as an action, its priority the finding's risk.
 */
export async function actionsFromSelfAssessment(
  trx: Transaction<Database>,
  owner: Owner & { readonly email: string; readonly address: string },
  attempt: { readonly id: string; readonly area: string; readonly findings: readonly Finding[] },
): Promise<void> {
  const keys = attempt.findings.map((f) => findingKey(attempt.area, f.id));
  const verify = actionTransition('verify');
  const prefix = `${attempt.area}:`;
  // One statement: the rows are locked, read as they were and moved, so no move of the employee's
  // in another tab can land between the read and the write.
  const verified = await sql<{ id: number; before: string }>`
    UPDATE corrective_actions a SET state = ${verify.to}, updated_at = ${owner.now}
    FROM (SELECT id, state FROM corrective_actions
          WHERE user_id = ${owner.userId} AND client_id = ${owner.clientId} AND source = 'self_assessment'
            AND left(finding_key, ${prefix.length}) = ${prefix}
            AND state IN (${sql.join([...verify.from])})
            ${keys.length > 0 ? sql`AND NOT (finding_key IN (${sql.join(keys)}))` : sql``}
          FOR UPDATE) old
    WHERE a.id = old.id AND a.state = old.state
    RETURNING a.id, old.state AS before`.execute(trx);
  for (const row of verified.rows)
    await audit(
      trx,
      {
        actorId: owner.userId,
        actorEmail: owner.email,
        clientId: owner.clientId,
        action: `action.${verify.name}`,
        target: `action:${row.id}`,
        address: owner.address,
        details: { before: { state: row.before }, after: { state: verify.to }, attempt: attempt.id },
      },
      owner.now,
    );
  await raise(
    trx,
    owner,
    { source: 'self_assessment', attemptId: attempt.id },
    attempt.findings.map((f) => ({
      findingKey: findingKey(attempt.area, f.id),
      title: f.title,
      detail: f.recommendation,
      priority: f.severity,
    })),
  );
}

/**
 * When an evaluation report is first finalized (src/server/evaluations/fire-transition.ts): each
 * recommendation becomes the employee's action, a catalogue entry by its key (so a second report
 * repeating it adds nothing while it is live), a free-text one by its place in this report.
 */
export async function actionsFromEvaluation(
  trx: Transaction<Database>,
  owner: Owner,
  evaluation: { readonly id: number; readonly recommendations: readonly unknown[] },
): Promise<void> {
  const actions = (evaluation.recommendations as Recommendation[]).map((r, index): NewAction => {
    const entry = catalogueEntry(r.catalogue_key);
    const priority = priorityOfRecommendation(r.priority ?? 'medium');
    if (entry) return { findingKey: `recommendation:${entry.key}`, title: entry.title, detail: entry.text, priority };
    return { findingKey: `evaluation:${evaluation.id}:${index + 1}`, title: (r.text ?? '').trim(), detail: '', priority };
  });
  await raise(
    trx,
    owner,
    { source: 'evaluation', evaluationId: evaluation.id },
    actions.filter((a) => a.title),
  );
}
