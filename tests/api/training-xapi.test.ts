import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealSecret } from '../../src/server/auth/secret-box';
import { deliverDueStatements, xapiBackoffMs } from '../../src/server/domain/training-lms/xapi-outbox';
import { statementOf, uuidV5 } from '../../src/server/domain/training-lms/xapi-statement';
import { ACCOUNTS } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Training steps reach a client's Learning Record Store as xAPI statements (docs/product.md
 * "Training: learning systems"): queued in the transaction that records the step, only while the
 * client's LRS is switched on, and delivered by workers that retry after errors and timeouts, so
 * that the LRS stores each statement exactly once even with several workers at once.
 */
let server: TestServer;
let lrs: Server;
let lrsUrl: string;
/** What the test LRS stored, by statement id, with how often a PUT of it succeeded. */
const stored = new Map<string, { statement: Record<string, unknown>; times: number }>();
const authorizations = new Set<string>();
/** The first requests fail: `failures` with a 500, then `hangs` never answered (the sender times out). */
let failures = 0;
let hangs = 0;
const hanging: ServerResponse[] = [];

async function handle(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  authorizations.add(String(request.headers.authorization));
  if (failures > 0) {
    failures--;
    response.writeHead(500).end('busy');
    return;
  }
  if (hangs > 0) {
    hangs--;
    hanging.push(response);
    return;
  }
  const id = new URL(request.url ?? '/', 'http://lrs').searchParams.get('statementId') ?? '';
  const known = stored.get(id);
  if (known) {
    // xAPI 1.0.3 Part 3 §2.1.1: a statement id the LRS already has answers 409 and stores nothing.
    response.writeHead(409).end();
    return;
  }
  stored.set(id, { statement: JSON.parse(body) as Record<string, unknown>, times: 1 });
  response.writeHead(204).end();
}

let clientId: number;
let otherClientId: number;
let userId: number;
let otherUserId: number;

