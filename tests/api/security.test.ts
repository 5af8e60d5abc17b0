import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { encodeEnvelope } from '../../src/shared/envelope';
import { verifyAuditChain } from '../../src/server/audit/audit';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('CSRF defence', () => {
  it('refuses a state change without the header, or with a header that does not match the cookie', async () => {
    const agent = new Agent(server.url);
    await agent.get('/get-user');
    const body = JSON.stringify({ request_data: encodeEnvelope({ email: ACCOUNTS.employee, password: PASSWORD }) });
    const missing = await agent.raw('POST', '/blogs/api/login', body, { 'x-csrf-token': '' });
    expect(missing.status).toBe(403);
    expect(missing.body.errors).toBe('Invalid CSRF token');
    expect((await agent.raw('POST', '/blogs/api/login', body, { 'x-csrf-token': 'forged-token-value' })).status).toBe(403);
    expect((await agent.raw('POST', '/blogs/api/login', body)).status).toBe(200);
  });
});

describe('headers', () => {
  it('sends a strict CSP, nosniff, a referrer policy, frame-ancestors none and no-store on the API', async () => {
    const answer = await new Agent(server.url).get('/get-user');
    const csp = answer.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // Plain http on loopback: no HSTS (it is sent only behind TLS).
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('garbage in, 400 out, never 5xx', () => {
  it('answers broken envelopes, wrong shapes and unknown fields with 400', async () => {
    const agent = new Agent(server.url);
    const cases = [
      'not json at all',
      '[]',
      '{}',
      '{"request_data": 5}',
      '{"request_data": "short"}',
      '{"request_data": "AAAAAAAAAA.EP1.BBBBBBBBBB!!!"}',
      JSON.stringify({ request_data: encodeEnvelope({ email: ACCOUNTS.employee, password: PASSWORD, role: 'Super_admin' }) }),
      JSON.stringify({ request_data: encodeEnvelope({ email: 'not-an-email', password: 'x' }) }),
      JSON.stringify({ request_data: encodeEnvelope({ email: ACCOUNTS.employee }), extra: 1 }),
    ];
    for (const body of cases) {
      const answer = await agent.raw('POST', '/blogs/api/login', body);
      expect(answer.status, body).toBe(400);
      expect(answer.body.success).toBe(false);
    }
  });

  it('never answers 5xx to arbitrary bodies (property test)', async () => {
    const agent = new Agent(server.url);
    await agent.get('/get-user');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.anything().map((v) => {
            try {
              return JSON.stringify({ request_data: encodeEnvelope(v) });
            } catch {
              return '{}';
            }
          }),
        ),
        fc.constantFrom('/login', '/register', '/sendpasswordlink', '/reset-password', '/page-view'),
        async (body, path) => {
          const answer = await agent.raw('POST', `/blogs/api${path}`, body);
          expect(answer.status).toBeLessThan(500);
          expect([400, 401, 429]).toContain(answer.status);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('audit log', () => {
  it('is hash-chained and a tampered entry is found', async () => {
    const agent = new Agent(server.url);
    await agent.login(ACCOUNTS.manager, PASSWORD);
    await agent.login(ACCOUNTS.manager, 'wrong-password-for-the-log');
    const before = await verifyAuditChain(server.ctx.db);
    expect(before.ok).toBe(true);
    expect(before.checked).toBeGreaterThanOrEqual(2);
    // The table refuses changes; an attacker with database rights would disable the trigger first.
    await expect(sql`UPDATE audit_log SET action = 'login.success' WHERE action = 'login.failure'`.execute(server.ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(server.ctx.db);
    const victim = await server.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'login.failure')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`UPDATE audit_log SET action = 'login.success' WHERE id = ${victim.id}`.execute(server.ctx.db);
    await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`.execute(server.ctx.db);
    const after = await verifyAuditChain(server.ctx.db);
    expect(after.ok).toBe(false);
    expect(after.firstBadId).toBe(String(victim.id));
  });
});

describe('cookie flags and HSTS outside loopback', () => {
  it('marks every session cookie Secure when the site is not plain-http localhost', async () => {
    const csrf = 'csrf-token-for-the-secure-cookie-test';
    const answer = await server.app.inject({
      method: 'POST',
      url: '/blogs/api/login',
      headers: { host: 'portal.example', cookie: `ep_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: JSON.stringify({ request_data: encodeEnvelope({ email: ACCOUNTS.admin, password: PASSWORD }) }),
    });
    expect(answer.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(answer.headers['set-cookie'] as string[]);
    const session = cookies.filter((c) => /^ep_(access|refresh)=/.test(c));
    expect(session).toHaveLength(2);
    for (const cookie of session) {
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
    }
  });

  it('sends HSTS behind TLS (a trusted proxy saying https)', async () => {
    const behindProxy = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      const tls = await behindProxy.app.inject({
        method: 'GET',
        url: '/blogs/api/get-user',
        headers: { 'x-forwarded-proto': 'https', host: 'portal.example' },
      });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await behindProxy.app.inject({ method: 'GET', url: '/blogs/api/get-user' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});
