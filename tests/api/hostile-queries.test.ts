import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../generated/api';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { expectHealthy, fillPath, problemsOf, sendAll } from '../helpers/battery';
import { hostileQuery, hostileSegment } from '../helpers/hostile';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Hostile addresses (OWASP ASVS V5.1.3): every GET call gets at least 100 generated addresses from
 * the super admin: one path parameter at a time replaced by a hostile segment (ids past 2^31-1, NUL,
 * broken percent-encoding, prototype names), and hostile query strings (repeated names, unknown
 * sorts, 1e20, impossible dates). Never a 5xx, a leak, a missing security header or a foreign shape.
 */
const RUNS_PER_CALL = 100;
const SEED = 4242;
// Calls that end the caller's own session are left out: the battery needs the session to go on.
const SESSION_ENDING = new Set(['logout', 'remove_user']);

let server: TestServer;
let admin: Agent;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAgent(server.url, ACCOUNTS.superAdmin, PASSWORD);
  admin.followRedirects = false;
});
afterAll(async () => {
  await server?.close();
});

describe('hostile addresses', () => {
  it('never answers 5xx or leaks internals, for every GET call', async () => {
    const calls = apiCalls.filter((call) => call.method === 'GET' && !SESSION_ENDING.has(call.name));
    let sent = 0;
    const problems: string[] = [];
    for (const [index, call] of calls.entries()) {
      const params = [...call.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      const address =
        params.length === 0
          ? hostileQuery.map((query) => `${fillPath(call.path)}?${query}`)
          : fc
              .tuple(fc.constantFrom(...params), hostileSegment, fc.option(hostileQuery, { freq: 2 }))
              .map(([name, segment, query]) => `${fillPath(call.path, { [name]: segment })}${query ? `?${query}` : ''}`);
      const paths = fc.sample(address, { numRuns: RUNS_PER_CALL, seed: SEED + index });
      problems.push(
        ...(await sendAll(paths, async (path) => {
          const url = `/blogs/api${path}`;
          const answer = await admin.raw('GET', url);
          sent += 1;
          const api = new URL(url, server.url).pathname.startsWith('/blogs/api/');
          return problemsOf(answer, api).map((p) => `${call.name} GET ${url.slice(0, 120)}: ${p}`);
        })),
      );
      await expectHealthy(admin, call.name);
    }
    console.log(`addresses sent: ${sent}, calls: ${calls.length}`);
    expect(problems.slice(0, 30)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(calls.length * 100);
  }, 600_000);
});
