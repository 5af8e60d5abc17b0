import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * SPEC §1 "what programme managers see": the Programme Overview's six headline figures, each with
 * its previous period and its state against the client's targets, and the needs-your-attention
 * panel, against SQL written here over a known client history; the same figure on two pages is the
 * same number; and a period one employee was active in shows no figure about people below 5.
 *
 * The period is March–April 2025 (previous: January–February 2025); June 2022 is the month only
 * one employee submitted a self-assessment in.
 */
let server: TestServer;
let manager: Agent;
let northwind: number;
/** The seeded employees and a way to add a self-assessment, for the time-zone cases at the end. */
let seeded: { e: number[]; attempt: (user: number, when: Date, band: 'low' | 'moderate' | 'high') => Promise<unknown> };
const PERIOD = { from: '2025-03', to: '2025-04', since: new Date('2025-03-01T00:00:00Z'), until: new Date('2025-05-01T00:00:00Z') };
const BEFORE = { from: '2025-01', to: '2025-02', since: new Date('2025-01-01T00:00:00Z'), until: new Date('2025-03-01T00:00:00Z') };
const LONELY = { month: '2022-06', since: new Date('2022-06-01T00:00:00Z'), until: new Date('2022-07-01T00:00:00Z') };
const DAY = 86_400_000;
const at = (iso: string) => new Date(`${iso}T10:00:00Z`);
type Data = Record<string, any>;

const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(server.ctx.db)).rows;
const one = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await rows(query))[0].n);
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
/** A figure about `people` employees as the overview must show it (SPEC §1 small groups). */
const aboutPeople = (people: number, value: number) => (people >= 5 ? value : null);

