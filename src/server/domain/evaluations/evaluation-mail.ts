import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueMail, type QueuedMail } from '../../mail/outbox-worker';
import { renderStored } from '../../mail/templates';
import type { BuiltInTemplate } from '../../../shared/mail/built-in-templates';

export interface MailRecipient {
  readonly id: number;
  readonly email: string;
  readonly first_name: string;
}

/**
 * Queues one evaluation e-mail per recipient from a stored template (migration 018; editable in the
 * admin center), inside the caller's transaction so mail goes out only if the change commits. The
 * outbox worker delivers it with retries (src/server/mail/outbox-worker.ts).
 */
export async function queueEvaluationMail(
  db: Kysely<Database> | Transaction<Database>,
  template: BuiltInTemplate,
  recipients: readonly MailRecipient[],
  variables: Readonly<Record<string, string>>,
  now: Date,
  attachments: QueuedMail['attachments'] = [],
): Promise<number> {
  const mails: QueuedMail[] = [];
  for (const person of recipients) {
    const mail = await renderStored(db, template, { ...variables, first_name: person.first_name });
    if (!mail) continue;
    mails.push({ to: person.email, subject: mail.subject, text: mail.text, userId: person.id, attachments });
  }
  if (mails.length) await enqueueMail(db, mails, now);
  return mails.length;
}
