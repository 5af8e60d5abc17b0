import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox-worker';
import { renderStored } from '../../mail/templates';
import type { BuiltInTemplate } from '../../../shared/mail/built-in-templates';
import { href } from '../../../../generated/routes';

/**
 * The e-mail of one step of a request to its employee (docs/product.md "Equipment": every step is
 * e-mailed), written to the outbox in the transaction of the step, so it goes out exactly when the
 * step is committed. The item is named in the employee's language, English when the catalogue has no
 * words in it.
 */
export async function mailEquipmentStep(
  trx: Transaction<Database>,
  requestId: number,
  template: BuiltInTemplate,
  origin: string,
  now: Date,
  extra: { reason?: string } = {},
): Promise<void> {
  const row = (
    await sql<{ email: string; first_name: string; user_id: number; company_name: string; item: string; loan_due_at: Date | null }>`
      SELECT u.email, u.first_name, u.id AS user_id, c.company_name, r.loan_due_at,
             COALESCE(t.name, en.name) AS item
      FROM equipment_requests r
      JOIN users u ON u.id = r.user_id
      JOIN clients c ON c.id = r.client_id
      JOIN equipment_item_texts en ON en.item_id = r.item_id AND en.language = 'en'
      LEFT JOIN equipment_item_texts t ON t.item_id = r.item_id AND t.language = u.language
      WHERE r.id = ${requestId}`.execute(trx)
  ).rows[0];
  if (!row) return;
  const mail = await renderStored(trx, template, {
    first_name: row.first_name,
    item: row.item,
    company_name: row.company_name,
    reason: extra.reason ?? '',
    due_date: row.loan_due_at ? new Date(row.loan_due_at).toISOString().slice(0, 10) : '',
    link: `${origin}${href('my_equipment')}`,
  });
  if (mail) await enqueueMail(trx, [{ to: row.email, subject: mail.subject, text: mail.text, userId: row.user_id }], now);
}
