import type { RouteDefinition } from './model';

/**
 * Guidance pages pre-rendered for signed-in callers (src/web/build/prerender.ts writes them, the
 * server sends them: src/server/signed-in-pages.ts). They live in a dot folder of the built web
 * root, which the static file server never serves.
 */
export const SIGNED_IN_FOLDER = '.signed-in';

/**
 * The routes pre-rendered in the signed-in layout: the employee site's guidance pages (the same
 * Markdown for every client, no client wording), on a fixed path, in the user layout without a
 * sidebar. Their gates (sign-in, permission, the client's content access) are checked on the server
 * with the same canAccess the browser runs, on the same session data get-user returns.
 */
export function prerenderedSignedIn(route: RouteDefinition): boolean {
  return (
    route.page === 'guidance/guidance-page' &&
    route.access === 'protected' &&
    route.layout === 'user_dashboard' &&
    route.sidebar === null &&
    route.contentSlug !== null &&
    !route.path.includes(':')
  );
}

/** Where the pre-rendered page of a route path is written under the built web root. */
export function signedInPageFile(webDir: string, path: string): string {
  return `${webDir}/${SIGNED_IN_FOLDER}${path}/index.html`;
}

/** A guidance page's content file (content/guidance/<section>/<key>.md) from its slug: "&" is written "and" (content/README.md). */
export const guidanceFileKey = (slug: string) => slug.replace(/&/g, 'and');
