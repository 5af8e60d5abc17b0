import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { BadRequest } from '../http/body';
import { databaseRefusal } from '../http/database-errors';
import { fail } from '../http/replies';
import { startJobRunner } from '../jobs/job-runner';
import { jobKinds } from '../jobs/job-kinds';
import { startOutboxWorker } from '../mail/outbox-worker';
import { registerCallTimings } from '../ops/call-timings';
import { startXapiWorker } from '../domain/training-lms/xapi-outbox';

/**
 * Second in the fixed order: the process's background work (mail outbox, scheduled jobs), the call
 * timings of the super admin dashboard, and one error handler so that nothing leaks as a 5xx detail.
 */
export function registerAppServices(app: FastifyInstance, ctx: AppContext): void {
  // Queued mail is delivered by a stateless worker (src/server/mail/outbox-worker.ts).
  const outbox = startOutboxWorker(ctx);
  app.addHook('onClose', async () => {
    await outbox.stop();
  });
  // Training steps for the clients' learning record stores (src/server/domain/training-lms/).
  const statements = startXapiWorker(ctx);
  app.addHook('onClose', async () => {
    await statements.stop();
  });
  // Scheduled work (src/server/jobs/): each kind of job with its handler.
  const jobs = startJobRunner(ctx, jobKinds);
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  // Each call's duration, for the super admin dashboard's slowest calls (this process only).
  registerCallTimings(app, ctx);

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof BadRequest)
      return reply.code(400).send({ success: false, errors: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    const refusal = databaseRefusal(error);
    if (refusal) return fail(reply, refusal.status, refusal.message, refusal.fields);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    // A server fault is logged with its stack (pino's err serializer) under the request's id; the
    // caller only ever reads the generic sentence below.
    if (status === 500) request.log.error({ err: error }, 'request failed');
    // Client mistakes keep a plain message; server faults never leak details.
    if (status === 413) return fail(reply, 413, "The request is too large: files may be at most a few megabytes (see the field's limit).");
    return fail(
      reply,
      status === 415 ? 400 : status,
      status === 500 ? 'Something went wrong. Please try again.' : 'The request is not valid.',
    );
  });
}
