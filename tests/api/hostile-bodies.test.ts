import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../generated/api';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { expectHealthy, fillPath, problemsOf, sendAll } from '../helpers/battery';
import { everyFieldBodies, hostileBodies, type HostileBody } from '../helpers/hostile';
import { VALID_FIELDS } from '../helpers/valid-bodies';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Hostile input battery (OWASP ASVS V5.1, V7.4): every call that takes a body gets at least 100
 * generated malformed bodies from the super admin, who holds every permission, so each body reaches
 * the call's own validation. Nothing may answer 5xx, leak a stack trace or SQL, lose the security
 * headers or the API's error shape, or leave the server unable to answer.
 */
const RUNS_PER_CALL = 100;
const SEED = 20261123;

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

describe('hostile request bodies', () => {
  it('never answers 5xx or leaks internals, for every call with a body', async () => {
    const calls = apiCalls.filter((call) => call.body !== null);
    let sent = 0;
    const problems: string[] = [];
    for (const [index, call] of calls.entries()) {
      const bodies = [
        ...everyFieldBodies(call.body!, VALID_FIELDS[call.name]),
        ...fc.sample(hostileBodies(call.body!, VALID_FIELDS[call.name]), { numRuns: RUNS_PER_CALL, seed: SEED + index }),
      ];
      const path = `/blogs/api${fillPath(call.path)}`;
      problems.push(
        ...(await sendAll(bodies, async (item: HostileBody) => {
          const answer = await admin.raw(call.method, path, item.body);
          sent += 1;
          return problemsOf(answer, true).map((p) => `${call.name} (${item.kind}): ${p}`);
        })),
      );
      await expectHealthy(admin, call.name);
    }
    console.log(`bodies sent: ${sent}, calls: ${calls.length}`);
    expect(problems.slice(0, 30)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(calls.length * 100);
  }, 600_000);

  it('never answers 5xx to hostile SAML posts (the one form-encoded call)', async () => {
    const forms = fc.sample(
      fc.oneof(
        fc.string({ maxLength: 300 }).map((text) => `SAMLResponse=${encodeURIComponent(text)}`),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => `SAMLResponse=${Buffer.from(bytes).toString('base64')}&RelayState=%00`),
        fc.constantFrom(
          'SAMLResponse=%zz',
          'SAMLResponse=a&SAMLResponse=b',
          '__proto__=1',
          `SAMLResponse=${'A'.repeat(200_000)}`,
          '',
          '\u0000',
        ),
      ),
      { numRuns: 110, seed: SEED },
    );
    const problems = await sendAll(forms, async (form) =>
      problemsOf(
        await admin.raw('POST', '/blogs/api/sso/saml/acs', form, { 'content-type': 'application/x-www-form-urlencoded' }),
        false,
      ).map((p) => `saml_acs ${form.slice(0, 60)}: ${p}`),
    );
    console.log(`SAML posts sent: ${forms.length}`);
    expect(problems.slice(0, 30)).toEqual([]);
    await expectHealthy(admin, 'saml_acs');
  }, 60_000);
});
