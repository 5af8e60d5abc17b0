import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { scheduleJob } from '../../jobs/job-store';
import type { JobHandler } from '../../jobs/job-runner';
import { enqueueMail } from '../../mail/outbox-worker';
import { renderStored } from '../../mail/templates';
import { REMINDER_DEFAULTS } from '../../../shared/actions/action-rules';
import { href } from '../../../../generated/routes';

export const ACTION_REMINDER_JOB = 'action-reminder';
const DAY_MS = 86_400_000;
const keyOf = (actionId: number) => `${ACTION_REMINDER_JOB}:${actionId}`;

/** The first reminder of a new action, due when the action is (one pending job per action). */
export async function scheduleActionReminder(trx: Transaction<Database>, actionId: number, dueAt: Date, origin: string): Promise<void> {
  await scheduleJob(trx, { kind: ACTION_REMINDER_JOB, dedupeKey: keyOf(actionId), runAt: dueAt, payload: { action_id: actionId, origin } });
}

/**
 * SPEC §1 "from finding to fixed": the owner of an overdue open action is e-mailed (template
 * `action_reminder`, migration 033), then again every `action_reminder_days` while it stays open, at
 * most `action_reminder_limit` times (the client's settings, else REMINDER_DEFAULTS). One conditional
 * update counts the reminder: only an action still open, overdue, under the limit, not reminded within
 * the interval, whose owner is active in its client, is counted, so a second job for the same action
 * (or a second server) sends nothing. An action moved on, or a disabled owner, ends the reminders.
 */
export const actionReminderJob: JobHandler = {
  kind: ACTION_REMINDER_JOB,
  async run(ctx, trx, job) {
    const p = job.payload as { action_id: number; origin: string };
    const now = ctx.now();
    const counted = await sql<{
      id: number;
      title: string;
      due_at: Date;
      reminders_sent: number;
      every_days: number;
      reminder_limit: number;
      email: string;
      first_name: string;
      company_name: string;
      user_id: number;
    }>`
      WITH settings AS (
        SELECT a.id,
               COALESCE(s.action_reminder_days, ${REMINDER_DEFAULTS.everyDays}) AS every_days,
               COALESCE(s.action_reminder_limit, ${REMINDER_DEFAULTS.limit}) AS reminder_limit
        FROM corrective_actions a LEFT JOIN client_assessment_settings s ON s.client_id = a.client_id
        WHERE a.id = ${p.action_id}
      )
      UPDATE corrective_actions a SET reminders_sent = a.reminders_sent + 1, last_reminded_at = ${now}
      FROM settings s, users u, clients c
      WHERE a.id = s.id AND u.id = a.user_id AND c.id = a.client_id
        AND a.state = 'open' AND a.due_at <= ${now} AND a.reminders_sent < s.reminder_limit
        AND (a.last_reminded_at IS NULL OR a.last_reminded_at <= ${now}::timestamptz - make_interval(days => s.every_days))
        AND u.status = 'active' AND u.client_id = a.client_id
      RETURNING a.id, a.title, a.due_at, a.reminders_sent, s.every_days, s.reminder_limit, u.email, u.first_name, c.company_name, u.id AS user_id`.execute(
      trx,
    );
    const row = counted.rows[0];
    if (!row) return;
    const mail = await renderStored(trx, 'action_reminder', {
      first_name: row.first_name,
      title: row.title,
      due_date: new Date(row.due_at).toISOString().slice(0, 10),
      company_name: row.company_name,
      link: `${p.origin}${href('my_actions')}`,
    });
    if (mail) await enqueueMail(trx, [{ to: row.email, subject: mail.subject, text: mail.text, userId: row.user_id }], now);
    if (Number(row.reminders_sent) < Number(row.reminder_limit))
      await scheduleJob(trx, {
        kind: ACTION_REMINDER_JOB,
        dedupeKey: keyOf(row.id),
        runAt: new Date(now.getTime() + Number(row.every_days) * DAY_MS),
        payload: { action_id: row.id, origin: p.origin },
      });
  },
};
