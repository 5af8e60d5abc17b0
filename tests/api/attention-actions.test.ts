import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * SPEC §1 "what programme managers see", "from finding to fixed": a high-risk employee who has moved
 * one of their corrective actions on (done, not possible, help needed) or asked for equipment since
 * their latest self-assessment has had something done, and leaves "High-risk employees with nothing
 * done since"; an action still open does not count. The panel agrees with a count in SQL written here.
 */
let server: TestServer;
let manager: Agent;
let employee: Agent;
let person: { id: number; client_id: number };

beforeAll(async () => {
  server = await startTestServer();
  manager = await signedInAgent(server.url, ACCOUNTS.manager, PASSWORD);
  employee = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
  person = await server.ctx.db
    .selectFrom('users')
    .select(['id', 'client_id'])
    .where('email', '=', ACCOUNTS.employee)
    .executeTakeFirstOrThrow();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Panel = { count: number; items: { employee_id: number }[] };
const panel = async () =>
  ((await manager.get('/dashboards/program-overview')).data as { attention: { high_risk_unhandled: Panel } }).attention.high_risk_unhandled;

/** Active employees of the client whose latest self-assessment is high risk and who have had nothing done since. */
const inSql = async () =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM assessment_attempts a JOIN users u ON u.id = a.user_id
      WHERE a.client_id = ${person.client_id} AND a.status = 'submitted' AND a.risk_band = 'high' AND u.status = 'active'
        AND NOT EXISTS (SELECT 1 FROM assessment_attempts later WHERE later.user_id = a.user_id AND later.client_id = a.client_id
          AND later.status = 'submitted' AND (later.submitted_at > a.submitted_at OR (later.submitted_at = a.submitted_at AND later.id > a.id)))
        AND NOT EXISTS (SELECT 1 FROM evaluation_requests r WHERE r.user_id = a.user_id AND r.client_id = a.client_id AND r.created_at >= a.submitted_at)
        AND NOT EXISTS (SELECT 1 FROM evaluations v WHERE v.employee_id = a.user_id AND v.client_id = a.client_id AND v.created_at >= a.submitted_at)
        AND NOT EXISTS (SELECT 1 FROM corrective_actions c WHERE c.user_id = a.user_id AND c.client_id = a.client_id
          AND c.state IN ('done', 'not_possible', 'need_help', 'closed') AND c.updated_at >= a.submitted_at)
        AND NOT EXISTS (SELECT 1 FROM equipment_requests q WHERE q.user_id = a.user_id AND q.client_id = a.client_id AND q.created_at >= a.submitted_at)`.execute(
        server.ctx.db,
      )
    ).rows[0]!.n,
  );

/** A high-risk self-assessment of the employee, submitted now. */
const highRisk = () =>
  server.ctx.db
    .insertInto('assessment_attempts')
    .values({
      user_id: person.id,
      client_id: person.client_id,
      area: 'office',
      language: 'en',
      questionnaire_version: 1,
      answers: '{}',
      sections_done: '[]',
      status: 'submitted',
      started_at: new Date(Date.now() - 600_000),
      submitted_at: new Date(),
      result: JSON.stringify({ overall: { score: 8, max: 10, band: 'high' }, findings: [], bodyMap: [] }),
      report_token: randomBytes(18).toString('base64url'),
      report_status: 'Finalized',
      overall_score: 8,
      risk_band: 'high',
      finding_ids: [],
      body_scores: '{}',
    })
    .execute();

const named = (p: Panel) => p.items.some((i) => i.employee_id === person.id) || p.count > p.items.length;

describe('high-risk employees with nothing done since', () => {
  it('leave the list when they move an action on or ask for equipment, not while an action stays open', async () => {
    const db = server.ctx.db;
    const start = (await panel()).count;
    expect(start).toBe(await inSql());

    await highRisk();
    const waiting = await panel();
    expect(waiting.count).toBe(start + 1);
    expect(waiting.count).toBe(await inSql());
    expect(named(waiting)).toBe(true);

    // An action raised for them, still open: nothing done yet.
    const action = await db
      .insertInto('corrective_actions')
      .values({
        client_id: person.client_id,
        user_id: person.id,
        finding_key: `office:attention-test-${randomBytes(4).toString('hex')}`,
        source: 'self_assessment',
        title: 'Raise the screen so its top edge is at eye height.',
        priority: 'high',
        due_at: new Date(Date.now() + 14 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await panel()).count).toBe(start + 1);

    // The employee marks it done: something has been done.
    const moved = await employee.post(`/actions/${action.id}/move`, { transition: 'mark_done' });
    expect(moved.status).toBe(200);
    expect((await panel()).count).toBe(start);
    expect(await inSql()).toBe(start);

    // A newer high-risk self-assessment: waiting again (the earlier move came before it).
    await new Promise((r) => setTimeout(r, 20));
    await highRisk();
    expect((await panel()).count).toBe(start + 1);
    expect(await inSql()).toBe(start + 1);

    // They ask for equipment (written straight to the database: whoever writes, the panel follows).
    const item = await db
      .insertInto('equipment_items')
      .values({
        client_id: person.client_id,
        slug: `monitor-arm-${randomBytes(3).toString('hex')}`,
        category: 'screen',
        price_cents: 8900,
        currency: 'EUR',
        mode: 'bought',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = await db
      .insertInto('equipment_requests')
      .values({
        client_id: person.client_id,
        user_id: person.id,
        item_id: item.id,
        unit_price_cents: 8900,
        currency: 'EUR',
        mode: 'bought',
        desk_location: 'Floor 2, desk 14',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await panel()).count).toBe(start);
    expect(await inSql()).toBe(start);

    // The request deleted again: nothing done once more.
    await db.deleteFrom('equipment_requests').where('id', '=', request.id).execute();
    expect((await panel()).count).toBe(start + 1);
    expect(await inSql()).toBe(start + 1);
  });
});
