import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { scheduleJob } from '../../jobs/job-store';
import type { JobHandler } from '../../jobs/job-runner';
import { queueEvaluationMail } from './evaluation-mail';

/**
 * The follow-up after a finalized evaluation (SPEC §1, §2 /follow-up-feedback). When a report is
 * finalized, one job is scheduled `follow_up_days` later (client_assessment_settings, default 30).
 * When it comes due it creates the follow_ups row and e-mails the employee a link to answer; then,
 * while unanswered, a reminder every REMINDER_DAYS, at most MAX_REMINDERS: 4 e-mails in all over
 * three weeks, then it stops (a follow-up nobody answers stays unanswered on the programme pages).
 */
export const FOLLOW_UP_JOB = 'evaluation-follow-up';
export const REMINDER_DAYS = 7;
export const MAX_REMINDERS = 3;
const DAY_MS = 86_400_000;
export const followUpKey = (evaluationId: number) => `${FOLLOW_UP_JOB}:${evaluationId}`;

/** Schedules the follow-up of an evaluation finalized at `finalizedAt` (in the transaction that finalizes it). */
export async function scheduleFollowUp(
  trx: Transaction<Database>,
  e: { evaluationId: number; clientId: number; finalizedAt: Date; now: Date; origin: string },
): Promise<void> {
  const existing = await trx.selectFrom('follow_ups').select('id').where('evaluation_id', '=', e.evaluationId).executeTakeFirst();
  if (existing) return;
  const settings = await trx
    .selectFrom('client_assessment_settings')
    .select('follow_up_days')
    .where('client_id', '=', e.clientId)
    .executeTakeFirst();
  const days = settings?.follow_up_days ?? 30;
  // A report shown again after being hidden keeps its original date, but is never followed up in the past.
  const runAt = new Date(Math.max(e.finalizedAt.getTime() + days * DAY_MS, e.now.getTime()));
  await scheduleJob(trx, {
    kind: FOLLOW_UP_JOB,
    dedupeKey: followUpKey(e.evaluationId),
    runAt,
    payload: { evaluation_id: e.evaluationId, origin: e.origin },
  });
}

/**
 * Runs when the follow-up (or a reminder) is due. Re-checks at run time: nothing is sent for a report
 * no longer Finalized (hidden), an account disabled or moved to another client, or an answered follow-up.
 */
export const followUpJob: JobHandler = {
  kind: FOLLOW_UP_JOB,
  async run(ctx, trx, job) {
    const p = job.payload as { evaluation_id: number; origin: string };
    const now = ctx.now();
    const evaluation = await trx
      .selectFrom('evaluations as e')
      .innerJoin('users as u', 'u.id', 'e.employee_id')
      .innerJoin('clients as c', 'c.id', 'e.client_id')
      .select([
        'e.id',
        'e.status',
        'e.client_id',
        'e.employee_id',
        'u.email',
        'u.first_name',
        'u.status as user_status',
        'u.client_id as user_client_id',
        'c.company_name',
      ])
      .where('e.id', '=', p.evaluation_id)
      .executeTakeFirst();
    if (
      !evaluation ||
      evaluation.status !== 'finalized' ||
      evaluation.user_status !== 'active' ||
      evaluation.user_client_id !== evaluation.client_id
    )
      return;
    let row = await trx
      .selectFrom('follow_ups')
      .select(['id', 'reminders_sent', 'answered_at'])
      .where('evaluation_id', '=', evaluation.id)
      .forUpdate()
      .executeTakeFirst();
    const recipient = [{ id: evaluation.employee_id, email: evaluation.email, first_name: evaluation.first_name }];
    let remindersSent: number;
    if (!row) {
      row = await trx
        .insertInto('follow_ups')
        .values({
          evaluation_id: evaluation.id,
          client_id: evaluation.client_id,
          employee_id: evaluation.employee_id,
          due_at: now,
          created_at: now,
        })
        .returning(['id', 'reminders_sent', 'answered_at'])
        .executeTakeFirstOrThrow();
      const settings = await trx
        .selectFrom('client_assessment_settings')
        .select('follow_up_days')
        .where('client_id', '=', evaluation.client_id)
        .executeTakeFirst();
      await queueEvaluationMail(
        trx,
        'evaluation_follow_up',
        recipient,
        {
          company_name: evaluation.company_name,
          days: String(settings?.follow_up_days ?? 30),
          link: `${p.origin}/user/follow-up/${row.id}`,
        },
        now,
      );
      remindersSent = 0;
    } else {
      if (row.answered_at || row.reminders_sent >= MAX_REMINDERS) return;
      remindersSent = row.reminders_sent + 1;
      await trx.updateTable('follow_ups').set({ reminders_sent: remindersSent, last_reminder_at: now }).where('id', '=', row.id).execute();
      await queueEvaluationMail(
        trx,
        'evaluation_follow_up_reminder',
        recipient,
        {
          company_name: evaluation.company_name,
          link: `${p.origin}/user/follow-up/${row.id}`,
          reminder: String(remindersSent),
          reminders_max: String(MAX_REMINDERS),
        },
        now,
      );
    }
    if (remindersSent < MAX_REMINDERS) {
      await scheduleJob(trx, {
        kind: FOLLOW_UP_JOB,
        dedupeKey: followUpKey(evaluation.id),
        runAt: new Date(now.getTime() + REMINDER_DAYS * DAY_MS),
        payload: p,
      });
    }
  },
};
