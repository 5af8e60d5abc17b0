import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { EvaluationsTable } from '../../db/evaluation-schema';

type Row = {
  [K in keyof EvaluationsTable]: EvaluationsTable[K] extends import('kysely').ColumnType<infer S, unknown, unknown>
    ? S
    : EvaluationsTable[K];
};

/** The content a version row keeps: what the author writes, never who or when. */
export function contentOf(row: Pick<Row, 'work_area' | 'observations' | 'rosa' | 'recommendations' | 'client_wording'>) {
  return {
    work_area: row.work_area,
    observations: row.observations,
    rosa: row.rosa,
    recommendations: row.recommendations,
    client_wording: row.client_wording,
  };
}

/** Keeps the content as it stands after a save or a move (evaluation_versions). */
export async function keepVersion(
  trx: Transaction<Database>,
  evaluationId: number,
  version: number,
  status: string,
  content: Record<string, unknown>,
  userId: number,
  at: Date,
): Promise<void> {
  await trx
    .insertInto('evaluation_versions')
    .values({ evaluation_id: evaluationId, version, status, content: JSON.stringify(content), saved_by: userId, saved_at: at })
    .execute();
}

/** Loads an evaluation row locked for the rest of the transaction, or undefined. */
export function lockEvaluation(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('evaluations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}
