import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { AuditAction } from '../../shared/audit-actions';

/** One audit entry (ASVS V7.1: who, what, on what, from where, when in UTC). */
export interface AuditEntry {
  readonly actorId?: number | null;
  readonly actorEmail?: string | null;
  readonly clientId?: number | null;
  /** One of src/shared/audit-actions.ts, each worded in the audit log in every language. */
  readonly action: AuditAction;
  readonly target?: string;
  readonly address?: string;
  readonly details?: Record<string, unknown>;
}

export const GENESIS_HASH = '0'.repeat(64);

/**
 * JSON with object keys sorted at every level and undefined dropped: PostgreSQL's jsonb reorders keys,
 * so the hash must not depend on the order in which they were written.
 */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The canonical text a row's hash covers: the previous hash and every recorded field, in order. */
export function entryHash(
  prevHash: string,
  row: {
    occurred_at: Date;
    actor_id: number | null;
    actor_email: string | null;
    client_id: number | null;
    action: string;
    target: string;
    address: string;
    details: unknown;
  },
): string {
  const text = JSON.stringify([
    prevHash,
    row.occurred_at.toISOString(),
    row.actor_id,
    row.actor_email,
    row.client_id,
    row.action,
    row.target,
    row.address,
    canonical(row.details),
  ]);
  return createHash('sha256').update(text).digest('hex');
}

/** Where an audit entry is written: the database, or the transaction of the change it records. */
export type AuditTarget = Kysely<Database> | Transaction<Database>;

/**
 * Appends an entry to the hash chain. Given the transaction of the change it records, the entry is
 * written inside it, so the change and its entry commit together or not at all (ASVS V7.1.3, V7.3:
 * no unrecorded change); given the database (a sign-in, an export, a denial: nothing else is
 * written), it runs in a short transaction of its own. An advisory lock serialises writers so two
 * entries never chain onto the same predecessor, on PGlite and on PostgreSQL alike.
 */
export async function audit(db: AuditTarget, entry: AuditEntry, now: Date = new Date()): Promise<void> {
  if (db.isTransaction) return append(db, entry, now);
  await db.transaction().execute((trx) => append(trx, entry, now));
}

async function append(trx: Kysely<Database>, entry: AuditEntry, now: Date): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7301)`.execute(trx);
  const last = await trx.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const prevHash = last?.hash ?? GENESIS_HASH;
  // Round to milliseconds: the database keeps microseconds, the hash must match what is read back.
  const occurredAt = new Date(Math.floor(now.getTime()));
  const row = {
    occurred_at: occurredAt,
    actor_id: entry.actorId ?? null,
    actor_email: entry.actorEmail ?? null,
    client_id: entry.clientId ?? null,
    action: entry.action,
    target: entry.target ?? '',
    address: entry.address ?? '',
    details: canonical(entry.details ?? {}) as Record<string, unknown>,
  };
  await trx
    .insertInto('audit_log')
    .values({ ...row, details: JSON.stringify(row.details), prev_hash: prevHash, hash: entryHash(prevHash, row) })
    .execute();
}

/** Walks the chain in order; returns the id of the first entry that does not verify, or null. */
export async function verifyAuditChain(db: Kysely<Database>): Promise<{ ok: boolean; checked: number; firstBadId: string | null }> {
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
  let prev = GENESIS_HASH;
  for (const row of rows) {
    const expected = entryHash(prev, { ...row, occurred_at: new Date(row.occurred_at) });
    if (row.prev_hash !== prev || row.hash !== expected) return { ok: false, checked: rows.length, firstBadId: String(row.id) };
    prev = row.hash;
  }
  return { ok: true, checked: rows.length, firstBadId: null };
}
