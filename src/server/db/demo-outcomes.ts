import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { AssessmentResult, Finding } from '../../shared/assessment/types';
import { DUE_DAYS } from '../../shared/actions/action-rules';
import type { ActionState } from '../../../generated/workflows';
import type { CorrectiveActionsTable, Database } from './schema';
import { seedMoverEquipment, type DemoMover } from './demo-outcome-equipment';
import { seededRandom } from './demo-random';
import { findingActionKey } from '../../shared/actions/finding-key';

/**
 * Demo outcomes (docs/product.md "Outcomes: the risk-reduction panel") for `npm start`: in each demo
 * client, the employees whose latest self-assessment of the history (demo-history.ts) was high risk
 * and is at least six weeks old get actions from its findings; about three in five retake the same
 * work area 4 to 14 weeks later with a better result (their actions verified, as a retake verifies
 * them), one in seven retakes and is still high risk (their actions left done, waiting for help, not
 * possible or closed), and the rest have not retaken (open, some overdue, or marked done). The
 * retake copies a real low or moderate self-assessment of the same client and area, so its report
 * reads like any other; about two in three of those who moved out were sent equipment for a finding
 * on the way (demo-outcome-equipment.ts). Deterministic for a given database and `now`.
 */
const DAY = 86_400_000;
const MIN_AGE_DAYS = 42;
const SHARE_IMPROVED = 0.6;
const SHARE_STILL_HIGH = 0.14;

const parsed = (result: unknown) => (typeof result === 'string' ? JSON.parse(result) : result) as AssessmentResult | null;

export async function seedDemoOutcomes(db: Kysely<Database>, now = new Date()): Promise<void> {
  const random = seededRandom(20260301);
  const clients = await db.selectFrom('clients').select('id').orderBy('id').execute();
  for (const client of clients) {
    const high = await db
      .selectFrom('latest_self_assessments as l')
      .innerJoin('assessment_attempts as a', 'a.id', 'l.attempt_id')
      .select(['l.user_id', 'a.id', 'a.area', 'a.result', 'a.submitted_at'])
      .where('l.client_id', '=', client.id)
      .where('l.risk_band', '=', 'high')
      .where('l.submitted_at', '<', new Date(now.getTime() - MIN_AGE_DAYS * DAY))
      .orderBy('l.user_id')
      .execute();
    if (high.length === 0) continue;
    // Real self-assessments of this client to copy as retakes, by area and band.
    const templates = await db
      .selectFrom('assessment_attempts')
      .select(['area', 'risk_band', 'answers', 'result', 'questionnaire_version', 'overall_score', 'finding_ids', 'body_scores'])
      .where('client_id', '=', client.id)
      .where('status', '=', 'submitted')
      .orderBy('id')
      .limit(2000)
      .execute();
    const templateFor = (area: string, better: boolean) => {
      const fit = templates.filter((t) => t.area === area && (better ? t.risk_band !== 'high' : t.risk_band === 'high'));
      return fit.length ? fit[Math.floor(random() * fit.length)] : undefined;
    };
    const actions: Insertable<CorrectiveActionsTable>[] = [];
    const retakes: Insertable<Database['assessment_attempts']>[] = [];
    const movers: DemoMover[] = [];
    for (const owner of high) {
      const findings: readonly Finding[] = parsed(owner.result)?.findings ?? [];
      if (findings.length === 0) continue;
      const raised = new Date(owner.submitted_at ?? now);
      const roll = random();
      const outcome = roll < SHARE_IMPROVED ? 'improved' : roll < SHARE_IMPROVED + SHARE_STILL_HIGH ? 'still_high' : 'waiting';
      const retakeAt = new Date(Math.min(raised.getTime() + (28 + random() * 70) * DAY, now.getTime() - DAY));
      const template = outcome === 'waiting' ? undefined : templateFor(owner.area, outcome === 'improved');
      if (template) {
        const result = parsed(template.result);
        retakes.push({
          user_id: owner.user_id,
          client_id: client.id,
          area: owner.area,
          language: 'en',
          questionnaire_version: template.questionnaire_version,
          answers: JSON.stringify(template.answers),
          status: 'submitted',
          sections_done: '[]',
          started_at: new Date(retakeAt.getTime() - 900_000),
          updated_at: retakeAt,
          submitted_at: retakeAt,
          result: JSON.stringify(result),
          report_token: randomBytes(24).toString('base64url'),
          report_status: 'Finalized',
          overall_score: template.overall_score,
          risk_band: template.risk_band,
          finding_ids: template.finding_ids,
          body_scores: JSON.stringify(template.body_scores ?? {}),
        });
      }
      const still = new Set(template ? (parsed(template.result)?.findings ?? []).map((f) => f.id) : []);
      if (template && outcome === 'improved')
        movers.push({ userId: owner.user_id, findingIds: findings.map((f) => f.id).filter((f) => !still.has(f)), raised, retakeAt });
      findings.slice(0, 3).forEach((finding, i) => {
        const state: ActionState = !template
          ? (['open', 'open', 'done', 'need_help'] as const)[Math.floor(random() * 4)]
          : outcome === 'improved' && !still.has(finding.id)
            ? 'verified'
            : (['done', 'need_help', 'not_possible', 'closed'] as const)[i % 4];
        const moved = state === 'open' ? raised : state === 'verified' ? retakeAt : new Date(raised.getTime() + (3 + i * 4) * DAY);
        actions.push({
          client_id: client.id,
          user_id: owner.user_id,
          finding_key: findingActionKey(owner.area, finding.id),
          source: 'self_assessment',
          attempt_id: owner.id,
          title: finding.title,
          detail: finding.recommendation,
          priority: finding.severity,
          state,
          due_at: new Date(raised.getTime() + DUE_DAYS[finding.severity] * DAY),
          note:
            state === 'need_help'
              ? 'I cannot adjust this myself; could someone help?'
              : state === 'not_possible'
                ? 'The desk I share has no room for it.'
                : null,
          close_reason: state === 'closed' ? 'Discussed with the employee; a new chair is in the next budget.' : null,
          created_at: raised,
          updated_at: moved,
        });
      });
    }
    for (let i = 0; i < retakes.length; i += 250)
      await db
        .insertInto('assessment_attempts')
        .values(retakes.slice(i, i + 250))
        .execute();
    for (let i = 0; i < actions.length; i += 500)
      await db
        .insertInto('corrective_actions')
        .values(actions.slice(i, i + 500))
        .onConflict((oc) => oc.doNothing())
        .execute();
    await seedMoverEquipment(db, client.id, movers, random);
  }
}
