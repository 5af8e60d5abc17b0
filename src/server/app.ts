import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { questionnaireSource } from './domain/assessments/engine';
import { loadCourses } from '../shared/training/load';
import { registerExternal } from './plugins/external';
import { registerAppServices } from './plugins/app-services';
import { registerApiRoutes } from './plugins/api-routes';
import { registerWebPages } from './plugins/web-pages';
import { registerReplyCheck } from './http/reply-check';
import { registerProbes } from './ops/probes';
import { loggerOptions, registerRequestIdHeader, requestIdOptions, type LogDestination } from './http/logging';

export interface BuildOptions {
  /**
   * Tests only (tests/helpers/test-server.ts): check every API answer against its declaration in
   * manifest/api/*.yaml (http/reply-check.ts) and report each mismatch here. The server never sets it.
   */
  readonly onReplyProblem?: (problem: string) => void;
  /** Where the log lines go instead of standard output (tests read them back). */
  readonly logDestination?: LogDestination;
}

export { FORBIDDEN, SUPER_ADMIN_ONLY, UNAUTHENTICATED } from './plugins/api-routes';

/**
 * The Fastify application (docs/architecture.md "Server"): plugins in a fixed order, external → app →
 * routes → web pages (src/server/plugins/), so that the security headers, CSRF and URL guard wrap
 * everything, the error handler exists before any route, and the SPA fallback comes last.
 */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The questionnaires are read and checked once at start; broken content stops the server with every problem listed.
  await questionnaireSource();
  // So are the training courses (content/training/, docs/product.md "Training").
  await loadCourses();
  // Requests the router or the HTTP parser refuses get the API's error shape and headers too.
  // Structured logs through Fastify's own logger, each line with its request id (http/logging.ts).
  const app = Fastify({
    logger: loggerOptions(ctx.config.logLevel, options.logDestination),
    ...requestIdOptions,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  });
  registerRequestIdHeader(app);
  await registerExternal(app);
  registerAppServices(app, ctx);
  if (options.onReplyProblem) registerReplyCheck(app, options.onReplyProblem);
  registerApiRoutes(app, ctx);
  // /healthz and /readyz for a load balancer, outside the API's envelope (ops/probes.ts).
  registerProbes(app, ctx);
  await registerWebPages(app, ctx);
  return app;
}
