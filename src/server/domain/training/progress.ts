import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { lessonRef } from '../../../shared/training/types';
import { recordSteps } from './events';

type Db = Kysely<Database> | Transaction<Database>;

export interface Learner {
  readonly userId: number;
  readonly clientId: number;
}

/** The caller's enrolment in a course to show: the live one, else the latest completed one. */
export async function learnerEnrolment(db: Db, learner: Learner, courseId: string) {
  return db
    .selectFrom('training_enrolments')
    .selectAll()
    .where('user_id', '=', learner.userId)
    .where('client_id', '=', learner.clientId)
    .where('course_id', '=', courseId)
    .orderBy(sql`CASE WHEN state = 'completed' THEN 1 ELSE 0 END`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The modules whose quiz the enrolment has passed, with each module's best score. */
export async function passedModules(db: Db, enrolmentId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('training_quiz_attempts')
    .select(['module_id', sql<number>`max(score)`.as('best')])
    .where('enrolment_id', '=', enrolmentId)
    .where('passed', '=', true)
    .groupBy('module_id')
    .execute();
  return new Map(rows.map((r) => [r.module_id, Number(r.best)]));
}

/**
 * The learner opened a lesson: it becomes their position and counts as read. The first lesson opened
 * starts the course (state in_progress, the `started` step). One UPDATE over the row locked first:
 * two tabs opening lessons at once each add their lesson and only one of them starts the course.
 * A completed enrolment is only read again, never changed. Undefined when there is no enrolment.
 */
export async function openLesson(
  trx: Transaction<Database>,
  learner: Learner,
  courseId: string,
  moduleId: string,
  lessonId: string,
  now: Date,
) {
  const ref = lessonRef(moduleId, lessonId);
  const moved = await sql<{
    id: string;
    client_id: number;
    user_id: number;
    course_id: string;
    before: string;
    lessons_done: string[];
    position: string;
  }>`
    UPDATE training_enrolments e SET
      position = ${ref},
      lessons_done = CASE WHEN ${ref} = ANY (e.lessons_done) THEN e.lessons_done ELSE array_append(e.lessons_done, ${ref}::text) END,
      state = CASE WHEN e.state = 'assigned' THEN 'in_progress' ELSE e.state END,
      started_at = COALESCE(e.started_at, ${now}),
      updated_at = ${now}
    FROM (SELECT id, state FROM training_enrolments
          WHERE user_id = ${learner.userId} AND client_id = ${learner.clientId} AND course_id = ${courseId} AND state <> 'completed'
          FOR UPDATE) old
    WHERE e.id = old.id AND e.state <> 'completed'
    RETURNING e.id, e.client_id, e.user_id, e.course_id, old.state AS before, e.lessons_done, e.position`.execute(trx);
  const row = moved.rows[0];
  if (!row) return undefined;
  if (row.before === 'assigned') await recordSteps(trx, { ...row, id: String(row.id) }, [{ verb: 'started' }], now);
  return { id: String(row.id), lessons_done: row.lessons_done, position: row.position };
}
