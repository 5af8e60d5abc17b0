import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { scheduleJob } from '../../jobs/job-store';
import type { JobHandler } from '../../jobs/job-runner';
import { audit } from '../../audit/audit';
import { mailEquipmentStep } from './equipment-mail';

export const OVERDUE_LOAN_JOB = 'equipment-overdue-loan';
const keyOf = (requestId: number) => `${OVERDUE_LOAN_JOB}:${requestId}`;

/** The reminder of a new loan, due when the loan is (one pending job per loan). */
export async function scheduleOverdueLoanReminder(
  trx: Transaction<Database>,
  requestId: number,
  dueAt: Date,
  origin: string,
): Promise<void> {
  await scheduleJob(trx, { kind: OVERDUE_LOAN_JOB, dedupeKey: keyOf(requestId), runAt: dueAt, payload: { request_id: requestId, origin } });
}

/**
 * docs/product.md "Equipment": a loan not returned by its date is reminded to its employee once
 * (template `equipment_loan_overdue`, migration 041). The job claims the reminder with one conditional
 * update that sets overdue_reminded_at only on a loan still out, overdue and not yet reminded: a second
 * job for the same loan, a parallel run or a second server finds nothing to claim and sends nothing.
 */
export const overdueLoanJob: JobHandler = {
  kind: OVERDUE_LOAN_JOB,
  async run(ctx, trx, job) {
    const p = job.payload as { request_id: number; origin: string };
    const now = ctx.now();
    const claimed = await sql<{ id: number; client_id: number; user_id: number }>`
      UPDATE equipment_requests SET overdue_reminded_at = ${now}
      WHERE id = ${p.request_id} AND state = 'loaned' AND loan_due_at <= ${now} AND overdue_reminded_at IS NULL
      RETURNING id, client_id, user_id`.execute(trx);
    const row = claimed.rows[0];
    if (!row) return;
    await mailEquipmentStep(trx, row.id, 'equipment_loan_overdue', p.origin, now);
    await audit(
      trx,
      {
        actorId: null,
        actorEmail: null,
        clientId: row.client_id,
        action: 'equipment.loan_overdue_reminded',
        target: `equipment_request:${row.id}`,
        details: {},
      },
      now,
    );
  },
};

export { keyOf as overdueLoanJobKey };
