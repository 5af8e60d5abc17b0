import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { migrationFiles } from '../db/migrate';

/** A readiness check that gets no answer from the database within this long counts as not ready. */
export const READY_TIMEOUT_MS = 2_000;

/** Why this server should not get traffic now, or null when it may. */
export async function notReadyReason(db: Kysely<Database>, expected: readonly string[]): Promise<'database' | 'migrations' | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
  });
  try {
    const applied = await Promise.race([sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db), timeout]);
    if (applied === 'timeout') return 'database';
    const done = new Set(applied.rows.map((r) => r.version));
    return expected.every((file) => done.has(file)) ? null : 'migrations';
  } catch {
    return 'database';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The load balancer's two questions (README "Running several servers"), outside the `/blogs/api`
 * envelope and without a session: `/healthz` answers 200 while the process runs (restart it
 * otherwise); `/readyz` answers 200 only when the database answers and every migration this build
 * carries is applied, else 503 (send it no traffic). Neither says more than ok or which of the two
 * is missing. Probes come every few seconds, so they are logged only when they fail.
 */
export function registerProbes(app: FastifyInstance, ctx: AppContext): void {
  const expected = migrationFiles();
  // At most `warn` (a route's level replaces the server's): quieter when LOG_LEVEL is quieter still.
  const order = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
  const logLevel = order.indexOf(ctx.config.logLevel) > order.indexOf('warn') ? ctx.config.logLevel : 'warn';
  app.get('/healthz', { logLevel }, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', { logLevel }, async (request, reply) => {
    const reason = await notReadyReason(ctx.db, expected);
    reply.header('Cache-Control', 'no-store');
    if (reason === null) return reply.send({ status: 'ok' });
    request.log.warn({ reason }, 'not ready');
    return reply.code(503).send({ status: 'unavailable', reason });
  });
}
