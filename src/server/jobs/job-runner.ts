import type { Transaction, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { claimDueJobs, type ClaimedJob } from './job-store';

/**
 * What runs a kind of job. `run` gets a transaction: whatever it writes (an e-mail queued in the
 * outbox, a row updated) commits together with the job being marked done, so a job's effects
 * happen once even if the process stops half-way (the lease then hands the job to another run).
 */
export interface JobHandler {
  readonly kind: string;
  run(ctx: AppContext, trx: Transaction<Database>, job: ClaimedJob): Promise<void>;
}

export const LEASE_MS = 2 * 60_000;
export const MAX_ATTEMPTS = 5;
/** 1, 2, 4, 8 minutes between attempts of a failing job. */
export const retryDelayMs = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 3_600_000);

/** Another run claimed the job after this run's lease ran out: this run's work is undone. */
class LeaseLost extends Error {}

type JobUpdate = UpdateQueryBuilder<Database, 'scheduled_jobs', 'scheduled_jobs', UpdateResult>;

/** The job's row as long as it is still this claim's (each claim raises `attempts`). */
function ownClaim(query: JobUpdate, job: ClaimedJob): JobUpdate {
  return query.where('id', '=', job.id).where('status', '=', 'running').where('attempts', '=', job.attempts);
}

/** Claims the due jobs and runs each once; returns how many were claimed. */
export async function runDueJobs(ctx: AppContext, handlers: readonly JobHandler[], limit = 20): Promise<number> {
  const claimed = await claimDueJobs(
    ctx.db,
    ctx.now(),
    LEASE_MS,
    limit,
    handlers.map((h) => h.kind),
  );
  for (const job of claimed) {
    const handler = handlers.find((h) => h.kind === job.kind)!;
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await handler.run(ctx, trx, job);
        // Done only while this claim still holds the job: a run that outlived its lease (a stalled
        // process) finds the job claimed again by another run and rolls its own effects back.
        const marked = await ownClaim(
          trx.updateTable('scheduled_jobs').set({ status: 'done', finished_at: ctx.now(), locked_until: null, last_error: null }),
          job,
        ).executeTakeFirst();
        if (marked.numUpdatedRows === 0n) throw new LeaseLost();
      });
    } catch (error) {
      if (error instanceof LeaseLost) continue;
      const final = job.attempts >= MAX_ATTEMPTS;
      await ownClaim(
        ctx.db.updateTable('scheduled_jobs').set({
          status: final ? 'failed' : 'pending',
          locked_until: null,
          last_error: ((error as Error).message || 'Job failed').slice(0, 500),
          ...(final ? { finished_at: ctx.now() } : { run_at: new Date(ctx.now().getTime() + retryDelayMs(job.attempts)) }),
        }),
        job,
      ).execute();
    }
  }
  return claimed.length;
}

/**
 * Runs due jobs every `intervalMs` (and once at start) in this process. Every server of a scale-out
 * may run it: the claim decides which one runs each job. On PGlite the one process owns it.
 */
export function startJobRunner(ctx: AppContext, handlers: readonly JobHandler[], intervalMs = 15_000): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await runDueJobs(ctx, handlers)) > 0) {
          /* drain what is due */
        }
      } catch {
        /* the next tick retries */
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  setImmediate(tick);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
