import type { Insertable, Kysely } from 'kysely';
import type { AssessmentResult, Finding } from '../../shared/assessment/types';
import { ACTION_STATES, DUE_DAYS } from '../../shared/actions/action-rules';
import type { ActionState } from '../../../generated/workflows';
import type { CorrectiveActionsTable, Database } from './schema';
import { findingActionKey } from '../../shared/actions/finding-key';

/**
 * Demo corrective actions (SPEC §1 "from finding to fixed") for `npm start`: in each demo client, the
 * findings of the latest self-assessments of a dozen of its employees, and of its demo employee
 * account, become actions in every state of manifest/workflows/action.yaml, some open ones overdue,
 * so My Actions, the handlers' list and their words can be seen at once. Runs after the history
 * (demo-history.ts), whose attempts it reads; deterministic for a given `now`.
 */
const PER_CLIENT = 12;
const DAY = 86_400_000;
// The employee's words with each move: the same note goes with any finding, so it names none (a note
// about a monitor arm under "Your seat is too low" reads as a mistake).
const NOTES: Partial<Record<ActionState, string>> = {
  need_help: 'I tried, but I cannot make this change on my own; could someone show me how?',
  not_possible: 'I share this desk with others and cannot change it myself.',
  closed: 'I share this desk with others and cannot change it myself.',
  done: 'Changed as suggested; it already feels better at the end of the day.',
};
const CLOSE_REASON = 'Our facilities team will set up the shared desk with you on your next office day.';

export async function seedDemoActions(db: Kysely<Database>, now = new Date()): Promise<void> {
  const clients = await db.selectFrom('clients').select(['id', 'company_code']).orderBy('id').execute();
  for (const client of clients) {
    const latest = await db
      .selectFrom('latest_self_assessments as l')
      .innerJoin('assessment_attempts as a', 'a.id', 'l.attempt_id')
      .select(['l.user_id', 'a.id', 'a.area', 'a.result', 'a.submitted_at'])
      .where('l.client_id', '=', client.id)
      .orderBy('l.submitted_at', 'desc')
      .orderBy('l.user_id')
      .limit(PER_CLIENT)
      .execute();
    const account = await db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select('users.id')
      .where('users.client_id', '=', client.id)
      .where('roles.name', '=', 'Employee')
      .where('users.password_hash', 'is not', null)
      .orderBy('users.id')
      .executeTakeFirst();
    const findingsOf = (result: unknown) =>
      ((typeof result === 'string' ? JSON.parse(result) : result) as AssessmentResult | null)?.findings ?? [];
    // The demo account signs in: it borrows the findings of the recent attempt with the most, one action in each state.
    const richest = [...latest].sort((a, b) => findingsOf(b.result).length - findingsOf(a.result).length)[0];
    const owners = [
      ...(account && richest ? [{ ...richest, user_id: account.id, id: null, everyState: true }] : []),
      ...latest.map((l) => ({ ...l, everyState: false })),
    ];
    const rows: Insertable<CorrectiveActionsTable>[] = [];
    let turn = 0;
    for (const owner of owners) {
      const findings: readonly Finding[] = findingsOf(owner.result);
      const submitted = new Date(owner.submitted_at ?? now);
      findings.slice(0, owner.everyState ? ACTION_STATES.length + 1 : 3).forEach((finding, i) => {
        const state = owner.everyState ? (ACTION_STATES[i] ?? 'open') : ACTION_STATES[turn++ % ACTION_STATES.length]!;
        // The demo account's last one is open and overdue, so the reminder and the overdue mark show.
        const created = owner.everyState && i === ACTION_STATES.length ? new Date(now.getTime() - 90 * DAY) : submitted;
        rows.push({
          client_id: client.id,
          user_id: owner.user_id,
          finding_key: findingActionKey(owner.area, finding.id),
          source: 'self_assessment',
          attempt_id: owner.id,
          title: finding.title,
          detail: finding.recommendation,
          priority: finding.severity,
          state,
          due_at: new Date(created.getTime() + DUE_DAYS[finding.severity] * DAY),
          note: NOTES[state] ?? null,
          close_reason: state === 'closed' ? CLOSE_REASON : null,
          created_at: created,
          updated_at: state === 'open' ? created : new Date(Math.min(now.getTime(), created.getTime() + 5 * DAY)),
        });
      });
    }
    if (rows.length)
      await db
        .insertInto('corrective_actions')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
}