async function seed() {
  const db = server.ctx.db;
  northwind = (await db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()).id;
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  const evaluator = await db.selectFrom('users').select('id').where('email', '=', 'evaluator@ergoportal.example').executeTakeFirstOrThrow();
  const tag = randomBytes(3).toString('hex');
  const e: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const row = await db
      .insertInto('users')
      .values({
        first_name: `Headline${i}`,
        last_name: `Figure${tag}`,
        email: `headline${i}.${tag}@nw01.example`,
        password_hash: null,
        client_id: northwind,
        role_id: role.id,
        region: 'Europe',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    e.push(row.id);
  }
  const attempt = (user: number, when: Date, band: 'low' | 'moderate' | 'high') =>
    db
      .insertInto('assessment_attempts')
      .values({
        user_id: user,
        client_id: northwind,
        area: 'office',
        language: 'en',
        questionnaire_version: 1,
        answers: '{}',
        sections_done: '[]',
        status: 'submitted',
        started_at: new Date(when.getTime() - 3_600_000),
        submitted_at: when,
        result: JSON.stringify({ overall: { score: band === 'high' ? 8 : 3, max: 10, band }, findings: [], bodyMap: [] }),
        report_token: randomBytes(18).toString('base64url'),
        report_status: 'Finalized',
        overall_score: band === 'high' ? 8 : 3,
        risk_band: band,
        finding_ids: [],
        body_scores: '{}',
      })
      .execute();
  // The period: six people, seven self-assessments, two of them high risk.
  await attempt(e[0], at('2025-03-05'), 'moderate');
  for (const [i, band] of (['low', 'high', 'high', 'low', 'moderate', 'low'] as const).entries())
    await attempt(e[i], at('2025-04-10'), band);
  // The previous period: five people, one high.
  for (const [i, band] of (['low', 'low', 'low', 'high', 'low'] as const).entries()) await attempt(e[i], at('2025-02-10'), band);
  // On the edges: the last second of February is the previous period's, the first of May no period's.
  await attempt(e[5], new Date('2025-02-28T23:59:59Z'), 'low');
  await attempt(e[6], new Date('2025-05-01T00:00:00Z'), 'low');
  // June 2022: one employee alone.
  await attempt(e[6], at('2022-06-15'), 'high');

  const request = (user: number, status: 'requested' | 'cancelled', created: Date) =>
    db
      .insertInto('evaluation_requests')
      .values({
        user_id: user,
        client_id: northwind,
        preferred_times: 'Weekday mornings',
        notes: 'Wrist ache after long spreadsheet days.',
        status,
        work_area: 'Office',
        time_zone: 'Europe/Berlin',
        created_at: created,
        updated_at: created,
        ...(status === 'cancelled' ? { cancelled_at: created } : {}),
      })
      .execute();
  // Five open requests (E2's after its high-risk self-assessment), and E6's cancelled one in June 2022.
  for (const i of [0, 2, 3, 4, 5]) await request(e[i], 'requested', at('2025-04-20'));
  await request(e[6], 'cancelled', at('2022-06-20'));

  const evaluation = (user: number, status: string, created: Date, finalized: Date | null, updated?: Date) =>
    db
      .insertInto('evaluations')
      .values({
        client_id: northwind,
        employee_id: user,
        evaluator_id: evaluator.id,
        request_id: null,
        status,
        work_area: 'Office',
        recommendations: JSON.stringify([{ text: 'Raise the chair so the elbows rest at desk height.', priority: 'high' }]),
        created_at: created,
        updated_at: updated ?? finalized ?? created,
        finalized_at: finalized,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const followUp = (evaluationId: number, user: number, due: Date, answered: Date | null) =>
    db
      .insertInto('follow_ups')
      .values({
        evaluation_id: evaluationId,
        client_id: northwind,
        employee_id: user,
        due_at: due,
        ...(answered
          ? {
              answered_at: answered,
              answers: JSON.stringify({
                recommendations: [{ label: 'Raise the chair so the elbows rest at desk height.', priority: 'high', status: 'done' }],
                discomfort: {},
                comment: '',
              }),
            }
          : {}),
      })
      .execute();
  // The period: five reports by five people, each answered in the period; one more finalized then hidden.
  for (const i of [0, 1, 2, 3, 4]) {
    const r = await evaluation(e[i], 'finalized', at('2025-03-15'), at('2025-03-20'));
    await followUp(r.id, e[i], at('2025-04-20'), at('2025-04-25'));
  }
  await evaluation(e[5], 'hidden', at('2025-03-25'), at('2025-04-01'), at('2025-04-15'));
  // The previous period: six reports by five people; five answered then, one overdue.
  for (const i of [0, 1, 2, 3, 4]) {
    const r = await evaluation(e[i], 'finalized', at('2025-02-15'), at('2025-02-20'));
    await followUp(r.id, e[i], at('2025-02-22'), at('2025-02-25'));
  }
  const late = await evaluation(e[0], 'finalized', at('2025-01-15'), at('2025-01-20'));
  await followUp(late.id, e[0], at('2025-02-20'), null);
  // Before both: two overdue follow-ups and one answered in December 2024.
  for (const [i, answered] of [
    [0, null],
    [1, null],
    [2, at('2024-12-01')],
  ] as const) {
    const r = await evaluation(e[i], 'finalized', at('2024-10-01'), at('2024-10-10'));
    await followUp(r.id, e[i], at('2024-11-10'), answered);
  }
  // Due three days ago: due, not yet overdue.
  const now = Date.now();
  const recent = await evaluation(e[5], 'finalized', new Date(now - 9 * DAY), new Date(now - 6 * DAY));
  await followUp(recent.id, e[5], new Date(now - 3 * DAY), null);
  // June 2022: E6's five earlier reports, each answered in June by E6 alone.
  for (let k = 0; k < 5; k += 1) {
    const r = await evaluation(e[6], 'finalized', at('2022-05-01'), at(`2022-05-0${k + 2}`));
    await followUp(r.id, e[6], at('2022-06-01'), at('2022-06-20'));
  }
  // Waiting for the manager's approval: E6's (the oldest) and E5's.
  await evaluation(e[6], 'pending_client_approval', at('2022-07-01'), null, at('2022-07-02'));
  await evaluation(e[5], 'pending_client_approval', at('2025-04-28'), null, at('2025-05-01'));
  seeded = { e, attempt };
  return e;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = await signedInAgent(server.url, ACCOUNTS.manager, PASSWORD);
  await seed();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The counts SQL gives for one period, written apart from the server's queries. */
async function counted(since: Date, until: Date, region?: string) {
  const inRegion = (column: string) => (region ? sql`AND ${sql.ref(column)} IN (SELECT id FROM users WHERE region = ${region})` : sql``);
  const submitted = sql`client_id = ${northwind} AND status = 'submitted' AND submitted_at >= ${since} AND submitted_at < ${until} ${inRegion('user_id')}`;
  const people = await one(sql`SELECT count(DISTINCT user_id) AS n FROM assessment_attempts WHERE ${submitted}`);
  const attempts = await one(sql`SELECT count(*) AS n FROM assessment_attempts WHERE ${submitted}`);
  const high = await one(sql`SELECT count(*) AS n FROM assessment_attempts WHERE ${submitted} AND risk_band = 'high'`);
  const [finalized] = await rows<{ n: string; p: string }>(
    sql`SELECT count(*) AS n, count(DISTINCT employee_id) AS p FROM evaluations
      WHERE client_id = ${northwind} AND status = 'finalized' AND finalized_at >= ${since} AND finalized_at < ${until} ${inRegion('employee_id')}`,
  );
  const [answered] = await rows<{ n: string; p: string }>(
    sql`SELECT count(*) AS n, count(DISTINCT employee_id) AS p FROM follow_ups
      WHERE client_id = ${northwind} AND answered_at IS NOT NULL AND answered_at >= ${since} AND answered_at < ${until} ${inRegion('employee_id')}`,
  );
  return {
    people,
    attempts,
    high,
    finalized: aboutPeople(Number(finalized.p), Number(finalized.n)),
    answered: aboutPeople(Number(answered.p), Number(answered.n)),
  };
}

const overview = async (query: string) => {
  const answer = await manager.get(`/dashboards/program-overview?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.data as Data;
};
const figureOf = (data: Data, key: string) => (data.headline.figures as Data[]).find((f) => f.key === key)!;

describe('the headline figures', () => {
  it('equal the database for the period and the one before, with each target state', async () => {
    const eligible = await one(
      sql`SELECT count(*) AS n FROM users u WHERE u.client_id = ${northwind} AND u.status = 'active'
        AND EXISTS (SELECT 1 FROM role_permissions rp WHERE rp.role_id = u.role_id AND rp.permission = 'dashboard-pages-employee-dashboard-view')`,
    );
    const now = await counted(PERIOD.since, PERIOD.until);
    const then = await counted(BEFORE.since, BEFORE.until);
    expect([now.people, now.attempts, now.high, then.people, then.attempts, then.high]).toEqual([6, 7, 2, 6, 6, 1]);
    const participation = pct(now.people, eligible);
    // Targets that put participation just under its aim (amber) and high risk well over its ceiling (red).
    const participationTarget = Math.min(100, Math.ceil(participation) + 3);
    await sql`UPDATE clients SET participation_target_pct = ${participationTarget}, high_risk_ceiling_pct = 20 WHERE id = ${northwind}`.execute(
      server.ctx.db,
    );
    const data = await overview(`from_month=${PERIOD.from}&to_month=${PERIOD.to}`);
    expect(data.headline.eligible).toBe(eligible);
    expect(data.headline.previous_period).toEqual({ from_month: BEFORE.from, to_month: BEFORE.to });
    expect((data.headline.figures as Data[]).map((f) => f.key)).toEqual([
      'participants',
      'participation_share',
      'high_risk_share',
      'reports_finalized',
      'follow_ups_answered',
      'open_requests',
    ]);
    const open = (
      await rows<{ n: string; p: string }>(
        sql`SELECT count(*) AS n, count(DISTINCT user_id) AS p FROM evaluation_requests WHERE client_id = ${northwind} AND status = 'requested'`,
      )
    )[0];
    const expected: Record<string, [number | null, number | null]> = {
      participants: [now.people, then.people],
      participation_share: [participation, pct(then.people, eligible)],
      high_risk_share: [pct(now.high, now.attempts), pct(then.high, then.attempts)],
      reports_finalized: [now.finalized, then.finalized],
      follow_ups_answered: [now.answered, then.answered],
      open_requests: [aboutPeople(Number(open.p), Number(open.n)), null],
    };
    expect(expected.reports_finalized).toEqual([5, 6]);
    expect(expected.follow_ups_answered).toEqual([5, 5]);
    for (const [key, [value, previous]] of Object.entries(expected)) {
      const f = figureOf(data, key);
      expect([f.value, f.previous], key).toEqual([value, previous]);
      expect(f.change, key).toBe(value !== null && previous !== null ? Math.round((value - previous) * 10) / 10 : null);
      expect(f.how, key).toBe(`staff.figures.how.${key}`);
    }
    expect(figureOf(data, 'participation_share')).toMatchObject({
      target: participationTarget,
      target_kind: 'at_least',
      state: participation >= participationTarget ? 'on_target' : participation >= participationTarget - 10 ? 'near_target' : 'off_target',
    });
    expect(figureOf(data, 'participation_share').state).toBe('near_target');
    // 2 of 7 is 28.6 %: more than 5 points over a 20 % ceiling.
    expect(figureOf(data, 'high_risk_share')).toMatchObject({ value: 28.6, target: 20, target_kind: 'at_most', state: 'off_target' });
    for (const key of ['participants', 'reports_finalized', 'follow_ups_answered', 'open_requests'])
      expect(figureOf(data, key), key).toMatchObject({ unit: 'count', target: null, target_kind: null, state: null });
  });

  it('turn green and amber as the targets move', async () => {
    await sql`UPDATE clients SET participation_target_pct = 1, high_risk_ceiling_pct = 25 WHERE id = ${northwind}`.execute(server.ctx.db);
    const data = await overview(`from_month=${PERIOD.from}&to_month=${PERIOD.to}`);
    expect(figureOf(data, 'participation_share').state).toBe('on_target');
    expect(figureOf(data, 'high_risk_share').state).toBe('near_target');
    await sql`UPDATE clients SET participation_target_pct = 60, high_risk_ceiling_pct = 15 WHERE id = ${northwind}`.execute(server.ctx.db);
  });
});

describe('with a region filter', () => {
  it('count only the employees of the chosen region, now and before', async () => {
    const data = await overview(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&region=Europe`);
    const now = await counted(PERIOD.since, PERIOD.until, 'Europe');
    const then = await counted(BEFORE.since, BEFORE.until, 'Europe');
    expect(now.people).toBeGreaterThanOrEqual(6);
    expect([figureOf(data, 'participants').value, figureOf(data, 'participants').previous]).toEqual([now.people, then.people]);
    expect(figureOf(data, 'high_risk_share').value).toBe(pct(now.high, now.attempts));
    expect(figureOf(data, 'reports_finalized').value).toBe(now.finalized);
    expect(figureOf(data, 'follow_ups_answered').previous).toBe(then.answered);
    // A region nobody works in: every figure about people is withheld, and nothing needs attention there.
    const empty = await overview(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&region=Atlantis`);
    expect((empty.headline.figures as Data[]).map((f) => f.value)).toEqual([null, null, null, null, null, null]);
    expect([empty.attention.approvals.count, empty.attention.overdue_follow_ups.count, empty.attention.high_risk_unhandled.count]).toEqual([
      0, 0, 0,
    ]);
  });
});

describe('needs your attention', () => {
  it('counts and names what SQL finds: approvals, overdue follow-ups, high-risk employees not yet handled', async () => {
    const data = await overview(`from_month=${PERIOD.from}&to_month=${PERIOD.to}`);
    const name = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`;
    const approvals = await rows<{ id: number; first_name: string; last_name: string; updated_at: Date }>(
      sql`SELECT e.id, u.first_name, u.last_name, e.updated_at FROM evaluations e JOIN users u ON u.id = e.employee_id
        WHERE e.client_id = ${northwind} AND e.status = 'pending_client_approval' ORDER BY e.updated_at, e.id`,
    );
    expect(approvals.length).toBeGreaterThanOrEqual(2);
    expect(data.attention.approvals.count).toBe(approvals.length);
    expect(data.attention.approvals.items).toEqual(
      approvals.slice(0, 5).map((r) => ({ id: Number(r.id), employee: name(r), since: new Date(r.updated_at).toISOString() })),
    );
    // Overdue: no answer more than 14 days after the due date.
    const overdue = await rows<{ id: string; employee_id: number; first_name: string; last_name: string; due_at: Date }>(
      sql`SELECT f.id, f.employee_id, u.first_name, u.last_name, f.due_at FROM follow_ups f JOIN users u ON u.id = f.employee_id
        WHERE f.client_id = ${northwind} AND f.answered_at IS NULL AND f.due_at + interval '14 days' < now() ORDER BY f.due_at, f.id`,
    );
    expect(overdue.length).toBeGreaterThanOrEqual(3);
    expect(data.attention.overdue_follow_ups.count).toBe(overdue.length);
    // One line per employee (their oldest and how many), in the order of their oldest: a person is named once.
    const people = [...new Set(overdue.map((r) => r.employee_id))].slice(0, 5);
    expect(data.attention.overdue_follow_ups.items).toEqual(
      people.map((id) => {
        const theirs = overdue.filter((r) => r.employee_id === id);
        return {
          id: String(theirs[0]!.id),
          employee_id: id,
          employee: name(theirs[0]!),
          due_at: new Date(theirs[0]!.due_at).toISOString(),
          count: theirs.length,
        };
      }),
    );
    expect(overdue.length).toBeGreaterThan(new Set(overdue.map((r) => r.employee_id)).size);
    // An active employee whose latest self-assessment is high risk, with nothing done since: no request
    // or report, no action of theirs moved out of open, no equipment asked for (migration 039).
    const unhandled = await rows<{ user_id: number; first_name: string; last_name: string; submitted_at: Date; report_token: string }>(
      sql`SELECT a.user_id, u.first_name, u.last_name, a.submitted_at, a.report_token
        FROM assessment_attempts a JOIN users u ON u.id = a.user_id
        WHERE a.client_id = ${northwind} AND a.status = 'submitted' AND a.risk_band = 'high' AND u.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM assessment_attempts later WHERE later.user_id = a.user_id AND later.client_id = a.client_id
            AND later.status = 'submitted' AND (later.submitted_at > a.submitted_at OR (later.submitted_at = a.submitted_at AND later.id > a.id)))
          AND NOT EXISTS (SELECT 1 FROM evaluation_requests r WHERE r.user_id = a.user_id AND r.client_id = a.client_id AND r.created_at >= a.submitted_at)
          AND NOT EXISTS (SELECT 1 FROM evaluations v WHERE v.employee_id = a.user_id AND v.client_id = a.client_id AND v.created_at >= a.submitted_at)
          AND NOT EXISTS (SELECT 1 FROM corrective_actions c WHERE c.user_id = a.user_id AND c.client_id = a.client_id
            AND c.state IN ('done', 'not_possible', 'need_help', 'closed') AND c.updated_at >= a.submitted_at)
          AND NOT EXISTS (SELECT 1 FROM equipment_requests q WHERE q.user_id = a.user_id AND q.client_id = a.client_id AND q.created_at >= a.submitted_at)
        ORDER BY a.submitted_at, a.user_id`,
    );
    expect(unhandled.some((r) => r.first_name === 'Headline1')).toBe(true);
    expect(unhandled.some((r) => ['Headline2', 'Headline3', 'Headline6'].includes(r.first_name))).toBe(false);
    expect(data.attention.high_risk_unhandled.count).toBe(unhandled.length);
    expect(data.attention.high_risk_unhandled.items).toEqual(
      unhandled.slice(0, 5).map((r) => ({
        employee_id: r.user_id,
        employee: name(r),
        submitted_at: new Date(r.submitted_at).toISOString(),
        report: r.report_token,
      })),
    );
  });
});

describe('one figure, one number on every page', () => {
  it('reports finalized equals Ergo Eval Activity for the same period', async () => {
    for (const p of [PERIOD, BEFORE]) {
      const data = await overview(`from_month=${p.from}&to_month=${p.to}`);
      const last = new Date(p.until.getTime() - DAY).toISOString().slice(0, 10);
      const activity = await manager.get(`/dashboards/evaluations?from=${p.from}-01&to=${last}`);
      expect(activity.status).toBe(200);
      const finalized = (activity.data as Data).promise.finalized;
      expect(finalized).not.toBeNull();
      expect(figureOf(data, 'reports_finalized').value).toBe(finalized);
      expect(data.pipeline.finalized_reports).toBe(finalized);
    }
  });

  it('follow-ups answered equals Follow-Up Feedback over the whole history it counts', async () => {
    // Follow-Up Feedback from 2021-01-01 to today counts every answer the client has; the overview from 2021-01 to this month does too.
    const thisMonth = new Date().toISOString().slice(0, 7);
    const data = await overview(`from_month=2021-01&to_month=${thisMonth}`);
    const page = await manager.get(`/dashboards/follow-ups?from=2021-01-01&to=${new Date().toISOString().slice(0, 10)}`);
    expect(page.status).toBe(200);
    const answered = (page.data as Data).counts.answered;
    expect(answered).not.toBeNull();
    expect(figureOf(data, 'follow_ups_answered').value).toBe(answered);
    expect(data.follow_ups.answered).toBe(answered);
  });
});

describe('a period one employee was active in', () => {
  /** Every number under `value` that is a count of 1 to 4, with its path. */
  const smallCounts = (value: unknown, path = ''): string[] => {
    if (typeof value === 'number') return value > 0 && value < 5 ? [`${path}=${value}`] : [];
    if (Array.isArray(value)) return value.flatMap((v, i) => smallCounts(v, `${path}[${i}]`));
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => smallCounts(v, `${path}.${k}`));
    return [];
  };

  it('shows "fewer than 5" for every figure about people, on the overview and on Self-Assessment Activity', async () => {
    const people = await one(
      sql`SELECT count(DISTINCT user_id) AS n FROM assessment_attempts WHERE client_id = ${northwind} AND status = 'submitted'
        AND submitted_at >= ${LONELY.since} AND submitted_at < ${LONELY.until}`,
    );
    expect(people).toBe(1);
    const data = await overview(`from_month=${LONELY.month}&to_month=${LONELY.month}`);
    expect(data.participants).toBeNull();
    expect(data.participation_share).toBeNull();
    // "Self-assessments in the period" is about the one employee too.
    expect(data.self_assessments).toBeNull();
    expect(data.bands).toBeNull();
    expect(data.monthly).toEqual([{ month: LONELY.month, count: null }]);
    for (const key of ['participants', 'participation_share', 'high_risk_share', 'reports_finalized', 'follow_ups_answered'])
      expect(figureOf(data, key).value, key).toBeNull();
    // Five answers in June 2022, all by the one employee: about one person, however many answers.
    expect(data.follow_ups).toMatchObject({ answered: null, recommendations: null, done_share: null, in_progress_share: null });
    // Nothing else about people either (the pipeline's requests and reports by status: below).
    const { client, clients, period, headline, attention, eligible, pipeline, ...figures } = data;
    void [client, clients, period, attention, eligible];
    expect(smallCounts(figures)).toEqual([]);
    expect(smallCounts({ ...pipeline, requests: {}, evaluations: {} })).toEqual([]);
    expect(smallCounts(headline.figures.map((f: Data) => ({ value: f.value, previous: f.previous })))).toEqual([]);

    const activity = await manager.get(`/dashboards/self-assessments?from=${LONELY.month}-01&to=${LONELY.month}-30`);
    expect(activity.status).toBe(200);
    const a = activity.data as Data;
    expect(a.totals).toEqual({ started: null, submitted: null, completion: null, employees: null });
    expect(a.months).toEqual([{ month: LONELY.month, started: null, submitted: null }]);
    const { client_id, clients: pick, region_choices, range, ...counts } = a;
    void [client_id, pick, region_choices, range];
    expect(smallCounts(counts)).toEqual([]);
  });

  it("withholds the pipeline's requests and reports by status about fewer than 5 employees, and their records", async () => {
    const data = await overview(`from_month=${LONELY.month}&to_month=${LONELY.month}`);
    const byStatus = await rows<{ status: string; n: string; p: string }>(
      sql`SELECT status, count(*) AS n, count(DISTINCT user_id) AS p FROM evaluation_requests
        WHERE client_id = ${northwind} AND created_at >= ${LONELY.since} AND created_at < ${LONELY.until} GROUP BY status`,
    );
    expect(Number(byStatus.find((r) => r.status === 'cancelled')?.p)).toBe(1);
    expect(data.pipeline.requests).toEqual(Object.fromEntries(byStatus.map((r) => [r.status, aboutPeople(Number(r.p), Number(r.n))])));
    expect(data.pipeline.requests.cancelled).toBeNull();
    expect(smallCounts({ requests: data.pipeline.requests, evaluations: data.pipeline.evaluations })).toEqual([]);
    // The drill-down behind the "fewer than 5" bar names nobody.
    const drill = await manager.get(
      `/dashboards/program-overview/records?from_month=${LONELY.month}&to_month=${LONELY.month}&kind=request_status&value=cancelled`,
    );
    expect(drill.status).toBe(200);
    expect(drill.data).toMatchObject({ suppressed: true, total: 0, rows: [] });
  });

  it('shows "fewer than 5" on Ergo Eval Activity for a month one employee was active in', async () => {
    // May 2022: E6's five reports finalized, E6 alone; June 2022: E6's cancelled request.
    const answer = await manager.get('/dashboards/evaluations?from=2022-05-01&to=2022-06-30');
    expect(answer.status).toBe(200);
    const a = answer.data as Data;
    const perMonth = await rows<{ month: string; n: string; p: string }>(
      sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS n, count(DISTINCT user_id) AS p
        FROM evaluation_requests WHERE client_id = ${northwind} AND created_at >= '2022-05-01' AND created_at < '2022-07-01' GROUP BY 1`,
    );
    const finalized = await rows<{ month: string; n: string; p: string }>(
      sql`SELECT to_char(finalized_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS n, count(DISTINCT employee_id) AS p
        FROM evaluations WHERE client_id = ${northwind} AND status = 'finalized' AND finalized_at >= '2022-05-01' AND finalized_at < '2022-07-01' GROUP BY 1`,
    );
    const of = (list: { month: string; n: string; p: string }[], month: string) => {
      const row = list.find((r) => r.month === month);
      return row ? aboutPeople(Number(row.p), Number(row.n)) : 0;
    };
    expect(a.months).toEqual(
      ['2022-05', '2022-06'].map((month) => ({ month, requested: of(perMonth, month), finalized: of(finalized, month) })),
    );
    expect(a.months[0].finalized).toBeNull();
    expect(a.promise).toMatchObject({ finalized: null, within: null, late: null, average_days: null });
    const { client_id, clients, range, promise, ...counts } = a;
    void [client_id, clients, range];
    const { min_days, max_days, ...promised } = promise;
    void [min_days, max_days];
    expect(smallCounts({ ...counts, promise: promised })).toEqual([]);
  });
});

describe("periods in the reader's time zone", () => {
  const LA = 'America/Los_Angeles';
  // March–April 2025 in Los Angeles: from 1 March 00:00 PST (08:00 UTC) to 1 May 00:00 PDT (07:00 UTC).
  const LA_PERIOD = { since: new Date('2025-03-01T08:00:00Z'), until: new Date('2025-05-01T07:00:00Z') };
  // 23:30 in Los Angeles on 30 April, the period's last day: already 1 May in UTC.
  const LATE = new Date('2025-05-01T06:30:00Z');
  const drilled = async (query: string) => {
    const answer = await manager.get(`/dashboards/program-overview/records?${query}&kind=all&size=500`);
    expect(answer.status).toBe(200);
    return (answer.data as Data).rows.map((r: Data) => String(r.id)) as string[];
  };

  it('counts a self-assessment at 23:30 on the last day of the period in that period, not the next, as SQL does', async () => {
    await seeded.attempt(seeded.e[3], LATE, 'high');
    const [late] = await rows<{ id: string }>(
      sql`SELECT id FROM assessment_attempts WHERE client_id = ${northwind} AND submitted_at = ${LATE} AND user_id = ${seeded.e[3]}`,
    );
    const id = String(late.id);

    const data = await overview(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&tz=${LA}`);
    const now = await counted(LA_PERIOD.since, LA_PERIOD.until);
    const then = await counted(new Date('2025-01-01T08:00:00Z'), LA_PERIOD.since);
    expect(now.attempts).toBe((await counted(PERIOD.since, PERIOD.until)).attempts + 2); // LATE and 1 May 00:00 UTC
    expect(data.self_assessments).toBe(aboutPeople(now.people, now.attempts));
    expect([figureOf(data, 'participants').value, figureOf(data, 'participants').previous]).toEqual([
      aboutPeople(now.people, now.people),
      aboutPeople(then.people, then.people),
    ]);
    expect(figureOf(data, 'high_risk_share').value).toBe(aboutPeople(now.people, pct(now.high, now.attempts)));
    expect(data.bands).toEqual(
      await rows<{ low: number; moderate: number; high: number }>(
        sql`SELECT count(*) FILTER (WHERE risk_band = 'low')::int AS low, count(*) FILTER (WHERE risk_band = 'moderate')::int AS moderate,
          count(*) FILTER (WHERE risk_band = 'high')::int AS high FROM assessment_attempts
          WHERE client_id = ${northwind} AND status = 'submitted' AND submitted_at >= ${LA_PERIOD.since} AND submitted_at < ${LA_PERIOD.until}`,
      ).then((r) => r[0]),
    );
    // The records behind the figures: in the period, not in May.
    expect(await drilled(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&tz=${LA}`)).toContain(id);
    expect(await drilled(`from_month=2025-05&to_month=2025-05&tz=${LA}`)).not.toContain(id);
    // In UTC it is a May self-assessment.
    expect(await drilled(`from_month=${PERIOD.from}&to_month=${PERIOD.to}`)).not.toContain(id);
    expect(await drilled(`from_month=2025-05&to_month=2025-05`)).toContain(id);
  });

  it('counts the same days on Self-Assessment Activity and Ergo Eval Activity', async () => {
    const answer = await manager.get(`/dashboards/self-assessments?from=2025-04-01&to=2025-04-30&tz=${LA}`);
    expect(answer.status).toBe(200);
    const a = answer.data as Data;
    const april = await counted(new Date('2025-04-01T07:00:00Z'), LA_PERIOD.until);
    expect(a.range).toEqual({ from: '2025-04-01', to: '2025-04-30' });
    expect(a.totals.submitted).toBe(aboutPeople(april.people, april.attempts));
    expect(a.totals.submitted).toBe((await counted(new Date('2025-04-01T00:00:00Z'), new Date('2025-05-01T00:00:00Z'))).attempts + 2);
    expect(a.months).toHaveLength(1);
    expect(a.months[0]).toMatchObject({ month: '2025-04', submitted: a.totals.submitted });
    const may = (await manager.get(`/dashboards/self-assessments/rows?from=2025-05-01&to=2025-05-31&tz=${LA}`)).data as Data;
    expect(may.rows.some((r: Data) => new Date(r.submitted_at).getTime() === LATE.getTime())).toBe(false);
    const aprilRows = (await manager.get(`/dashboards/self-assessments/rows?from=2025-04-01&to=2025-04-30&tz=${LA}&size=100`)).data as Data;
    expect(aprilRows.rows.some((r: Data) => new Date(r.submitted_at).getTime() === LATE.getTime())).toBe(true);
    // Reports finalized: the overview and Ergo Eval Activity count the same Los Angeles days.
    const evaluations = (await manager.get(`/dashboards/evaluations?from=2025-03-01&to=2025-04-30&tz=${LA}`)).data as Data;
    const data = await overview(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&tz=${LA}`);
    expect(evaluations.promise.finalized).toBe(figureOf(data, 'reports_finalized').value);
  });

  it('answers 400 for a time zone Intl does not know, on every period call', async () => {
    for (const path of [
      '/dashboards/program-overview',
      '/dashboards/program-overview/records?kind=all',
      '/dashboards/self-assessments',
      '/dashboards/self-assessments/rows',
      '/dashboards/evaluations',
      '/dashboards/follow-ups',
      '/dashboards/follow-ups/rows',
      '/dashboards/clients',
    ]) {
      const answer = await manager.get(`${path}${path.includes('?') ? '&' : '?'}tz=Mars/Olympus_Mons`);
      expect(answer.status, path).toBe(400);
    }
    // An alias Intl resolves (Asia/Kolkata) and UTC itself are accepted.
    expect((await manager.get('/dashboards/self-assessments?tz=Asia/Kolkata')).status).toBe(200);
    expect((await manager.get('/dashboards/clients?tz=UTC')).status).toBe(200);
  });
});

describe('Follow-Up Feedback over a period', () => {
  it('counts the answers that arrived in the period and the open follow-ups set up in it, as SQL does', async () => {
    const answer = await manager.get('/dashboards/follow-ups?from=2025-03-01&to=2025-04-30');
    expect(answer.status).toBe(200);
    const data = answer.data as Data;
    expect(data.range).toEqual({ from: '2025-03-01', to: '2025-04-30' });
    const answered = await counted(PERIOD.since, PERIOD.until);
    expect(data.counts.answered).toBe(answered.answered);
    expect(data.counts.answered).toBe(5);
    // The same number as the overview's "Follow-ups answered" for the period.
    expect(data.counts.answered).toBe(
      figureOf(await overview(`from_month=${PERIOD.from}&to_month=${PERIOD.to}`), 'follow_ups_answered').value,
    );
    const rows = (await manager.get('/dashboards/follow-ups/rows?from=2025-03-01&to=2025-04-30&state=answered&size=100')).data as Data;
    expect(rows.total).toBe(5);
    expect(rows.rows.every((r: Data) => new Date(r.answered_at) >= PERIOD.since && new Date(r.answered_at) < PERIOD.until)).toBe(true);
    // June 2022: five answers by one employee: "fewer than 5" here too.
    const lonely = (await manager.get('/dashboards/follow-ups?from=2022-06-01&to=2022-06-30')).data as Data;
    expect(lonely.counts.answered).toBeNull();
    expect(lonely.outcomes).toMatchObject({ answered: true, employees: null, recommendations: null });
    // A period that ends before it starts is refused.
    expect((await manager.get('/dashboards/follow-ups?from=2025-05-01&to=2025-04-30')).status).toBe(400);
  });
});

describe('needs your attention, once handled', () => {
  const attention = async () => (await overview(`from_month=${PERIOD.from}&to_month=${PERIOD.to}`)).attention as Data;
  /** High-risk employees not yet handled, as the panel's SQL above counts them. */
  const unhandledCount = () =>
    one(sql`SELECT count(*) AS n FROM assessment_attempts a JOIN users u ON u.id = a.user_id
      WHERE a.client_id = ${northwind} AND a.status = 'submitted' AND a.risk_band = 'high' AND u.status = 'active'
        AND NOT EXISTS (SELECT 1 FROM assessment_attempts later WHERE later.user_id = a.user_id AND later.client_id = a.client_id
          AND later.status = 'submitted' AND (later.submitted_at > a.submitted_at OR (later.submitted_at = a.submitted_at AND later.id > a.id)))
        AND NOT EXISTS (SELECT 1 FROM evaluation_requests r WHERE r.user_id = a.user_id AND r.client_id = a.client_id AND r.created_at >= a.submitted_at)
        AND NOT EXISTS (SELECT 1 FROM evaluations v WHERE v.employee_id = a.user_id AND v.client_id = a.client_id AND v.created_at >= a.submitted_at)
        AND NOT EXISTS (SELECT 1 FROM corrective_actions c WHERE c.user_id = a.user_id AND c.client_id = a.client_id
          AND c.state IN ('done', 'not_possible', 'need_help', 'closed') AND c.updated_at >= a.submitted_at)
        AND NOT EXISTS (SELECT 1 FROM equipment_requests q WHERE q.user_id = a.user_id AND q.client_id = a.client_id AND q.created_at >= a.submitted_at)`);

  it('drops a report once the manager approves it', async () => {
    const before = (await attention()).approvals;
    const newest = (
      await rows<{ id: number }>(
        sql`SELECT id FROM evaluations WHERE client_id = ${northwind} AND status = 'pending_client_approval' ORDER BY updated_at DESC, id DESC LIMIT 1`,
      )
    )[0];
    expect(before.items.map((i: Data) => i.id)).toContain(Number(newest.id));
    expect((await manager.post(`/evaluations/${newest.id}/transitions`, { transition: 'approve' })).status).toBe(200);
    const after = (await attention()).approvals;
    expect(after.count).toBe(before.count - 1);
    expect(after.items.map((i: Data) => i.id)).not.toContain(Number(newest.id));
  });

  it('drops an overdue follow-up once its employee answers it', async () => {
    const db = server.ctx.db;
    const employee = await db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.employee).executeTakeFirstOrThrow();
    const evaluator = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'evaluator@ergoportal.example')
      .executeTakeFirstOrThrow();
    // Overdue since 2020: the oldest of the panel, so named in it.
    const report = await db
      .insertInto('evaluations')
      .values({
        client_id: northwind,
        employee_id: employee.id,
        evaluator_id: evaluator.id,
        request_id: null,
        status: 'finalized',
        work_area: 'Office',
        recommendations: JSON.stringify([{ text: 'Lower the screen to eye height.', priority: 'high' }]),
        created_at: at('2020-01-02'),
        updated_at: at('2020-01-05'),
        finalized_at: at('2020-01-05'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const followUp = await db
      .insertInto('follow_ups')
      .values({ evaluation_id: report.id, client_id: northwind, employee_id: employee.id, due_at: at('2020-02-05') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = (await attention()).overdue_follow_ups;
    expect(before.items.map((i: Data) => i.id)).toContain(String(followUp.id));
    const answering = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
    expect((await answering.post(`/follow-ups/${followUp.id}/answers`, { recommendations: ['done'] })).status).toBe(200);
    const after = (await attention()).overdue_follow_ups;
    expect(after.count).toBe(before.count - 1);
    expect(after.items.map((i: Data) => i.id)).not.toContain(String(followUp.id));
  });

  it('drops a high-risk employee once they ask for an evaluation, or an evaluator starts a report for them', async () => {
    const db = server.ctx.db;
    const employee = await db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.employee).executeTakeFirstOrThrow();
    const start = (await attention()).high_risk_unhandled.count;
    expect(start).toBe(await unhandledCount());
    // A high-risk self-assessment a minute ago: waiting for a request or a report.
    await seeded.attempt(employee.id, new Date(Date.now() - 60_000), 'high');
    expect((await attention()).high_risk_unhandled.count).toBe(start + 1);
    expect(await unhandledCount()).toBe(start + 1);
    // The employee asks for an evaluation: handled.
    const asking = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
    expect((await asking.post('/evaluation-requests', { preferred_times: 'Weekday mornings' })).status).toBe(200);
    expect((await attention()).high_risk_unhandled.count).toBe(start);
    expect(await unhandledCount()).toBe(start);
    // Another high-risk self-assessment, then a report an evaluator starts for them (written straight
    // to the database: whoever writes, the panel follows).
    await seeded.attempt(seeded.e[4], new Date(Date.now() - 30_000), 'high');
    expect((await attention()).high_risk_unhandled.count).toBe(start + 1);
    const evaluator = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'evaluator@ergoportal.example')
      .executeTakeFirstOrThrow();
    const draft = await db
      .insertInto('evaluations')
      .values({
        client_id: northwind,
        employee_id: seeded.e[4],
        evaluator_id: evaluator.id,
        request_id: null,
        status: 'draft',
        work_area: 'Office',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await attention()).high_risk_unhandled.count).toBe(start);
    expect(await unhandledCount()).toBe(start);
    // The report deleted again: waiting once more; the account switched off: not the manager's to act on.
    await db.deleteFrom('evaluations').where('id', '=', draft.id).execute();
    expect((await attention()).high_risk_unhandled.count).toBe(start + 1);
    await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', seeded.e[4]).execute();
    expect((await attention()).high_risk_unhandled.count).toBe(start);
    expect(await unhandledCount()).toBe(start);
    await db.updateTable('users').set({ status: 'active' }).where('id', '=', seeded.e[4]).execute();
  });
});
