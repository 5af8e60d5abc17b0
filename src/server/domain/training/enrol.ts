import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Permission } from '../../../../generated/permissions';

type Db = Kysely<Database> | Transaction<Database>;

/** The permission that makes an account a learner (manifest/permissions.yaml): only they are enrolled. */
export const LEARNER_PERMISSION: Permission = 'training-view';

export interface EnrolScope {
  /** Only this assignment's matches (saving it); else every active assignment (the daily job). */
  readonly assignmentId?: number;
}

/**
 * Enrols every active employee an active assignment matches and who has no live enrolment in the
 * course (docs/product.md "Training"): everyone in the client, a region, a work area (the area of
 * their latest self-assessment), or new starters (accounts created within the assignment's days).
 * Someone whose latest completion of the course is not yet due for retraining is left out; one whose
 * retraining has fallen due is enrolled again, so the same statement both enrols new matches and
 * starts retraining.
 *
 * One INSERT … SELECT … ON CONFLICT DO NOTHING on the live unique index (migration 036): saves and
 * daily runs racing each other, on one server or several, never enrol anyone twice. Where two
 * assignments of a client name the same course, the mandatory one with the shortest due period wins.
 * Returns the new enrolments' ids.
 */
export async function enrolMatching(db: Db, now: Date, scope: EnrolScope = {}): Promise<string[]> {
  const result = await sql<{ id: string }>`
    INSERT INTO training_enrolments (client_id, user_id, course_id, assignment_id, mandatory, due_at, created_at, updated_at)
    SELECT DISTINCT ON (u.id, a.course_id)
      a.client_id, u.id, a.course_id, a.id, a.mandatory, ${now}::timestamptz + make_interval(days => a.due_days), ${now}, ${now}
    FROM training_assignments a
    JOIN users u ON u.client_id = a.client_id AND u.status = 'active'
    WHERE a.active
      ${scope.assignmentId === undefined ? sql`` : sql`AND a.id = ${scope.assignmentId}`}
      AND EXISTS (SELECT 1 FROM role_permissions rp WHERE rp.role_id = u.role_id AND rp.permission = ${LEARNER_PERMISSION})
      AND (
        a.audience = 'everyone'
        OR (a.audience = 'region' AND u.region = a.audience_value)
        OR (a.audience = 'new_starters' AND u.created_at >= ${now}::timestamptz - make_interval(days => a.new_starter_days))
        OR (a.audience = 'work_area' AND EXISTS (
          SELECT 1 FROM latest_self_assessments l JOIN assessment_attempts t ON t.id = l.attempt_id
          WHERE l.user_id = u.id AND l.client_id = a.client_id AND t.area = a.audience_value))
      )
      AND NOT EXISTS (
        SELECT 1 FROM training_enrolments e
        WHERE e.user_id = u.id AND e.course_id = a.course_id AND e.state = 'completed'
          AND (e.retrain_due_at IS NULL OR e.retrain_due_at > ${now})
          AND NOT EXISTS (SELECT 1 FROM training_enrolments later WHERE later.user_id = e.user_id AND later.course_id = e.course_id AND later.id > e.id)
      )
    ORDER BY u.id, a.course_id, a.mandatory DESC, a.due_days, a.id
    ON CONFLICT (user_id, course_id) WHERE state <> 'completed' DO NOTHING
    RETURNING id`.execute(db);
  return result.rows.map((r) => String(r.id));
}
