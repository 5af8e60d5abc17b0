import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { ACTION_STATES } from '../../src/shared/actions/action-rules';

/**
 * The big seed's corrective actions (docs/product.md "Outcomes: the risk-reduction panel"): one
 * action from every fifth seeded self-assessment (200,000 of the default million), raised when it
 * was submitted and due 30 days later, in every state of manifest/workflows/action.yaml in turn. The
 * seeded employees take a self-assessment every two to three months over two years, so most actions
 * are followed by a retake, in the proportion the programme's demo shows (retakes are the attempts
 * that already follow each action). Called by one line of big-seed.ts.
 */
export async function seedBigActions(db: Kysely<Database>, clientIds: readonly number[], every = 5): Promise<void> {
  const states = sql.join(ACTION_STATES.map((s) => sql.lit(s)));
  await sql`
    INSERT INTO corrective_actions (client_id, user_id, finding_key, source, attempt_id, title, priority, state, due_at, created_at, updated_at)
    SELECT a.client_id, a.user_id, a.area || ':' || coalesce(a.finding_ids[1], 'none') || ':' || a.id, 'self_assessment', a.id,
      'Raise the screen to eye height', coalesce(a.risk_band, 'moderate'),
      (ARRAY[${states}])[1 + (a.id % ${ACTION_STATES.length})], a.submitted_at + interval '30 days', a.submitted_at, a.submitted_at
    FROM assessment_attempts a
    WHERE a.client_id = ANY(${sql.val([...clientIds])}::int[]) AND a.status = 'submitted' AND a.id % ${every} = 0`.execute(db);
  await sql`VACUUM ANALYZE corrective_actions`.execute(db);
}
