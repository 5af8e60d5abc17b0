import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { EquipmentState, EquipmentTransitionName } from '../../../../generated/workflows';
import { equipmentTransition } from '../../../shared/equipment/equipment-rules';

/** Thrown inside a step's transaction to undo it: a loan with none left in stock. */
export class NoStockLeft extends Error {}

export interface Moved {
  id: number;
  client_id: number;
  state: EquipmentState;
  updated_at: Date;
  loan_due_at: Date | null;
}

/**
 * One step of a request (manifest/workflows/equipment.yaml) as one conditional UPDATE … WHERE state IN
 * (from) RETURNING, inside the given clients: of two people moving the same request at once, one wins
 * and the other finds nothing (the caller answers 409), never both. Ordering is for bought items and
 * lending for loaned ones. Lending takes the quantity from the item's stock and returning puts it back
 * in the same statement; a loan that finds too little stock throws NoStockLeft, so the transaction
 * undoes it and the stock never goes below zero, however many loans run in parallel.
 */
export async function moveRequest(
  trx: Transaction<Database>,
  m: { id: number; clientIds: readonly number[]; transition: EquipmentTransitionName; actorId: number; now: Date; reason?: string },
): Promise<Moved | null> {
  const t = equipmentTransition(m.transition);
  if (m.clientIds.length === 0) return null;
  const base = sql`r.id = ${m.id} AND r.client_id IN (${sql.join([...m.clientIds])}) AND r.state IN (${sql.join([...t.from])})`;
  const returning = sql`RETURNING r.id, r.client_id, r.state, r.updated_at, r.loan_due_at`;
  switch (m.transition) {
    case 'approve':
    case 'decline': {
      const rows = await sql<Moved>`
        UPDATE equipment_requests r SET state = ${t.to}, decided_by = ${m.actorId}, decided_at = ${m.now},
          decline_reason = ${m.transition === 'decline' ? (m.reason ?? null) : null}, updated_at = ${m.now}
        WHERE ${base} ${returning}`.execute(trx);
      return rows.rows[0] ?? null;
    }
    case 'order':
    case 'deliver': {
      const stamp = m.transition === 'order' ? sql`ordered_at = ${m.now}` : sql`delivered_at = ${m.now}`;
      const rows = await sql<Moved>`
        UPDATE equipment_requests r SET state = ${t.to}, ${stamp}, fulfilled_by = ${m.actorId}, updated_at = ${m.now}
        WHERE ${base} AND r.mode = 'bought' ${returning}`.execute(trx);
      return rows.rows[0] ?? null;
    }
    case 'lend': {
      const rows = await sql<Moved & { taken: number | null }>`
        WITH claimed AS (
          UPDATE equipment_requests r SET state = ${t.to}, loaned_at = ${m.now},
            loan_due_at = ${m.now}::timestamptz + make_interval(days => i.loan_days), fulfilled_by = ${m.actorId}, updated_at = ${m.now}
          FROM equipment_items i
          WHERE ${base} AND r.mode = 'loaned' AND i.id = r.item_id
          ${returning}, r.item_id, r.quantity
        ), taken AS (
          UPDATE equipment_items i SET stock = i.stock - c.quantity, updated_at = ${m.now}
          FROM claimed c WHERE i.id = c.item_id AND i.stock >= c.quantity
          RETURNING i.id
        )
        SELECT c.id, c.client_id, c.state, c.updated_at, c.loan_due_at, (SELECT count(*) FROM taken)::int AS taken FROM claimed c`.execute(
        trx,
      );
      const row = rows.rows[0];
      if (!row) return null;
      if (!row.taken) throw new NoStockLeft();
      return row;
    }
    case 'take_back': {
      const rows = await sql<Moved>`
        WITH claimed AS (
          UPDATE equipment_requests r SET state = ${t.to}, returned_at = ${m.now}, fulfilled_by = ${m.actorId}, updated_at = ${m.now}
          WHERE ${base} ${returning}, r.item_id, r.quantity
        ), back AS (
          UPDATE equipment_items i SET stock = i.stock + c.quantity, updated_at = ${m.now} FROM claimed c WHERE i.id = c.item_id RETURNING i.id
        )
        SELECT c.id, c.client_id, c.state, c.updated_at, c.loan_due_at FROM claimed c`.execute(trx);
      return rows.rows[0] ?? null;
    }
  }
}
