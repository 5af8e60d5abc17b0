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
import { findingActionKey } from '../../../shared/actions/finding-key';

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
  const keys = attempt.findings.map((f) => findingActionKey(attempt.area, f.id));
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
      findingKey: findingActionKey(attempt.area, f.id),
      title: f.title,
      detail: f.recommendation,
      priority: f.severity,
    })),
  );
}

/** A report's recommendation as an action's finding key: a catalogue entry by its key, a free-text one by its place in the report. */
export function recommendationKey(r: Pick<Recommendation, 'catalogue_key'>, evaluationId: number, index: number): string {
  const entry = catalogueEntry(r.catalogue_key);
  return entry ? `recommendation:${entry.key}` : `evaluation:${evaluationId}:${index + 1}`;
}

/** Who finalized the report that verifies earlier actions (the audit entry's actor). */
interface Actor {
  readonly userId: number;
  readonly email: string;
  readonly address: string;
}

/**
 * When an evaluation report is first finalized (src/server/evaluations/fire-transition.ts): each
 * recommendation becomes the employee's action, a catalogue entry by its key (so a second report
 * repeating it adds nothing while it is live), a free-text one by its place in this report.
 *
 * First, the live actions of the employee's earlier reports of the same work area that this report
 * no longer recommends are verified (docs/product.md "Corrective actions", verification): the
 * evaluator has looked at the same workstation again and did not find the need again, as a retake
 * that no longer raises a finding verifies a self-assessment's action. A catalogue recommendation is
 * repeated when this report has the same entry, a free-text one when it has the same words.
 */
export async function actionsFromEvaluation(
  trx: Transaction<Database>,
  owner: Owner,
  evaluation: { readonly id: number; readonly recommendations: readonly unknown[]; readonly workArea: string },
  actor: Actor,
): Promise<void> {
  const actions = (evaluation.recommendations as Recommendation[]).map((r, index): NewAction => {
    const entry = catalogueEntry(r.catalogue_key);
    const priority = priorityOfRecommendation(r.priority ?? 'medium');
    const findingKey = recommendationKey(r, evaluation.id, index);
    if (entry) return { findingKey, title: entry.title, detail: entry.text, priority };
    return { findingKey, title: (r.text ?? '').trim(), detail: '', priority };
  });
  const keys = actions.filter((a) => a.findingKey.startsWith('recommendation:')).map((a) => a.findingKey);
  const texts = actions.filter((a) => a.findingKey.startsWith('evaluation:') && a.title).map((a) => a.title.slice(0, 500));
  const verify = actionTransition('verify');
  // One statement, as for a retake: the rows are locked, read and moved together.
  const verified = await sql<{ id: number; before: string }>`
    UPDATE corrective_actions a SET state = ${verify.to}, updated_at = ${owner.now}
    FROM (SELECT ca.id, ca.state FROM corrective_actions ca JOIN evaluations e ON e.id = ca.evaluation_id
          WHERE ca.user_id = ${owner.userId} AND ca.client_id = ${owner.clientId} AND ca.source = 'evaluation'
            AND ca.evaluation_id <> ${evaluation.id} AND e.work_area = ${evaluation.workArea}
            AND ca.state IN (${sql.join([...verify.from])})
            ${keys.length > 0 ? sql`AND NOT (ca.finding_key IN (${sql.join(keys)}))` : sql``}
            ${texts.length > 0 ? sql`AND NOT (left(ca.finding_key, 11) = 'evaluation:' AND ca.title IN (${sql.join(texts)}))` : sql``}
          FOR UPDATE OF ca) old
    WHERE a.id = old.id AND a.state = old.state
    RETURNING a.id, old.state AS before`.execute(trx);
  for (const row of verified.rows)
    await audit(
      trx,
      {
        actorId: actor.userId,
        actorEmail: actor.email,
        clientId: owner.clientId,
        action: `action.${verify.name}`,
        target: `action:${row.id}`,
        address: actor.address,
        details: { before: { state: row.before }, after: { state: verify.to }, evaluation: evaluation.id },
      },
      owner.now,
    );
  await raise(
    trx,
    owner,
    { source: 'evaluation', evaluationId: evaluation.id },
    actions.filter((a) => a.title),
  );
}
