import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { cancelJob, scheduleJob } from '../../jobs/job-store';
import type { JobHandler } from '../../jobs/job-runner';
import { enqueueMail } from '../../mail/outbox-worker';
import { renderStored } from '../../mail/templates';
import { WORK_AREA_NAMES } from '../../../shared/assessment/offered-areas';
import type { WorkArea } from '../../../shared/assessment/types';

export const REMINDER_JOB = 'reassessment-reminder';
const DAY_MS = 24 * 3600 * 1000;

interface Submitted {
  userId: number;
  clientId: number;
  area: WorkArea;
  attemptId: string;
  origin: string;
}
const keyOf = (s: { userId: number; clientId: number; area: string }) => `${REMINDER_JOB}:${s.userId}:${s.clientId}:${s.area}`;

/**
 * After a submitted self-assessment: when the client asks for reassessment reminders (migration 016,
 * /admin/self_assesment), one reminder for this employee, client and area is due `reassessment_days`
 * later; a newer submission moves it (one pending job per key), and with the setting off none is kept.
 */
export async function scheduleReassessmentReminder(ctx: AppContext, trx: Transaction<Database>, submitted: Submitted): Promise<void> {
  const settings = await trx
    .selectFrom('client_assessment_settings')
    .select(['reassessment_days', 'reminder_enabled'])
    .where('client_id', '=', submitted.clientId)
    .executeTakeFirst();
  if (!settings?.reminder_enabled || !settings.reassessment_days) {
    await cancelJob(trx, keyOf(submitted));
    return;
  }
  await scheduleJob(trx, {
    kind: REMINDER_JOB,
    dedupeKey: keyOf(submitted),
    runAt: new Date(ctx.now().getTime() + settings.reassessment_days * DAY_MS),
    payload: {
      user_id: submitted.userId,
      client_id: submitted.clientId,
      area: submitted.area,
      attempt_id: submitted.attemptId,
      origin: submitted.origin,
    },
  });
}

/**
 * Sends the reminder through the mail outbox (template `reassessment_reminder`, seeded by migration
 * 016), unless by now the client turned reminders off, the account is disabled or left the client,
 * or a newer self-assessment of the same area was submitted (its own reminder is scheduled).
 */
export const reassessmentReminderJob: JobHandler = {
  kind: REMINDER_JOB,
  async run(ctx, trx, job) {
    const p = job.payload as { user_id: number; client_id: number; area: WorkArea; attempt_id: string; origin: string };
    const settings = await trx
      .selectFrom('client_assessment_settings')
      .select(['reassessment_days', 'reminder_enabled'])
      .where('client_id', '=', p.client_id)
      .executeTakeFirst();
    if (!settings?.reminder_enabled || !settings.reassessment_days) return;
    const user = await trx
      .selectFrom('users')
      .innerJoin('clients', 'clients.id', 'users.client_id')
      .select(['users.email', 'users.first_name', 'users.status', 'users.client_id', 'clients.company_name'])
      .where('users.id', '=', p.user_id)
      .executeTakeFirst();
    if (!user || user.status !== 'active' || user.client_id !== p.client_id) return;
    const newer = await trx
      .selectFrom('assessment_attempts')
      .select('id')
      .where('user_id', '=', p.user_id)
      .where('client_id', '=', p.client_id)
      .where('area', '=', p.area)
      .where('status', '=', 'submitted')
      .where('id', '>', p.attempt_id)
      .executeTakeFirst();
    if (newer) return;
    const mail = await renderStored(trx, 'reassessment_reminder', {
      first_name: user.first_name,
      company_name: user.company_name,
      area: WORK_AREA_NAMES[p.area] ?? p.area,
      days: String(settings.reassessment_days),
      link: `${p.origin}/user/self_assessment_signup`,
    });
    if (mail) await enqueueMail(trx, [{ to: user.email, subject: mail.subject, text: mail.text, userId: p.user_id }], ctx.now());
  },
};
