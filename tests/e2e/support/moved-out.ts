import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/schema';

const DAY = 86_400_000;

/**
 * `count` employees of a client who moved out of high risk after an action (docs/product.md
 * "Outcomes: the risk-reduction panel"), written straight into the database for a browser story that
 * needs a group of at least five: each has a high-risk Office self-assessment 30 days ago, its action
 * raised then and verified, and a low-risk retake 10 days ago. No equipment: they add nobody's cost.
 */
export async function othersMovedOut(db: Kysely<Database>, clientId: number, count: number, now = new Date()): Promise<void> {
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  const tag = randomBytes(3).toString('hex');
  const before = new Date(now.getTime() - 30 * DAY);
  const after = new Date(now.getTime() - 10 * DAY);
  const attempt = (
    userId: number,
    at: Date,
    band: 'high' | 'low',
    score: number,
    findings: string[],
  ): Insertable<Database['assessment_attempts']> => ({
    user_id: userId,
    client_id: clientId,
    area: 'office',
    language: 'en',
    questionnaire_version: 1,
    answers: '{}',
    sections_done: '[]',
    status: 'submitted',
    started_at: new Date(at.getTime() - 900_000),
    submitted_at: at,
    updated_at: at,
    result: JSON.stringify({ overall: { score, max: 10, band }, findings: [], bodyMap: [] }),
    report_token: randomBytes(18).toString('base64url'),
    report_status: 'Finalized',
    overall_score: score,
    risk_band: band,
    finding_ids: findings,
    body_scores: '{}',
  });
  for (let i = 0; i < count; i += 1) {
    const user = await db
      .insertInto('users')
      .values({
        first_name: `Sam${i}`,
        last_name: `Mover${tag}`,
        email: `sam${i}.${tag}@moved.example`,
        password_hash: null,
        client_id: clientId,
        role_id: role.id,
        region: 'Europe',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await db
      .insertInto('assessment_attempts')
      .values(attempt(user.id, before, 'high', 8, ['chair.not_adjustable']))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('assessment_attempts')
      .values(attempt(user.id, after, 'low', 2, []))
      .execute();
    await db
      .insertInto('corrective_actions')
      .values({
        client_id: clientId,
        user_id: user.id,
        finding_key: 'office:chair.not_adjustable',
        source: 'self_assessment',
        attempt_id: first.id,
        title: 'Use a chair that adjusts',
        priority: 'high',
        state: 'verified',
        due_at: new Date(before.getTime() + 14 * DAY),
        created_at: before,
        updated_at: after,
      })
      .execute();
  }
}
