import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The Programme Overview's risk-reduction panel (docs/product.md "Outcomes: the risk-reduction
 * panel"): each figure against SQL written here, for a region whose story is known (eight employees
 * measured, six moved out of high risk) and for the whole client with its demonstration history; the
 * client's targets colour each figure; a region of three employees shows no figure about them.
 */
let server: TestServer;
let manager: Agent;
let northwind: number;
const tag = randomBytes(3).toString('hex');
const REGION = `Outcomes ${tag}`;
const SMALL = `Few ${tag}`;
const PERIOD = { from: '2025-03', to: '2025-04', since: new Date('2025-03-01T00:00:00Z'), until: new Date('2025-05-01T00:00:00Z') };
const at = (iso: string) => new Date(`${iso}T10:00:00Z`);
type Data = Record<string, any>;
type Band = 'low' | 'moderate' | 'high';

async function seed() {
  const db = server.ctx.db;
  northwind = (await db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()).id;
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  const person = async (i: number, region: string) =>
    (
      await db
        .insertInto('users')
        .values({
          first_name: `Outcome${i}`,
          last_name: `Panel${tag}`,
          email: `outcome${i}.${region.length}.${tag}@nw01.example`,
          password_hash: null,
          client_id: northwind,
          role_id: role.id,
          region,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const attempt = (user: number, when: Date, band: Band, score: number, body: Record<string, number>, area = 'office') =>
    db
      .insertInto('assessment_attempts')
      .values({
        user_id: user,
        client_id: northwind,
        area,
        language: 'en',
        questionnaire_version: 1,
        answers: '{}',
        sections_done: '[]',
        status: 'submitted',
        started_at: new Date(when.getTime() - 3_600_000),
        submitted_at: when,
        result: JSON.stringify({ overall: { score, max: 10, band }, findings: [], bodyMap: [] }),
        report_token: randomBytes(18).toString('base64url'),
        report_status: 'Finalized',
        overall_score: score,
        risk_band: band,
        finding_ids: [],
        body_scores: JSON.stringify(body),
      })
      .execute();
  const action = (user: number, created: Date, state: string, due: Date) =>
    db
      .insertInto('corrective_actions')
      .values({
        client_id: northwind,
        user_id: user,
        finding_key: `office:chair.seat_too_low.${randomBytes(4).toString('hex')}`,
        source: 'self_assessment',
        title: 'Raise the seat so the thighs are level.',
        priority: 'high',
        state: state as 'open',
        due_at: due,
        created_at: created,
        updated_at: created,
      })
      .execute();
  const item = await db
    .insertInto('equipment_items')
    .values({ client_id: northwind, slug: `chair-${tag}`, category: 'seating', price_cents: 25_000, currency: 'EUR', mode: 'bought' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const request = (user: number, created: Date, state: string, quantity: number, cents: number, currency = 'EUR') =>
    db
      .insertInto('equipment_requests')
      .values({
        client_id: northwind,
        user_id: user,
        item_id: item.id,
        quantity,
        unit_price_cents: cents,
        currency,
        mode: 'bought',
        desk_location: 'Floor 2',
        state: state as 'delivered',
        created_at: created,
        updated_at: created,
      })
      .execute();

  const e: number[] = [];
  for (let i = 0; i < 9; i += 1) e.push(await person(i, REGION));
  const sore = { neck: 30, lower_back: 20 };
  // Before: E0–E6 high risk (E0–E5 with a sore neck and back), E7 low, E8 high; then each one's first action of the period.
  for (let i = 0; i < 7; i += 1) await attempt(e[i], at('2025-03-02'), 'high', 8, i < 6 ? sore : {});
  await attempt(e[7], at('2025-03-02'), 'low', 3, {});
  await attempt(e[8], at('2025-03-02'), 'high', 8, sore);
  const due = at('2025-03-16');
  const states = ['open', 'open', 'open', 'open', 'open', 'open', 'done', 'verified', 'need_help'];
  for (let i = 0; i < 9; i += 1) await action(e[i], new Date(at('2025-03-02').getTime() + 60_000), states[i], due);
  // E0's earlier action, before the period and closed: their first action of the period is March's.
  await action(e[0], at('2025-02-01'), 'closed', at('2025-02-15'));
  // After: E0–E4 low, E5 still high, E6 moderate in the lab (no ROSA score), E7 low; nobody sore any more.
  for (let i = 0; i < 5; i += 1) await attempt(e[i], at('2025-04-10'), 'low', 3, {});
  await attempt(e[5], at('2025-04-10'), 'high', 8, {});
  await attempt(e[6], at('2025-04-10'), 'moderate', 5, {}, 'lab');
  await attempt(e[7], at('2025-04-10'), 'low', 2, {});
  // E8 retakes only after the period: not measured.
  await attempt(e[8], at('2025-05-05'), 'low', 2, {});
  // Equipment: a chair for E0–E4, two lamps loaned to E6 (moved out); a desk for E5 (not moved out);
  // E1's second chair arrived after their retake and their third is not yet approved; a dollar order.
  for (let i = 0; i < 5; i += 1) await request(e[i], at('2025-03-10'), 'delivered', 1, 25_000);
  await request(e[6], at('2025-03-12'), 'loaned', 2, 10_000);
  await request(e[5], at('2025-03-12'), 'delivered', 1, 90_000);
  await request(e[1], at('2025-04-20'), 'delivered', 1, 25_000);
  await request(e[1], at('2025-03-20'), 'requested', 1, 25_000);
  await request(e[2], at('2025-03-20'), 'delivered', 1, 40_000, 'USD');

  // Three employees of another region, each high risk then low: too few to show anything about.
  for (let i = 0; i < 3; i += 1) {
    const id = await person(20 + i, SMALL);
    await attempt(id, at('2025-03-03'), 'high', 9, sore);
    await action(id, at('2025-03-03'), 'open', due);
    await attempt(id, at('2025-04-03'), 'low', 2, {});
  }
}

beforeAll(async () => {
  server = await startTestServer();
  manager = await signedInAgent(server.url, ACCOUNTS.manager, PASSWORD);
  await seed();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const outcomes = async (query: string) => {
  const answer = await manager.get(`/dashboards/program-overview/outcomes?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.data as Data;
};
const figureOf = (data: Data, key: string) => (data.figures as Data[]).find((f) => f.key === key)!;
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
const safe = (n: number) => n === 0 || n >= 5;

/** The panel's figures computed here: the before and after self-assessments by DISTINCT ON, the rest in JavaScript. */
async function expected(since: Date, until: Date, region?: string) {
  const db = server.ctx.db;
  const inRegion = region ? sql`AND user_id IN (SELECT id FROM users WHERE region = ${region})` : sql``;
  const pairs = (
    await sql<{
      user_id: number;
      at: Date;
      b_band: string;
      b_score: number;
      b_area: string;
      b_body: any;
      n_band: string;
      n_score: number;
      n_area: string;
      n_body: any;
      n_at: Date;
    }>`
      WITH fa AS (SELECT user_id, min(created_at) AS at FROM corrective_actions
                  WHERE client_id = ${northwind} AND created_at >= ${since} AND created_at < ${until} ${inRegion} GROUP BY user_id),
      att AS (SELECT t.*, fa.at FROM assessment_attempts t JOIN fa ON fa.user_id = t.user_id
              WHERE t.client_id = ${northwind} AND t.status = 'submitted' AND t.submitted_at < ${until}),
      b AS (SELECT DISTINCT ON (user_id) user_id, at, risk_band, overall_score, area, body_scores FROM att WHERE submitted_at <= at ORDER BY user_id, submitted_at DESC, id DESC),
      n AS (SELECT DISTINCT ON (user_id) user_id, risk_band, overall_score, area, body_scores, submitted_at FROM att WHERE submitted_at > at ORDER BY user_id, submitted_at DESC, id DESC)
      SELECT b.user_id, b.at, b.risk_band AS b_band, b.overall_score AS b_score, b.area AS b_area, b.body_scores AS b_body,
        n.risk_band AS n_band, n.overall_score AS n_score, n.area AS n_area, n.body_scores AS n_body, n.submitted_at AS n_at
      FROM b JOIN n ON n.user_id = b.user_id`.execute(db)
  ).rows;
  const body = (v: any) => (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, number>;
  const high = pairs.filter((p) => p.b_band === 'high');
  const moved = high.filter((p) => p.n_band !== 'high');
  const rosa = pairs
    .filter((p) => ['office', 'home'].includes(p.b_area) && ['office', 'home'].includes(p.n_area))
    .map((p) => p.n_score - p.b_score)
    .sort((a, b) => a - b);
  const median = rosa.length
    ? rosa.length % 2
      ? rosa[(rosa.length - 1) / 2]
      : (rosa[rosa.length / 2 - 1] + rosa[rosa.length / 2]) / 2
    : null;
  const anyBefore = pairs.filter((p) => Object.keys(body(p.b_body)).length > 0).length;
  const anyAfter = pairs.filter((p) => Object.keys(body(p.n_body)).length > 0).length;
  const currency = (await db.selectFrom('clients').select('equipment_currency').where('id', '=', northwind).executeTakeFirstOrThrow())
    .equipment_currency;
  let cents = 0;
  let requests = 0;
  for (const p of moved) {
    const r = (
      await sql<{ c: string; n: string }>`SELECT coalesce(sum(quantity * unit_price_cents), 0) AS c, count(*) AS n FROM equipment_requests
        WHERE user_id = ${p.user_id} AND state IN ('delivered', 'loaned', 'returned') AND currency = ${currency}
          AND created_at >= ${p.at} AND created_at < ${p.n_at}`.execute(db)
    ).rows[0];
    cents += Number(r.c);
    requests += Number(r.n);
  }
  const live = (
    await sql<{ owner: number; live: string; overdue: string }>`SELECT user_id AS owner, count(*) AS live,
        count(*) FILTER (WHERE state = 'open' AND due_at < now()) AS overdue FROM corrective_actions
      WHERE client_id = ${northwind} AND state IN ('open', 'done', 'not_possible', 'need_help') ${inRegion} GROUP BY user_id`.execute(db)
  ).rows;
  const liveCount = live.reduce((s, r) => s + Number(r.live), 0);
  const overdue = live.reduce((s, r) => s + Number(r.overdue), 0);
  const overduePeople = live.filter((r) => Number(r.overdue) > 0).length;
  const movedShown = high.length >= 5 && safe(moved.length);
  const regionShares = (name: string) => {
    const before = pairs.filter((p) => body(p.b_body)[name] > 0).length;
    const after = pairs.filter((p) => body(p.n_body)[name] > 0).length;
    const shown = pairs.length >= 5 && safe(before) && safe(after);
    return { before: shown ? pct(before, pairs.length) : null, after: shown ? pct(after, pairs.length) : null };
  };
  return {
    measured: pairs.length >= 5 ? pairs.length : null,
    moved: movedShown ? moved.length : null,
    movedShare: movedShown ? pct(moved.length, high.length) : null,
    rosa: rosa.length >= 5 && median !== null ? Math.round(median * 10) / 10 : null,
    discomfort:
      pairs.length >= 5 && safe(anyBefore) && safe(anyAfter)
        ? Math.round((pct(anyAfter, pairs.length) - pct(anyBefore, pairs.length)) * 10) / 10
        : null,
    open: live.length >= 5 ? liveCount : null,
    overdue: live.length >= 5 && safe(overduePeople) ? overdue : null,
    cost: movedShown && moved.length > 0 && requests > 0 ? Math.round(cents / moved.length / 100) : null,
    neck: regionShares('neck'),
  };
}

describe('the risk-reduction panel', () => {
  it('tells the known story of one region, each figure equal to SQL and coloured by the default targets', async () => {
    const data = await outcomes(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&region=${encodeURIComponent(REGION)}`);
    const want = await expected(PERIOD.since, PERIOD.until, REGION);
    // Known by construction: eight measured, six of seven high-risk employees moved out, ROSA −5 in the
    // median, nobody sore after, six of eight live actions overdue, 1,450 EUR for six employees.
    expect(want).toMatchObject({ measured: 8, moved: 6, movedShare: 85.7, rosa: -5, discomfort: -75, open: 8, overdue: 6, cost: 242 });
    expect(data.measured).toBe(want.measured);
    expect(data.currency).toBe('EUR');
    expect(data.cost_recorded).toBe(true);
    const moved = figureOf(data, 'moved_out_of_high_risk');
    expect([moved.value, moved.of, moved.measure, moved.state]).toEqual([want.moved, 7, want.movedShare, 'on_target']);
    expect([figureOf(data, 'rosa_change').value, figureOf(data, 'rosa_change').of, figureOf(data, 'rosa_change').state]).toEqual([
      want.rosa,
      7,
      'on_target',
    ]);
    expect([figureOf(data, 'discomfort_change').value, figureOf(data, 'discomfort_change').state]).toEqual([want.discomfort, 'on_target']);
    expect(figureOf(data, 'open_actions').value).toBe(want.open);
    const overdue = figureOf(data, 'overdue_actions');
    expect([overdue.value, overdue.of, overdue.measure, overdue.target, overdue.state]).toEqual([
      want.overdue,
      want.open,
      75,
      20,
      'off_target',
    ]);
    const cost = figureOf(data, 'cost_per_move');
    expect([cost.value, cost.target, cost.target_kind, cost.state]).toEqual([want.cost, 500, 'at_most', 'on_target']);
    expect((data.regions as Data[]).find((r) => r.region === 'neck')).toEqual({ region: 'neck', ...want.neck });
    expect(want.neck).toEqual({ before: 75, after: 0 });
    for (const f of data.figures as Data[]) expect(f.how).toBe(`staff.figures.how.${f.key}`);
  });

  it("follows the client's own targets: red, amber and green move with them", async () => {
    await sql`UPDATE clients SET moved_out_target_pct = 90, rosa_drop_target = 6, overdue_ceiling_pct = 70, cost_per_move_target = 200
      WHERE id = ${northwind}`.execute(server.ctx.db);
    try {
      const data = await outcomes(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&region=${encodeURIComponent(REGION)}`);
      // 85.7 % against 90 %: close; −5 against −6: off; 75 % overdue against 70 %: close; 242 against 200: close (within a quarter).
      expect((data.figures as Data[]).map((f) => [f.key, f.state])).toEqual([
        ['moved_out_of_high_risk', 'near_target'],
        ['rosa_change', 'off_target'],
        ['discomfort_change', 'on_target'],
        ['open_actions', null],
        ['overdue_actions', 'near_target'],
        ['cost_per_move', 'near_target'],
      ]);
    } finally {
      await sql`UPDATE clients SET moved_out_target_pct = DEFAULT, rosa_drop_target = DEFAULT, overdue_ceiling_pct = DEFAULT,
        cost_per_move_target = DEFAULT WHERE id = ${northwind}`.execute(server.ctx.db);
    }
  });

  it('equals SQL for the whole client over two years of its history', async () => {
    for (const [from, to, since, until] of [
      ['2024-05', '2026-04', new Date('2024-05-01T00:00:00Z'), new Date('2026-05-01T00:00:00Z')],
      [PERIOD.from, PERIOD.to, PERIOD.since, PERIOD.until],
    ] as const) {
      const data = await outcomes(`from_month=${from}&to_month=${to}`);
      const want = await expected(since, until);
      expect(data.measured, `${from}–${to}`).toBe(want.measured);
      expect(figureOf(data, 'moved_out_of_high_risk').value).toBe(want.moved);
      expect(figureOf(data, 'moved_out_of_high_risk').measure).toBe(want.movedShare);
      expect(figureOf(data, 'rosa_change').value).toBe(want.rosa);
      expect(figureOf(data, 'discomfort_change').value).toBe(want.discomfort);
      expect(figureOf(data, 'open_actions').value).toBe(want.open);
      expect(figureOf(data, 'overdue_actions').value).toBe(want.overdue);
      expect(figureOf(data, 'cost_per_move').value).toBe(want.cost);
      expect((data.regions as Data[]).find((r) => r.region === 'neck')).toEqual({ region: 'neck', ...want.neck });
    }
  });

  it('shows no figure about the three employees of a small region', async () => {
    const data = await outcomes(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&region=${encodeURIComponent(SMALL)}`);
    expect(data.measured).toBeNull();
    for (const f of data.figures as Data[]) {
      expect(f.value, f.key).toBeNull();
      expect(f.state, f.key).toBeNull();
    }
    for (const r of data.regions as Data[]) expect([r.before, r.after], r.region).toEqual([null, null]);
  });

  it('answers 404 for a client the caller does not serve and 400 for a period that cannot be', async () => {
    const other = await server.ctx.db.selectFrom('clients').select('id').where('id', '<>', northwind).executeTakeFirstOrThrow();
    expect((await manager.get(`/dashboards/program-overview/outcomes?client_id=${other.id}`)).status).toBe(404);
    expect((await manager.get('/dashboards/program-overview/outcomes?from_month=2025-13')).status).toBe(400);
    expect((await manager.get('/dashboards/program-overview/outcomes?from_month=2025-05&to_month=2025-04')).status).toBe(400);
  });
});
