import type { Insertable, Kysely } from 'kysely';
import { newCertificateCode } from '../domain/training/certificate-code';
import { courseById } from '../../shared/training/localize';
import type { Database } from './schema';
import type { TrainingEnrolmentsTable } from './training-schema';
import { seededRandom } from './demo-random';

/**
 * Demo training (docs/product.md "Training: the programme manager's figures") for `npm start`: each
 * demo client assigns the display-screen course to everyone and working-from-home to those who work
 * from home, and its employees were enrolled over the last two years. Most enrolled long ago have
 * completed (about one in five after failing a module's quiz once), some never started or stopped
 * halfway and are overdue; the recent ones are spread between not started, in progress and completed.
 * Deterministic for a given database and `now`.
 */
const DAY = 86_400_000;
const DUE_DAYS = 30;
const SHARE_FIRST_TRY = 0.8;
const COURSES = [
  { id: 'display-screen', share: 1, audience: 'everyone', value: null },
  { id: 'working-from-home', share: 0.45, audience: 'work_area', value: 'home' },
] as const;

export async function seedDemoTraining(db: Kysely<Database>, now = new Date()): Promise<void> {
  const random = seededRandom(20261127);
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirst();
  if (!role) return;
  const clients = await db.selectFrom('clients').select('id').orderBy('id').execute();
  for (const { id: courseId, share, audience, value } of COURSES) {
    const course = await courseById(courseId);
    if (!course) continue;
    for (const client of clients) {
      const assignment = await db
        .insertInto('training_assignments')
        .values({ client_id: client.id, course_id: courseId, audience, audience_value: value, due_days: DUE_DAYS, retrain_months: 24 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const people = await db
        .selectFrom('users')
        .select('id')
        .where('client_id', '=', client.id)
        .where('role_id', '=', role.id)
        .orderBy('id')
        .execute();
      const quizzes: { enrolment: number; module: string; at: Date; passed: boolean }[] = [];
      for (const person of people) {
        if (random() >= share) continue;
        // About one in seven enrolled in the last four weeks (new starters, retraining): still within their due date.
        const days = random() < 0.15 ? Math.floor(random() * 28) : Math.floor(random() * 730);
        const created = new Date(now.getTime() - days * DAY - Math.floor(random() * DAY));
        const due = new Date(created.getTime() + DUE_DAYS * DAY);
        const pastDue = due < now;
        const roll = random();
        // Long past due: 80 % completed, the rest never started or stopped halfway; recent: a third each.
        const state = pastDue
          ? roll < 0.8
            ? 'completed'
            : roll < 0.9
              ? 'assigned'
              : 'in_progress'
          : roll < 0.33
            ? 'assigned'
            : roll < 0.66
              ? 'in_progress'
              : 'completed';
        const started = state === 'assigned' ? null : new Date(created.getTime() + Math.floor(random() * 10) * DAY + 3_600_000);
        const completed =
          state === 'completed' && started
            ? new Date(Math.min(now.getTime() - 60_000, started.getTime() + Math.floor(random() * 20) * DAY + 7_200_000))
            : null;
        const modules =
          state === 'completed'
            ? course.modules
            : state === 'in_progress'
              ? course.modules.slice(0, Math.floor(random() * course.modules.length))
              : [];
        const scores = modules.map(() => 80 + Math.floor(random() * 3) * 10);
        const row: Insertable<TrainingEnrolmentsTable> = {
          client_id: client.id,
          user_id: person.id,
          course_id: courseId,
          assignment_id: assignment.id,
          state,
          due_at: due,
          started_at: started,
          completed_at: completed,
          score: completed ? Math.round(scores.reduce((s, v) => s + v, 0) / Math.max(1, scores.length)) : null,
          certificate_code: completed ? newCertificateCode() : null,
          retrain_due_at: completed ? new Date(completed.getTime() + 730 * DAY) : null,
          created_at: created,
          updated_at: completed ?? started ?? created,
        };
        const { id } = await db.insertInto('training_enrolments').values(row).returning('id').executeTakeFirstOrThrow();
        modules.forEach((m, i) => {
          const at = new Date((started ?? created).getTime() + (i + 1) * 3_600_000);
          if (random() >= SHARE_FIRST_TRY) quizzes.push({ enrolment: Number(id), module: m.id, at, passed: false });
          quizzes.push({ enrolment: Number(id), module: m.id, at: new Date(at.getTime() + 600_000), passed: true });
        });
      }
      for (let i = 0; i < quizzes.length; i += 500)
        await db
          .insertInto('training_quiz_attempts')
          .values(
            quizzes.slice(i, i + 500).map((q) => ({
              enrolment_id: q.enrolment,
              module_id: q.module,
              answers: '{}',
              score: q.passed ? 100 : 40,
              passed: q.passed,
              created_at: q.at,
            })),
          )
          .execute();
    }
  }
}
