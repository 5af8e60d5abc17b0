import { existsSync, readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { routes, type AppRoute } from '../../generated/routes';
import { canAccess } from '../shared/access';
import { linkTarget } from '../shared/link-access';
import { prerenderedSignedIn, signedInPageFile } from '../shared/signed-in-pages';
import { GUIDANCE_NEXT_STEP, GUIDANCE_NEXT_STEP_PATH } from '../shared/static-shell';
import { authenticate } from './auth/authenticate';
import type { AppContext } from './context';

const byPath = new Map<string, AppRoute>(
  routes.filter(prerenderedSignedIn).flatMap((route) => [route.path, ...route.aliases].map((path) => [path, route] as const)),
);

/** True for a path that has a signed-in page: its answer depends on the caller's cookie. */
export function hasSignedInPage(path: string): boolean {
  return byPath.has(path);
}

/**
 * The pre-rendered guidance page for `path` (src/web/build/prerender.ts), only for a caller whose
 * access cookie authenticates and whom the browser's own guard (canAccess, SPEC §4, §6) would let
 * open the page, judged on the session data get-user returns. Anyone else, or any other path
 * (including spellings the router would also accept), gets null and the plain application shell,
 * whose guard then acts as before (sign-in redirect, landing page, page-not-found).
 */
export async function signedInPage(ctx: AppContext, request: FastifyRequest, path: string): Promise<string | null> {
  const route = byPath.get(path);
  if (!route) return null;
  const file = signedInPageFile(ctx.config.webDir, path);
  if (!existsSync(file)) return null;
  const caller = await authenticate(ctx, request);
  if (!caller) return null;
  const session = { user: caller.profile, client: caller.client };
  if (canAccess(route, session, path).outcome !== 'allow') return null;
  const html = readFileSync(file, 'utf8');
  // The page's next step links to the self-assessment: a caller who cannot open it (the client
  // turned it off, SPEC §6) or opens it elsewhere gets the page without it, never a link to a 404.
  return linkTarget(GUIDANCE_NEXT_STEP_PATH, session) === GUIDANCE_NEXT_STEP_PATH ? html : html.replace(GUIDANCE_NEXT_STEP, '');
}
