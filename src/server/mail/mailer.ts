import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Mail goes through nodemailer over SMTP when SMTP_URL is set; otherwise it is kept in the
 * mail_outbox table, which an administrator can read (docs/architecture.md "Mail"). Either way the
 * message is recorded in the outbox with its delivery status.
 */
export function createMailer(db: Kysely<Database>, smtpUrl: string | undefined, from: string): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      const row = await db
        .insertInto('mail_outbox')
        .values({ to_address: mail.to, subject: mail.subject, body_text: mail.text })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await db.updateTable('mail_outbox').set({ status: 'sent', attempts: 1, sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (error) {
        await db
          .updateTable('mail_outbox')
          .set({ status: 'failed', attempts: 1, last_error: (error as Error).message.slice(0, 500) })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
