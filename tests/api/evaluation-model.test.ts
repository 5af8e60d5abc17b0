import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationWorkflow } from '../../generated/workflows';
import { ACCOUNTS } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Migration 017: the database itself refuses evaluation rows that break the model's rules. */
let server: TestServer;
let employeeId: number;
let evaluatorId: number;
let clientId: number;

beforeAll(async () => {
  server = await startTestServer();
  const users = await server.ctx.db.selectFrom('users').select(['id', 'email', 'client_id']).execute();
  const employee = users.find((u) => u.email === ACCOUNTS.employee)!;
  employeeId = employee.id;
  clientId = employee.client_id;
  evaluatorId = users.find((u) => u.email === ACCOUNTS.evaluator)!.id;
});
afterAll(async () => {
  await server?.close();
});

const request = (values: Record<string, unknown>) =>
  server.ctx.db
    .insertInto('evaluation_requests')
    .values({ user_id: employeeId, client_id: clientId, preferred_times: 'Mornings', ...values } as never)
    .returning('id')
    .executeTakeFirstOrThrow();

describe('evaluation tables (migration 017)', () => {
  it('refuses an unknown work area or request status, and a scheduled request without evaluator, time and link', async () => {
    await expect(request({ work_area: 'Garage' })).rejects.toThrow(/check constraint/i);
    await expect(request({ status: 'lost' })).rejects.toThrow(/check constraint/i);
    await expect(request({ status: 'scheduled', evaluator_id: evaluatorId })).rejects.toThrow(/evaluation_requests_scheduled/);
    const row = await request({
      status: 'scheduled',
      evaluator_id: evaluatorId,
      scheduled_at: new Date('2026-12-01T09:00:00Z'),
      meeting_url: 'https://meet.example/abc',
    });
    expect(row.id).toBeGreaterThan(0);
  });

  it('refuses a photo that is not JPEG or PNG, over 5 MB, or a sixth position', async () => {
    const { id } = await request({});
    const photo = (values: Record<string, unknown>) =>
      server.ctx.db
        .insertInto('evaluation_request_photos')
        .values({
          request_id: id,
          position: 1,
          content_type: 'image/png',
          data: new Uint8Array([1, 2, 3]),
          sha256: 'x',
          size_bytes: 3,
          ...values,
        } as never)
        .execute();
    await expect(photo({ content_type: 'image/gif' })).rejects.toThrow(/check constraint/i);
    await expect(photo({ size_bytes: 5 * 1024 * 1024 + 1 })).rejects.toThrow(/check constraint/i);
    await expect(photo({ position: 6 })).rejects.toThrow(/check constraint/i);
    await photo({});
    const stored = await server.ctx.db
      .selectFrom('evaluation_request_photos')
      .select('data')
      .where('request_id', '=', id)
      .executeTakeFirstOrThrow();
    expect([...stored.data]).toEqual([1, 2, 3]);
  });

  it('keeps one evaluation per request and only the workflow states', async () => {
    const { id } = await request({});
    const evaluation = (values: Record<string, unknown>) =>
      server.ctx.db
        .insertInto('evaluations')
        .values({ client_id: clientId, employee_id: employeeId, evaluator_id: evaluatorId, work_area: 'Home', ...values } as never)
        .execute();
    await evaluation({ request_id: id });
    await expect(evaluation({ request_id: id })).rejects.toThrow(/unique/i);
    await expect(evaluation({ status: 'approved' })).rejects.toThrow(/check constraint/i);
  });

  it('answers the evaluator queue from its partial index', async () => {
    await sql`SET enable_seqscan = off`.execute(server.ctx.db);
    const plan = await sql<{
      'QUERY PLAN': string;
    }>`EXPLAIN SELECT id FROM evaluation_requests WHERE status = 'requested' AND client_id IN (1, 2) ORDER BY created_at`.execute(
      server.ctx.db,
    );
    await sql`SET enable_seqscan = on`.execute(server.ctx.db);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    console.log(text);
    expect(text).toContain('evaluation_requests_open');
  });
});

describe('demo evaluation data (src/server/db/demo-evaluations.ts)', () => {
  it('assigns both evaluators to every demo client and holds requests and reports in several states, reached only by declared moves', async () => {
    const db = server.ctx.db;
    const assignments = await db
      .selectFrom('staff_client_assignments')
      .innerJoin('users', 'users.id', 'staff_client_assignments.user_id')
      .select('users.email')
      .execute();
    const clients = await db.selectFrom('clients').select('id').execute();
    expect(assignments.filter((a) => a.email === ACCOUNTS.evaluator2)).toHaveLength(clients.length);
    expect(assignments.filter((a) => a.email === ACCOUNTS.evaluator)).toHaveLength(clients.length);
    const requests = await db.selectFrom('evaluation_requests').select('status').where('preferred_times', '!=', 'Mornings').execute();
    const evaluations = await db
      .selectFrom('evaluations')
      .select(['id', 'status', 'version'])
      .where('id', 'in', db.selectFrom('evaluation_versions').select('evaluation_id'))
      .execute();
    console.log(
      `demo: ${requests.length} requests (${[...new Set(requests.map((r) => r.status))].sort().join(', ')}), reports ${evaluations
        .map((e) => e.status)
        .sort()
        .join(', ')}`,
    );
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(['requested', 'scheduled', 'cancelled', 'completed']));
    expect(new Set(evaluations.map((e) => e.status)).size).toBeGreaterThanOrEqual(3);
    const moves = await db.selectFrom('evaluation_transitions').select(['transition', 'from_status', 'to_status']).execute();
    for (const move of moves) {
      const declared = evaluationWorkflow.transitions.find((t) => t.name === move.transition)!;
      expect((declared.from as readonly string[]).includes(move.from_status) && declared.to === move.to_status, move.transition).toBe(true);
    }
  });
});
