import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox-worker';
import { renderStored } from '../../mail/templates';
import { PROGRAMME_MANAGER_PERMISSION } from '../../policies/client-scope';
import { href } from '../../../../generated/routes';

/**
 * A worrying answer to a key question, when the client asked to be told (clients.training_notify_manager):
 * the client's programme managers are e-mailed that this employee asked for help, with the course and
 * the date, and nothing of the question or the answer (docs/product.md "Training", privacy). The
 * mail is queued in the transaction that records the answer, so it is sent once, with the answer.
 * Returns whether anyone was told.
 */
export async function tellManagers(
  trx: Transaction<Database>,
  learner: { userId: number; clientId: number },
  courseTitle: string,
  origin: string,
  now: Date,
): Promise<boolean> {
  const client = await trx.selectFrom('clients').select('training_notify_manager').where('id', '=', learner.clientId).executeTakeFirst();
  if (!client?.training_notify_manager) return false;
  const employee = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', learner.userId)
    .executeTakeFirstOrThrow();
  const managers = await trx
    .selectFrom('users as u')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'u.role_id')
    .select(['u.id', 'u.email', 'u.first_name'])
    .where('u.client_id', '=', learner.clientId)
    .where('u.status', '=', 'active')
    .where('u.id', '<>', learner.userId)
    .where('rp.permission', '=', PROGRAMME_MANAGER_PERMISSION)
    .execute();
  const mails = [];
  for (const m of managers) {
    const mail = await renderStored(trx, 'training_help_requested', {
      first_name: m.first_name,
      employee: `${employee.first_name} ${employee.last_name} (${employee.email})`,
      course: courseTitle,
      date: now.toISOString().slice(0, 10),
      link: `${origin}${href('program_overview')}`,
    });
    if (mail) mails.push({ to: m.email, subject: mail.subject, text: mail.text, userId: m.id });
  }
  if (mails.length) await enqueueMail(trx, mails, now);
  return mails.length > 0;
}
