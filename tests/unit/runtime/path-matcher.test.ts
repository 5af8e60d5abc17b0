import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { redirects, routes } from '../../../generated/routes';
import { pathMatcher } from '../../../src/web/app/history';

/** Every path the product answers, as the router lists them: redirects, then routes with their aliases. */
const entries: [string, string][] = [
  ...redirects.map((r): [string, string] => [r.from, `redirect ${r.from}`]),
  ...routes.flatMap((route) => [route.path, ...route.aliases].map((path): [string, string] => [path, route.name])),
];
const match = pathMatcher(entries);

/** Addresses for each path: parameters filled or left out, upper case, a trailing slash, an encoded segment. */
function addresses(path: string): string[] {
  if (path === '*') return ['/no-such-page', '/a/b/c'];
  const full = path.replace(/:[A-Za-z0-9_]+\??/g, 'x%20y');
  const short = path.replace(/\/:[A-Za-z0-9_]+\?/g, '').replace(/:[A-Za-z0-9_]+/g, '7');
  return [full, short, `${short}/`, short.toUpperCase(), `${short}/extra`];
}

describe('the path matcher', () => {
  it.each(entries.map(([path]) => path))('matches the addresses of %s as react-router would', (path) => {
    for (const address of addresses(path)) {
      const theirs = matchRoutes(
        entries.map(([p, value]) => ({ path: p, value })),
        address,
      );
      const last = theirs?.[theirs.length - 1];
      const ours = match(address);
      expect(ours?.value ?? null, address).toBe(last ? (last.route as { value: string }).value : null);
      if (last) expect(ours?.params, address).toEqual(Object.fromEntries(Object.entries(last.params).filter(([, v]) => v !== undefined)));
    }
  });
});
