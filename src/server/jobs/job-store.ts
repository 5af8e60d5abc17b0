import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** A job to run at or after `runAt`. A `dedupeKey` keeps at most one pending job per key. */
export interface NewJob {
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  dedupeKey?: string;
}

/**
 * Schedules a job, inside the caller's transaction when given one (so it exists exactly when the
 * work that asked for it was committed). With a dedupe key, a pending job with the same key is
 * moved to the new time and payload instead of adding a second one.
 */
export async function scheduleJob(db: Kysely<Database> | Transaction<Database>, job: NewJob): Promise<void> {
  const payload = JSON.stringify(job.payload ?? {});
  if (!job.dedupeKey) {
    await db.insertInto('scheduled_jobs').values({ kind: job.kind, payload, run_at: job.runAt }).execute();
    return;
  }
  await sql`
    INSERT INTO scheduled_jobs (kind, dedupe_key, payload, run_at) VALUES (${job.kind}, ${job.dedupeKey}, ${payload}::jsonb, ${job.runAt})
    ON CONFLICT (dedupe_key) WHERE status = 'pending' AND dedupe_key IS NOT NULL
    DO UPDATE SET kind = EXCLUDED.kind, payload = EXCLUDED.payload, run_at = EXCLUDED.run_at, attempts = 0, last_error = NULL`.execute(db);
}

/** Removes the pending job with this key, if any (the work it was for no longer applies). */
export async function cancelJob(db: Kysely<Database> | Transaction<Database>, dedupeKey: string): Promise<void> {
  await db.deleteFrom('scheduled_jobs').where('dedupe_key', '=', dedupeKey).where('status', '=', 'pending').execute();
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  run_at: Date;
  attempts: number;
}

/**
 * Claims up to `limit` due jobs of the given kinds in one statement: pending ones whose time has
 * come, and running ones whose lease ran out (their process died). FOR UPDATE SKIP LOCKED lets several
 * servers claim at once without taking the same row; the lease keeps a claimed row from being claimed
 * again while it runs. Only kinds this process can run are claimed (during a rolling upgrade an older
 * server leaves a newer kind to the servers that know it).
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  now: Date,
  leaseMs: number,
  limit: number,
  kinds: readonly string[],
): Promise<ClaimedJob[]> {
  if (kinds.length === 0) return [];
  const rows = (
    await sql<ClaimedJob>`
    UPDATE scheduled_jobs SET status = 'running', attempts = attempts + 1, locked_until = ${new Date(now.getTime() + leaseMs)}
    WHERE id IN (
      SELECT id FROM scheduled_jobs
      WHERE kind IN (${sql.join(kinds)}) AND ((status = 'pending' AND run_at <= ${now}) OR (status = 'running' AND locked_until < ${now}))
      ORDER BY run_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, payload, run_at, attempts`.execute(db)
  ).rows;
  return rows.map((r) => ({
    ...r,
    id: String(r.id),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
  }));
}
