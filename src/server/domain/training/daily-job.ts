import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobHandler } from '../../jobs/job-runner';
import { enqueueMail } from '../../mail/outbox-worker';
import { renderStored } from '../../mail/templates';
import { TRAINING_REMINDERS } from '../../../shared/training/rules';
import { allCourses } from '../../../shared/training/localize';
import { href } from '../../../../generated/routes';
import { enrolMatching } from './enrol';

export const TRAINING_DAILY_JOB = 'training-daily';
const DAY_MS = 86_400_000;

/**
 * Makes sure the daily training run is scheduled (one pending job, key `training-daily`); an existing
 * one keeps its time. Called when an assignment is saved and by the demo seed.
 */
export async function ensureTrainingDailyJob(db: Kysely<Database> | Transaction<Database>, runAt: Date, origin: string): Promise<void> {
  await sql`
    INSERT INTO scheduled_jobs (kind, dedupe_key, payload, run_at)
    VALUES (${TRAINING_DAILY_JOB}, ${TRAINING_DAILY_JOB}, ${JSON.stringify({ origin })}::jsonb, ${runAt})
    ON CONFLICT (dedupe_key) WHERE status = 'pending' AND dedupe_key IS NOT NULL DO NOTHING`.execute(db);
}

/**
 * Overdue live enrolments due a reminder: counted by one conditional UPDATE (under the limit, not
 * reminded within the interval, the learner still active in the client), so a second run or a second
 * server sends nothing more; each counted one is e-mailed (template `training_reminder`).
 */
export async function remindOverdue(trx: Transaction<Database>, now: Date, origin: string): Promise<number> {
  const { rows } = await sql<{
    id: string;
    course_id: string;
    due_at: Date;
    user_id: number;
    email: string;
    first_name: string;
    language: string;
    company_name: string;
  }>`
    UPDATE training_enrolments e SET reminders_sent = e.reminders_sent + 1, last_reminded_at = ${now}
    FROM users u, clients c
    WHERE u.id = e.user_id AND c.id = e.client_id AND u.client_id = e.client_id AND u.status = 'active'
      AND e.state <> 'completed' AND e.due_at <= ${now} AND e.reminders_sent < ${TRAINING_REMINDERS.limit}
      AND (e.last_reminded_at IS NULL OR e.last_reminded_at <= ${now}::timestamptz - make_interval(days => ${TRAINING_REMINDERS.everyDays}))
    RETURNING e.id, e.course_id, e.due_at, e.user_id, u.email, u.first_name, u.language, c.company_name`.execute(trx);
  for (const row of rows) {
    const course = (await allCourses(row.language)).find((c) => c.id === row.course_id);
    const mail = await renderStored(trx, 'training_reminder', {
      first_name: row.first_name,
      course: course?.title ?? row.course_id,
      minutes: String(course?.minutes ?? ''),
      due_date: new Date(row.due_at).toISOString().slice(0, 10),
      company_name: row.company_name,
      link: `${origin}${href('training_course', { course: row.course_id })}`,
    });
    if (mail) await enqueueMail(trx, [{ to: row.email, subject: mail.subject, text: mail.text, userId: row.user_id }], now);
  }
  return rows.length;
}

/**
 * Once a day (docs/product.md "Training"): enrols the employees active assignments now match (new
 * starters, new accounts, a new latest self-assessment) and those whose retraining has fallen due,
 * reminds the overdue, and schedules the next run. The job runner's lease runs it on one server at a
 * time, and every write is itself safe to repeat (enrolMatching, remindOverdue).
 */
export const trainingDailyJob: JobHandler = {
  kind: TRAINING_DAILY_JOB,
  async run(ctx, trx, job) {
    const origin = String((job.payload as { origin?: string }).origin ?? ctx.config.publicUrl ?? '');
    const now = ctx.now();
    await enrolMatching(trx, now);
    await remindOverdue(trx, now, origin);
    await sql`
      INSERT INTO scheduled_jobs (kind, dedupe_key, payload, run_at)
      VALUES (${TRAINING_DAILY_JOB}, ${TRAINING_DAILY_JOB}, ${JSON.stringify({ origin })}::jsonb, ${new Date(now.getTime() + DAY_MS)})
      ON CONFLICT (dedupe_key) WHERE status = 'pending' AND dedupe_key IS NOT NULL DO NOTHING`.execute(trx);
  },
};
