/**
 * A `redirect` target is honoured only when it is a path on this site: "/x", never "//host" or
 * "/\host" (no open redirect through a return address; ASVS V5.1.5).
 */
export function safeRedirect(target: string | null | undefined): string | null {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : null;
}

/** The safe `redirect` query parameter of a path such as "/user/login?redirect=%2Fuser%2Fmy-reports". */
export function redirectParam(pathWithQuery: string): string | null {
  const query = pathWithQuery.split('?')[1];
  return query ? safeRedirect(new URLSearchParams(query).get('redirect')) : null;
}