async function enrol(client: number, user: number): Promise<string> {
  const row = await server.ctx.db
    .insertInto('training_enrolments')
    .values({ client_id: client, user_id: user, course_id: 'display-screen', due_at: new Date(Date.now() + 30 * 86_400_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  // The test LRS listens on loopback: an on-premises store, allowed only by LRS_ALLOW_PRIVATE.
  server = await startTestServer({ LRS_ALLOW_PRIVATE: '1' });
  lrs = createServer((req, res) => void handle(req, res));
  await new Promise<void>((done) => lrs.listen(0, '127.0.0.1', done));
  lrsUrl = `http://127.0.0.1:${(lrs.address() as AddressInfo).port}/xapi/`;
  const user = await server.ctx.db
    .selectFrom('users')
    .select(['id', 'client_id'])
    .where('email', '=', ACCOUNTS.employee)
    .executeTakeFirstOrThrow();
  const other = await server.ctx.db
    .selectFrom('users')
    .select(['id', 'client_id'])
    .where('email', '=', ACCOUNTS.contosoEmployee)
    .executeTakeFirstOrThrow();
  [userId, clientId, otherUserId, otherClientId] = [user.id, user.client_id!, other.id, other.client_id!];
  await server.ctx.db
    .insertInto('training_lrs_settings')
    .values({
      client_id: clientId,
      enabled: true,
      endpoint: lrsUrl,
      auth_key: 'lrs-key',
      secret_encrypted: sealSecret(server.ctx.secret, 'lrs-secret'),
    })
    .execute();
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await new Promise((done) => lrs?.close(done));
  await server?.close();
});

describe('xAPI statements', () => {
  it('queues a step only for a client whose LRS is switched on', async () => {
    const mine = await enrol(clientId, userId);
    const theirs = await enrol(otherClientId, otherUserId);
    const events = await server.ctx.db
      .insertInto('training_events')
      .values([
        { client_id: clientId, user_id: userId, enrolment_id: mine, course_id: 'display-screen', verb: 'started' },
        {
          client_id: clientId,
          user_id: userId,
          enrolment_id: mine,
          course_id: 'display-screen',
          module_id: 'posture',
          question_id: 'screen-height',
          verb: 'answered',
          success: true,
        },
        {
          client_id: clientId,
          user_id: userId,
          enrolment_id: mine,
          course_id: 'display-screen',
          module_id: 'posture',
          verb: 'failed',
          score: 50,
          success: false,
        },
        {
          client_id: clientId,
          user_id: userId,
          enrolment_id: mine,
          course_id: 'display-screen',
          module_id: 'posture',
          verb: 'passed',
          score: 100,
          success: true,
        },
        {
          client_id: clientId,
          user_id: userId,
          enrolment_id: mine,
          course_id: 'display-screen',
          verb: 'completed',
          score: 100,
          success: true,
        },
        { client_id: otherClientId, user_id: otherUserId, enrolment_id: theirs, course_id: 'display-screen', verb: 'started' },
      ])
      .returning(['id', 'client_id'])
      .execute();
    const queued = await server.ctx.db
      .selectFrom('training_xapi_outbox')
      .select(['event_id', 'client_id', 'status'])
      .orderBy('event_id')
      .execute();
    expect(queued.map((q) => q.event_id)).toEqual(events.filter((e) => e.client_id === clientId).map((e) => e.id));
    expect(queued.every((q) => q.status === 'queued')).toBe(true);
  });

  it('delivers each statement exactly once through errors, timeouts and three workers at once', async () => {
    failures = 3;
    hangs = 2;
    const expected = (await server.ctx.db.selectFrom('training_xapi_outbox').select('event_id').execute()).map((r) => r.event_id);
    for (let round = 1; round <= 6; round++) {
      await Promise.all(['a', 'b', 'c'].map((owner) => deliverDueStatements(server.ctx, `worker-${owner}`, { limit: 2, timeoutMs: 300 })));
      server.advance(xapiBackoffMs(round) + 1000);
    }
    const rows = await server.ctx.db.selectFrom('training_xapi_outbox').select(['event_id', 'status', 'attempts', 'last_error']).execute();
    expect(
      rows.every((r) => r.status === 'sent'),
      JSON.stringify(rows),
    ).toBe(true);
    // Some rows needed more than one attempt (the 500s and the timeouts), yet none was stored twice.
    expect(rows.some((r) => r.attempts > 1)).toBe(true);
    const base = server.ctx.config.publicUrl ?? 'https://ergoportal.invalid';
    expect([...stored.keys()].sort()).toEqual(expected.map((id) => uuidV5(`${base}/training-events/${id}`)).sort());
    expect([...stored.values()].every((s) => s.times === 1)).toBe(true);
    expect(authorizations).toEqual(new Set([`Basic ${Buffer.from('lrs-key:lrs-secret').toString('base64')}`]));
  });

  it('names the employee by a pseudonymous account, never by e-mail, with ADL verbs and the score', async () => {
    const statements = [...stored.values()].map((s) => s.statement as ReturnType<typeof statementOf>);
    for (const s of statements) {
      expect(s.actor).toEqual({ objectType: 'Agent', account: { homePage: expect.any(String), name: String(userId) } });
      expect(JSON.stringify(s)).not.toContain('@');
    }
    const byVerb = new Map(statements.map((s) => [s.verb.display['en-US'], s]));
    expect([...byVerb.keys()].sort()).toEqual(['answered', 'attempted', 'completed', 'failed', 'passed']);
    expect(byVerb.get('passed')!.verb.id).toBe('http://adlnet.gov/expapi/verbs/passed');
    expect(byVerb.get('failed')!.result).toEqual({ score: { scaled: 0.5, raw: 50, min: 0, max: 100 }, success: false });
    expect(byVerb.get('answered')!.object.id).toMatch(/\/training\/display-screen\/posture\/screen-height$/);
    expect(byVerb.get('completed')!.result).toMatchObject({ completion: true, success: true });
  });

  it('sends a resend of an accepted statement as the same statement, which the LRS keeps once', async () => {
    await server.ctx.db.updateTable('training_xapi_outbox').set({ status: 'queued', next_attempt_at: server.ctx.now() }).execute();
    expect(await deliverDueStatements(server.ctx, 'worker-again', { limit: 50, timeoutMs: 1000 })).toBe(5);
    expect([...stored.values()].every((s) => s.times === 1)).toBe(true);
    const rows = await server.ctx.db.selectFrom('training_xapi_outbox').select('status').execute();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});
