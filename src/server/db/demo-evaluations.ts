import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The demo evaluators; both serve every demo client (README "Demo accounts"). */
export const DEMO_EVALUATORS = ['evaluator@ergoportal.example', 'evaluator2@ergoportal.example'];

/**
 * Demo evaluation data: both evaluators assigned to every demo client by the super admin, so the
 * evaluator dashboard and its queue have something to show from the first start.
 */
export async function seedEvaluations(db: Kysely<Database>): Promise<void> {
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'superadmin@ergoportal.example').executeTakeFirst();
  const evaluators = await db.selectFrom('users').select('id').where('email', 'in', DEMO_EVALUATORS).execute();
  const clients = await db.selectFrom('clients').select('id').execute();
  const rows = evaluators.flatMap((e) => clients.map((c) => ({ user_id: e.id, client_id: c.id, assigned_by: admin?.id ?? null })));
  if (rows.length) await db.insertInto('staff_client_assignments').values(rows).execute();
}
