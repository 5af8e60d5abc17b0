import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { coded, codedRefusal, term } from '../../../shared/server-messages';
import { NOT_FOUND } from '../../policies/client-scope';

type Refused = { status: 404 | 409; message: string };
type Resumed = { id: number; status: string; version: number; resumed: true };

/**
 * Why a request could not be taken to start its evaluation (SPEC §1: one ergonomist per request),
 * read after the conditional UPDATE changed nothing. A colleague who has it is named, in a coded
 * message the page words in its reader's language; the caller's own report, written by a second
 * press of Start in another tab that lost the race to the first, is reopened instead.
 */
export async function startRefusal(db: Kysely<Database>, requestId: number, callerId: number): Promise<Refused | Resumed> {
  const row = await db
    .selectFrom('evaluation_requests as r')
    .leftJoin('evaluations as e', 'e.request_id', 'r.id')
    .leftJoin('users as booked', 'booked.id', 'r.evaluator_id')
    .leftJoin('users as author', 'author.id', 'e.evaluator_id')
    .select([
      'r.status',
      'r.evaluator_id',
      'booked.first_name as booked_first',
      'booked.last_name as booked_last',
      'e.id as evaluation_id',
      'e.status as evaluation_status',
      'e.version as evaluation_version',
      'e.evaluator_id as author_id',
      'author.first_name as author_first',
      'author.last_name as author_last',
    ])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  if (!row) return { status: 404, message: NOT_FOUND };
  if (row.evaluation_id !== null && row.author_id === callerId)
    return { id: row.evaluation_id, status: row.evaluation_status!, version: row.evaluation_version!, resumed: true };
  if (row.evaluation_id !== null)
    return codedRefusal(409, coded('request.started_by', { evaluator: `${row.author_first ?? ''} ${row.author_last ?? ''}`.trim() }));
  if (row.status === 'scheduled' && row.evaluator_id !== callerId)
    return codedRefusal(409, coded('request.taken', { evaluator: `${row.booked_first ?? ''} ${row.booked_last ?? ''}`.trim() }));
  return codedRefusal(409, coded('request.not_startable', { status: term('staff.request_status', row.status, row.status) }));
}
