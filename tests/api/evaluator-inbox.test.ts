import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * SPEC §2 /user/evaluator, the evaluator's inbox: each section's count and pages equal what SQL
 * written here reads from the database; colleagues' reports only in the review section (never the
 * caller's own); clients not assigned never counted; and of two evaluators starting or claiming the
 * same request at once, exactly one wins and the other gets a 409 naming who has it.
 */
let server: TestServer;
let ids: Record<string, number>;
const as = (email: string) => signedInAgent(server.url, email, PASSWORD);
const ZONE = 'Asia/Tokyo';
const HOUR = 3_600_000;

type Row = { kind: string; id: number; author: string | null; status: string };
type Page = { rows: Row[]; total: number };

async function request(employee: string, client: string, extra: Record<string, unknown> = {}) {
  const row = await server.ctx.db
    .insertInto('evaluation_requests')
    .values({ user_id: ids[employee]!, client_id: ids[client]!, preferred_times: 'Mornings', notes: '', work_area: 'Office', ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function report(author: string, employee: string, client: string, status: string, ageHours: number) {
  const at = new Date(Date.now() - ageHours * HOUR);
  await server.ctx.db
    .insertInto('evaluations')
    .values({
      client_id: ids[client]!,
      employee_id: ids[employee]!,
      evaluator_id: ids[author]!,
      status,
      work_area: 'Home',
      created_at: at,
      updated_at: at,
    })
    .execute();
}
const booked = (evaluator: string, inHours: number) => ({
  status: 'scheduled' as const,
  evaluator_id: ids[evaluator]!,
  scheduled_at: new Date(Date.now() + inHours * HOUR),
  meeting_url: 'https://meet.example/room',
});

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  const clients = await db.selectFrom('clients').select(['id', 'company_code']).execute();
  ids = { ...Object.fromEntries(users.map((u) => [u.email, u.id])), ...Object.fromEntries(clients.map((c) => [c.company_code, c.id])) };
  // Fabrikam is served by the second evaluator only: nothing of it may reach the first one's inbox.
  await db
    .deleteFrom('staff_client_assignments')
    .where('user_id', '=', ids[ACCOUNTS.evaluator]!)
    .where('client_id', '=', ids.FAB1!)
    .execute();
  for (let i = 0; i < 23; i++) await request(ACCOUNTS.employee, 'NW01');
  for (let i = 0; i < 4; i++) await request(ACCOUNTS.arcadiaEmployee, 'a45');
  for (let i = 0; i < 3; i++) await request(ACCOUNTS.fabrikamEmployee, 'FAB1');
  for (const hours of [-50, -26, -1, 0.5, 30, 80, 200]) await request(ACCOUNTS.employee, 'NW01', booked(ACCOUNTS.evaluator, hours));
  for (const hours of [-2, 3, 40]) await request(ACCOUNTS.employee, 'NW01', booked(ACCOUNTS.evaluator2, hours));
  await request(ACCOUNTS.fabrikamEmployee, 'FAB1', booked(ACCOUNTS.evaluator, 2));
  for (let i = 0; i < 12; i++) await report(ACCOUNTS.evaluator, ACCOUNTS.employee, 'NW01', 'draft', i * 3);
  for (let i = 0; i < 3; i++) await report(ACCOUNTS.evaluator, ACCOUNTS.arcadiaEmployee, 'a45', 're_review', i * 5);
  for (let i = 0; i < 2; i++) await report(ACCOUNTS.evaluator, ACCOUNTS.employee, 'NW01', 'in_review', i);
  for (let i = 0; i < 14; i++) await report(ACCOUNTS.evaluator2, ACCOUNTS.employee, 'NW01', 'in_review', i * 2);
  await report(ACCOUNTS.evaluator2, ACCOUNTS.employee, 'NW01', 'evaluator_reviewed', 7);
  await report(ACCOUNTS.evaluator2, ACCOUNTS.arcadiaEmployee, 'a45', 'evaluator_qc_reviewed', 9);
  for (let i = 0; i < 3; i++) await report(ACCOUNTS.evaluator2, ACCOUNTS.employee, 'NW01', 'finalized', i);
  for (let i = 0; i < 2; i++) await report(ACCOUNTS.evaluator2, ACCOUNTS.employee, 'NW01', 'draft', i);
  for (let i = 0; i < 2; i++) await report(ACCOUNTS.evaluator2, ACCOUNTS.fabrikamEmployee, 'FAB1', 'in_review', i);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The section's rows as SQL reads them, in the inbox's order. */
async function expected(section: string, me: number): Promise<number[]> {
  const assigned = sql`(SELECT client_id FROM staff_client_assignments WHERE user_id = ${me})`;
  const tomorrow = sql`((date_trunc('day', now() AT TIME ZONE ${ZONE}) + interval '1 day') AT TIME ZONE ${ZONE})`;
  const query = {
    today: sql<{ id: number }>`SELECT id FROM evaluation_requests WHERE status = 'scheduled' AND evaluator_id = ${me}
      AND client_id IN ${assigned} AND scheduled_at < ${tomorrow} ORDER BY scheduled_at, id`,
    week: sql<{ id: number }>`SELECT id FROM evaluation_requests WHERE status = 'scheduled' AND evaluator_id = ${me}
      AND client_id IN ${assigned} AND scheduled_at >= ${tomorrow} ORDER BY scheduled_at, id`,
    drafts: sql<{ id: number }>`SELECT id FROM evaluations WHERE status = 'draft' AND evaluator_id = ${me}
      AND client_id IN ${assigned} ORDER BY updated_at, id`,
    returned: sql<{ id: number }>`SELECT id FROM evaluations WHERE status = 're_review' AND evaluator_id = ${me}
      AND client_id IN ${assigned} ORDER BY updated_at, id`,
    review: sql<{ id: number }>`SELECT id FROM evaluations WHERE status IN ('in_review', 'evaluator_reviewed', 'evaluator_qc_reviewed')
      AND evaluator_id <> ${me} AND client_id IN ${assigned} ORDER BY updated_at, id`,
  }[section]!;
  return (await query.execute(server.ctx.db)).rows.map((r) => r.id);
}

async function allPages(agent: Agent, section: string, size: number): Promise<{ ids: number[]; totals: number[]; rows: Row[] }> {
  const rows: Row[] = [];
  const totals: number[] = [];
  for (let start = 0; ; start += size) {
    const answer = await agent.get(`/evaluator/inbox/${section}?start=${start}&size=${size}&tz=${encodeURIComponent(ZONE)}`);
    expect(answer.status).toBe(200);
    const page = answer.data as Page;
    totals.push(page.total);
    rows.push(...page.rows);
    expect(page.rows.length).toBeLessThanOrEqual(size);
    if (page.rows.length < size) break;
  }
  return { ids: rows.map((r) => r.id), totals, rows };
}

describe('the evaluator inbox', () => {
  it('counts every section as SQL does, in the reader’s time zone, leaving out clients not assigned', async () => {
    const evaluator = await as(ACCOUNTS.evaluator);
    const me = ids[ACCOUNTS.evaluator]!;
    const counts = (await evaluator.get(`/evaluator/inbox?tz=${encodeURIComponent(ZONE)}`)).data as Record<string, number>;
    const requested = await sql<{ n: string }>`SELECT count(*) AS n FROM evaluation_requests WHERE status = 'requested'
      AND client_id IN (SELECT client_id FROM staff_client_assignments WHERE user_id = ${me})`.execute(server.ctx.db);
    expect(counts.requests).toBe(Number(requested.rows[0]!.n));
    // What was seeded above (the demo accounts may bring a few more of their own).
    expect(counts.requests).toBeGreaterThanOrEqual(27);
    for (const section of ['today', 'week', 'drafts', 'returned', 'review'])
      expect(counts[section], section).toBe((await expected(section, me)).length);
    expect(counts.today! + counts.week!).toBeGreaterThanOrEqual(7);
    expect(counts.today).toBeGreaterThanOrEqual(3);
    expect(counts.drafts).toBeGreaterThanOrEqual(12);
    expect(counts.returned).toBeGreaterThanOrEqual(3);
    expect(counts.review).toBeGreaterThanOrEqual(16);
  });

  it('pages every section in order with its total, and a reviewer never finds their own report', async () => {
    for (const account of [ACCOUNTS.evaluator, ACCOUNTS.evaluator2]) {
      const agent = await as(account);
      const me = ids[account]!;
      for (const section of ['today', 'week', 'drafts', 'returned', 'review']) {
        const want = await expected(section, me);
        const got = await allPages(agent, section, 5);
        expect(got.ids, `${account} ${section}`).toEqual(want);
        expect(new Set(got.totals), `${account} ${section}`).toEqual(new Set([want.length]));
      }
      const review = await allPages(agent, 'review', 50);
      const authors = await server.ctx.db
        .selectFrom('evaluations')
        .select('evaluator_id')
        .where('id', 'in', [0, ...review.ids])
        .execute();
      expect(authors.filter((a) => a.evaluator_id === me)).toEqual([]);
      expect(review.rows.every((r) => r.kind === 'report' && r.author !== null)).toBe(true);
    }
  });

  it('refuses a bad time zone, page size or section, and a caller without the permission', async () => {
    const evaluator = await as(ACCOUNTS.evaluator);
    expect((await evaluator.get('/evaluator/inbox?tz=Mars%2FOlympus')).status).toBe(400);
    expect((await evaluator.get('/evaluator/inbox/drafts?size=51')).status).toBe(400);
    expect((await evaluator.get('/evaluator/inbox/drafts?size=0')).status).toBe(400);
    expect((await evaluator.get('/evaluator/inbox/everything')).status).toBe(404);
    const employee = await as(ACCOUNTS.employee);
    expect((await employee.get('/evaluator/inbox')).status).toBe(403);
    expect((await employee.get('/evaluator/inbox/drafts')).status).toBe(403);
  });
});

describe('one ergonomist per request', () => {
  const start = (agent: Agent, requestId: number) =>
    agent.post('/evaluations', { employee_id: ids[ACCOUNTS.employee], client_id: ids.NW01, request_id: requestId });
  const book = (agent: Agent, requestId: number) =>
    agent.post(`/evaluator/requests/${requestId}/schedule`, {
      scheduled_at: new Date(Date.now() + 48 * HOUR).toISOString(),
      meeting_url: 'https://meet.example/race',
    });

  it('two evaluators starting the same request at once: one 200, one 409 naming the colleague; one report', async () => {
    const [a, b] = await Promise.all([as(ACCOUNTS.evaluator), as(ACCOUNTS.evaluator2)]);
    for (let round = 0; round < 5; round++) {
      const id = await request(ACCOUNTS.employee, 'NW01');
      const answers = await Promise.all([start(a, id), start(b, id)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      const loser = answers.find((x) => x.status === 409)!;
      expect(loser.body).toMatchObject({ code: 'request.started_by' });
      const reports = await server.ctx.db.selectFrom('evaluations').select(['id', 'evaluator_id']).where('request_id', '=', id).execute();
      expect(reports).toHaveLength(1);
      const winner = answers.find((x) => x.status === 200)!;
      expect(reports[0]!.id).toBe((winner.data as { id: number }).id);
      const row = await server.ctx.db.selectFrom('evaluation_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('completed');
    }
  });

  it('two evaluators claiming the same request at once: one 200, one 409; a booked request cannot be started by a colleague', async () => {
    const [a, b] = await Promise.all([as(ACCOUNTS.evaluator), as(ACCOUNTS.evaluator2)]);
    for (let round = 0; round < 5; round++) {
      const id = await request(ACCOUNTS.employee, 'NW01');
      const answers = await Promise.all([book(a, id), book(b, id)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      expect(answers.find((x) => x.status === 409)!.body).toMatchObject({ code: 'request.taken' });
      const winner = answers[0]!.status === 200 ? ACCOUNTS.evaluator : ACCOUNTS.evaluator2;
      const row = await server.ctx.db
        .selectFrom('evaluation_requests')
        .select(['status', 'evaluator_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'scheduled', evaluator_id: ids[winner] });
    }
    // Booked by one, started by the other: refused, and the booking stays.
    const id = await request(ACCOUNTS.employee, 'NW01');
    expect((await book(a, id)).status).toBe(200);
    const refused = await start(b, id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'request.taken', params: { evaluator: expect.any(String) } });
    const row = await server.ctx.db
      .selectFrom('evaluation_requests')
      .select(['status', 'evaluator_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'scheduled', evaluator_id: ids[ACCOUNTS.evaluator] });
    expect(await server.ctx.db.selectFrom('evaluations').select('id').where('request_id', '=', id).execute()).toEqual([]);
    // The booking evaluator starts it; pressing Start twice at once still makes one report.
    const twice = await Promise.all([start(a, id), start(a, id)]);
    expect(twice.map((x) => x.status)).toEqual([200, 200]);
    expect(new Set(twice.map((x) => (x.data as { id: number }).id)).size).toBe(1);
  });

  it('gives the booking evaluator the meeting invitation, and nobody else', async () => {
    const [a, b] = await Promise.all([as(ACCOUNTS.evaluator), as(ACCOUNTS.evaluator2)]);
    const id = await request(ACCOUNTS.employee, 'NW01');
    expect((await book(a, id)).status).toBe(200);
    const mine = await a.get(`/evaluator/requests/${id}/invitation`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toContain('text/calendar');
    expect(String(mine.body.text)).toContain(`evaluation-request-${id}@ergoportal`);
    expect((await b.get(`/evaluator/requests/${id}/invitation`)).status).toBe(404);
  });
});
