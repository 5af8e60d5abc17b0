import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { openSecret } from '../../auth/secret-box';
import { putJson } from './lrs-network';
import { statementOf, type TrainingEventFacts } from './xapi-statement';

/**
 * Sends queued training steps to each client's Learning Record Store (docs/product.md "Training:
 * learning systems"), in the manner of the mail outbox (src/server/mail/outbox-worker.ts): each
 * tick claims due rows with one UPDATE … FOR UPDATE SKIP LOCKED under a lease, so any number of
 * processes on one PostgreSQL share the work and no row is claimed twice while its lease lives; a
 * live owner renews its lease, a dead one's rows come back when it runs out. A row is marked sent
 * only after the LRS accepted it; a resend after a lost reply carries the same statement id, which
 * the LRS stores once (xAPI 1.0.3 Part 3 §2.1.1: PUT with statementId).
 */
export const XAPI_MAX_ATTEMPTS = 10;
export const XAPI_LEASE_MS = 60_000;
const RENEW_MS = 20_000;
/** 30 s, 1, 2, 4 … minutes between attempts, at most an hour: ten attempts span about nine hours. */
export const xapiBackoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
/** How long one LRS request may take before it counts as failed. */
export const XAPI_TIMEOUT_MS = 10_000;

/** The product's address, under which course, module and question activity ids are made. */
export const productAddress = (ctx: AppContext) => ctx.config.publicUrl ?? 'https://ergoportal.invalid';

interface Claimed extends TrainingEventFacts {
  attempts: number;
  endpoint: string;
  auth_key: string;
  secret_encrypted: string | null;
}

/** Claims up to `limit` due statements for `owner` and tries each once; returns how many were tried. */
export async function deliverDueStatements(
  ctx: AppContext,
  owner: string,
  options: { limit?: number; timeoutMs?: number } = {},
): Promise<number> {
  const { limit = 20, timeoutMs = XAPI_TIMEOUT_MS } = options;
  const now = ctx.now();
  // Only rows of clients whose LRS is switched on: switching it off holds their statements.
  const claimed = (
    await sql<Claimed>`
    WITH picked AS (
      SELECT o.event_id FROM training_xapi_outbox o
      JOIN training_lrs_settings s ON s.client_id = o.client_id AND s.enabled
      WHERE (o.status = 'queued' AND o.next_attempt_at <= ${now}) OR (o.status = 'sending' AND o.locked_until < ${now})
      ORDER BY o.event_id LIMIT ${limit} FOR UPDATE OF o SKIP LOCKED),
    claimed AS (
      UPDATE training_xapi_outbox o SET status = 'sending', attempts = o.attempts + 1,
        locked_until = ${new Date(now.getTime() + XAPI_LEASE_MS)}, locked_by = ${owner}
      FROM picked WHERE o.event_id = picked.event_id
      RETURNING o.event_id, o.attempts, o.client_id)
    SELECT e.id, e.user_id, e.enrolment_id, e.course_id, e.module_id, e.question_id, e.verb, e.score, e.success,
      e.created_at, c.attempts, s.endpoint, s.auth_key, s.secret_encrypted
    FROM claimed c JOIN training_events e ON e.id = c.event_id JOIN training_lrs_settings s ON s.client_id = c.client_id
    ORDER BY e.id`.execute(ctx.db)
  ).rows;
  const base = productAddress(ctx);
  await Promise.all(
    claimed.map(async (row) => {
      try {
        const secret = row.secret_encrypted ? openSecret(ctx.secret, row.secret_encrypted) : '';
        if (secret === null) throw new Error('The LRS secret cannot be read: enter it again on the Learning systems page.');
        const statement = statementOf(row, base);
        const url = new URL('statements', row.endpoint.endsWith('/') ? row.endpoint : `${row.endpoint}/`);
        url.searchParams.set('statementId', statement.id);
        // The connection refuses an address in the server's own network (lrs-network.ts).
        const response = await putJson(
          url,
          {
            'content-type': 'application/json',
            'x-experience-api-version': '1.0.3',
            authorization: `Basic ${Buffer.from(`${row.auth_key}:${secret}`).toString('base64')}`,
          },
          JSON.stringify(statement),
          { timeoutMs, allowPrivate: ctx.config.lrsAllowPrivate },
        );
        // 204: stored; 409: the LRS already holds a statement with this id (an earlier attempt whose reply was lost).
        if (response.status !== 204 && response.status !== 200 && response.status !== 409)
          throw new Error(`The LRS answered ${response.status}`);
        await ctx.db
          .updateTable('training_xapi_outbox')
          .set({ status: 'sent', sent_at: ctx.now(), locked_until: null, locked_by: null, last_error: null })
          .where('event_id', '=', row.id)
          .where('locked_by', '=', owner)
          .execute();
      } catch (error) {
        const reason = (
          (error as Error).name === 'TimeoutError' ? 'The LRS did not answer in time' : (error as Error).message || 'Sending failed'
        ).slice(0, 500);
        const final = row.attempts >= XAPI_MAX_ATTEMPTS;
        await ctx.db
          .updateTable('training_xapi_outbox')
          .set({
            status: final ? 'failed' : 'queued',
            last_error: reason,
            locked_until: null,
            locked_by: null,
            next_attempt_at: final ? null : new Date(ctx.now().getTime() + xapiBackoffMs(row.attempts)),
          })
          .where('event_id', '=', row.id)
          .where('locked_by', '=', owner)
          .execute();
      }
    }),
  );
  return claimed.length;
}

/** Runs deliverDueStatements every `intervalMs` in this process, renewing its leases while it sends. */
export function startXapiWorker(ctx: AppContext, intervalMs = 2000): { stop(): Promise<void> } {
  const owner = randomUUID();
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await deliverDueStatements(ctx, owner)) > 0) {
          /* drain what is due */
        }
      } catch {
        /* the next tick retries */
      }
    })().finally(() => {
      running = null;
    });
  };
  const renew = () => {
    if (!running) return;
    ctx.db
      .updateTable('training_xapi_outbox')
      .set({ locked_until: new Date(ctx.now().getTime() + XAPI_LEASE_MS) })
      .where('status', '=', 'sending')
      .where('locked_by', '=', owner)
      .execute()
      .catch(() => undefined);
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const renewal = setInterval(renew, RENEW_MS);
  renewal.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(renewal);
      await running;
    },
  };
}
