import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityTrainingGrid } from '../../generated/grids';
import { TRAINING_REPORT_STATES } from '../../src/shared/training/report-states';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The programme manager's training figures (docs/product.md "Training: the programme manager's
 * figures"): the overview's training panel and the training activity grid against SQL written here,
 * for a region whose story is known, for the whole client, and for a region too small to show.
 */
let server: TestServer;
let manager: Agent;
let northwind: number;
const tag = randomBytes(3).toString('hex');
const REGION = `Training ${tag}`;
const SMALL = `Few ${tag}`;
const RETRAINED = `Retrained ${tag}`;
const PERIOD = { from: '2025-03', to: '2025-04', since: new Date('2025-03-01T00:00:00Z'), until: new Date('2025-05-01T00:00:00Z') };
const DAYS = 'from=2025-03-01&to=2025-04-30&tz=UTC';
const at = (iso: string) => new Date(`${iso}T10:00:00Z`);
const LATER = at('2030-01-01');
type Data = Record<string, any>;

async function seed() {
  const db = server.ctx.db;
  northwind = (await db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()).id;
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
  const person = async (i: number, region: string) =>
    (
      await db
        .insertInto('users')
        .values({
          first_name: `Learner${i}`,
          last_name: `Figures${tag}`,
          email: `learner${i}.${region.length}.${tag}@nw01.example`,
          password_hash: null,
          client_id: northwind,
          role_id: role.id,
          region,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const enrol = async (user: number, course: string, created: Date, due: Date, state: 'assigned' | 'in_progress' | 'completed') =>
    (
      await db
        .insertInto('training_enrolments')
        .values({
          client_id: northwind,
          user_id: user,
          course_id: course,
          state,
          due_at: due,
          created_at: created,
          started_at: state === 'assigned' ? null : created,
          completed_at: state === 'completed' ? new Date(created.getTime() + 86_400_000) : null,
          score: state === 'completed' ? 90 : null,
          certificate_code: state === 'completed' ? randomBytes(8).toString('hex').toUpperCase() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const quiz = (enrolment: string, module: string, when: Date, passed: boolean) =>
    db
      .insertInto('training_quiz_attempts')
      .values({ enrolment_id: enrolment, module_id: module, answers: '{}', score: passed ? 100 : 40, passed, created_at: when })
      .execute();

  const e: number[] = [];
  for (let i = 0; i < 17; i += 1) e.push(await person(i, REGION));
  // E0–E5 completed display-screen; E0 failed the posture quiz once before passing it.
  for (let i = 0; i < 6; i += 1) {
    const id = await enrol(e[i], 'display-screen', at('2025-03-05'), at('2025-04-04'), 'completed');
    if (i === 0) await quiz(id, 'posture', at('2025-03-06'), false);
    await quiz(id, 'posture', at('2025-03-07'), true);
    await quiz(id, 'chair', at('2025-03-07'), true);
  }
  // E6–E10 started it, due in 2030; E6 and E7 failed the chair quiz at the first try, E8 passed it.
  for (let i = 6; i < 11; i += 1) {
    const id = await enrol(e[i], 'display-screen', at('2025-03-20'), LATER, 'in_progress');
    if (i < 9) await quiz(id, 'chair', at('2025-03-21'), i === 8);
  }
  // E11–E16 never started it and it was due in April 2025: overdue.
  for (let i = 11; i < 17; i += 1) await enrol(e[i], 'display-screen', at('2025-03-02'), at('2025-04-01'), 'assigned');
  // E0 was also given working-from-home in April, due in 2030; E1's earlier enrolment is before the period.
  await enrol(e[0], 'working-from-home', at('2025-04-02'), LATER, 'assigned');
  await enrol(e[1], 'refresher', at('2025-02-10'), at('2025-03-10'), 'completed');
  // Three employees of another region, one of each state: too few to show.
  await enrol(await person(30, SMALL), 'display-screen', at('2025-03-05'), at('2025-04-04'), 'completed');
  await enrol(await person(31, SMALL), 'display-screen', at('2025-03-05'), LATER, 'in_progress');
  await enrol(await person(32, SMALL), 'display-screen', at('2025-03-05'), at('2025-04-01'), 'assigned');
  // Five employees, six enrolments: R0 completed display-screen and was enrolled again (retraining), R1–R3
  // are overdue in it, R4 has working-from-home only: display-screen is five enrolments of four people.
  const r: number[] = [];
  for (let i = 40; i < 45; i += 1) r.push(await person(i, RETRAINED));
  await enrol(r[0], 'display-screen', at('2025-03-03'), at('2025-04-02'), 'completed');
  await enrol(r[0], 'display-screen', at('2025-04-10'), LATER, 'in_progress');
  for (let i = 1; i < 4; i += 1) await enrol(r[i], 'display-screen', at('2025-03-04'), at('2025-04-03'), 'assigned');
  await enrol(r[4], 'working-from-home', at('2025-03-04'), LATER, 'assigned');
}

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'error' });
  manager = await signedInAgent(server.url, ACCOUNTS.manager, PASSWORD);
  await seed();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const training = async (query: string) => {
  const answer = await manager.get(`/dashboards/program-overview/training?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.data as Data;
};
const rows = async (query: string) => {
  const answer = await manager.get(`/dashboards/training/rows?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.data as { total: number; rows: Data[] };
};
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
const few = (n: number) => n > 0 && n < 5;

/** The panel computed here: each enrolment's state by its own CASE, people by DISTINCT, the rule in JavaScript. */
async function expected(since: Date, until: Date, region?: string) {
  const db = server.ctx.db;
  const inRegion = region ? sql`AND e.user_id IN (SELECT id FROM users WHERE region = ${region})` : sql``;
  const counts = (
    await sql<{ course_id: string | null; state: string | null; n: string; people: string }>`
      SELECT e.course_id, s.state, count(*) AS n, count(DISTINCT e.user_id) AS people
      FROM training_enrolments e,
        LATERAL (SELECT CASE WHEN e.state = 'completed' THEN 'completed' WHEN e.due_at < now() THEN 'overdue' ELSE e.state END AS state) s
      WHERE e.client_id = ${northwind} AND e.created_at >= ${since} AND e.created_at < ${until} ${inRegion}
      GROUP BY GROUPING SETS ((e.course_id, s.state), (e.course_id), (s.state), ())`.execute(db)
  ).rows;
  const get = (course: string | null, state: string | null) => {
    const r = counts.find((c) => c.course_id === course && c.state === state);
    return { n: Number(r?.n ?? 0), people: Number(r?.people ?? 0) };
  };
  const figures = (course: string | null) => {
    const all = get(course, null);
    const part = (state: string) => {
      const p = get(course, state);
      return all.people < 5 || few(p.people) ? null : p.n;
    };
    const completed = part('completed');
    return {
      assigned: all.people >= 5 ? all.n : null,
      completed,
      in_progress: part('in_progress'),
      overdue: part('overdue'),
      completion: completed === null ? null : pct(get(course, 'completed').n, all.n),
    };
  };
  const firsts = (
    await sql<{ course_id: string; module_id: string; passed: boolean }>`
      SELECT e.course_id, q.module_id, (array_agg(q.passed ORDER BY q.created_at, q.id))[1] AS passed
      FROM training_enrolments e JOIN training_quiz_attempts q ON q.enrolment_id = e.id
      WHERE e.client_id = ${northwind} AND e.created_at >= ${since} AND e.created_at < ${until} ${inRegion}
      GROUP BY e.user_id, e.course_id, q.module_id`.execute(db)
  ).rows;
  const passRate = (course: string, module: string) => {
    const mine = firsts.filter((f) => f.course_id === course && f.module_id === module);
    const passed = mine.filter((f) => f.passed).length;
    const hidden = mine.length < 5 || few(passed) || few(mine.length - passed);
    return { tried: mine.length >= 5 ? mine.length : null, pass_rate: hidden ? null : pct(passed, mine.length) };
  };
  const courses = [...new Set(counts.map((c) => c.course_id).filter((c): c is string => c !== null))];
  const people = Number(
    (
      await sql<{ n: string }>`SELECT count(DISTINCT e.user_id) AS n FROM training_enrolments e
        WHERE e.client_id = ${northwind} AND e.created_at >= ${since} AND e.created_at < ${until} ${inRegion}`.execute(db)
    ).rows[0].n,
  );
  return { people: people >= 5 ? people : null, total: figures(null), course: figures, passRate, courses, get };
}

function compare(data: Data, want: Awaited<ReturnType<typeof expected>>) {
  expect(data.employees).toBe(want.people);
  const value = (key: string) => (data.figures as Data[]).find((f) => f.key === key)!;
  expect(value('training_assigned').value).toBe(want.total.assigned);
  expect(value('training_completed').value).toBe(want.total.completed);
  expect(value('training_completed').share).toBe(want.total.completion);
  expect(value('training_in_progress').value).toBe(want.total.in_progress);
  expect(value('training_overdue').value).toBe(want.total.overdue);
  expect((data.courses as Data[]).map((c) => c.course_id).sort()).toEqual([...want.courses].sort());
  for (const c of data.courses as Data[]) {
    const { assigned, completed, in_progress, overdue, completion } = c;
    expect({ assigned, completed, in_progress, overdue, completion }, c.course_id).toEqual(want.course(c.course_id));
    for (const m of c.modules as Data[])
      expect({ tried: m.tried, pass_rate: m.pass_rate }, m.module_id).toEqual(want.passRate(c.course_id, m.module_id));
  }
}

describe('the overview training panel', () => {
  it('tells the known story of one region, each figure equal to SQL', async () => {
    const data = await training(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&region=${encodeURIComponent(REGION)}`);
    const want = await expected(PERIOD.since, PERIOD.until, REGION);
    // Known by construction: 18 enrolments of 17 employees, 6 completed, 5 in progress, 6 overdue.
    expect(want.total).toEqual({ assigned: 18, completed: 6, in_progress: 5, overdue: 6, completion: 33.3 });
    compare(data, want);
    const screen = (data.courses as Data[]).find((c) => c.course_id === 'display-screen')!;
    const module = (id: string) => (screen.modules as Data[]).find((m) => m.module_id === id)!;
    // Posture: six tried, one failed at first (one person: withheld); chair: nine tried, two failed at first.
    expect(module('posture')).toMatchObject({ tried: 6, pass_rate: null });
    expect(module('chair')).toMatchObject({ tried: 9, pass_rate: null });
    expect(module('screen')).toMatchObject({ tried: null, pass_rate: null });
    // One employee's working-from-home course says nothing.
    expect((data.courses as Data[]).find((c) => c.course_id === 'working-from-home')).toMatchObject({ assigned: null, completed: null });
    expect(typeof screen.title).toBe('string');
    expect(screen.title).not.toBe('display-screen');
  });

  it('counts the whole client the same way, and shows nothing about a region of three', async () => {
    compare(await training(`from_month=${PERIOD.from}&to_month=${PERIOD.to}`), await expected(PERIOD.since, PERIOD.until));
    const small = await training(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&region=${encodeURIComponent(SMALL)}`);
    expect(small.employees).toBeNull();
    expect((small.figures as Data[]).every((f) => f.value === null && f.share === null)).toBe(true);
  });

  it('counts an employee enrolled twice in a course once among its people', async () => {
    const data = await training(`from_month=${PERIOD.from}&to_month=${PERIOD.to}&region=${encodeURIComponent(RETRAINED)}`);
    const want = await expected(PERIOD.since, PERIOD.until, RETRAINED);
    expect(want.people).toBe(5);
    expect(want.get('display-screen', null)).toEqual({ n: 5, people: 4 });
    expect(want.total.assigned).toBe(6);
    expect(want.course('display-screen').assigned).toBeNull();
    compare(data, want);
  });

  it('answers 404 for a client the manager may not see', async () => {
    const other = await server.ctx.db.selectFrom('clients').select('id').where('id', '<>', northwind).executeTakeFirstOrThrow();
    expect((await manager.get(`/dashboards/program-overview/training?client_id=${other.id}`)).status).toBe(404);
  });
});

describe('the training activity grid', () => {
  it('offers the states the figures count', () => {
    const state = activityTrainingGrid.filters.find((f) => f.param === 'state')!;
    expect(state.values?.map((v) => v.value)).toEqual([...TRAINING_REPORT_STATES]);
  });

  it('lists as many enrolments in each state as the figures count, for the region and the whole client', async () => {
    for (const region of [REGION, undefined]) {
      const want = await expected(PERIOD.since, PERIOD.until, region);
      const r = region ? `&region=${encodeURIComponent(region)}` : '';
      expect((await rows(`${DAYS}${r}`)).total).toBe(want.get(null, null).n);
      for (const state of TRAINING_REPORT_STATES) {
        const page = await rows(`${DAYS}${r}&state=${state}&size=100`);
        expect(page.total, state).toBe(want.get(null, state).n);
        expect(page.rows.every((row) => row.state === state)).toBe(true);
      }
    }
    const done = await rows(`${DAYS}&region=${encodeURIComponent(REGION)}&course=display-screen&state=completed&sort=attempts&dir=desc`);
    expect(done.total).toBe(6);
    expect(done.rows[0]).toMatchObject({ attempts: 3, score: 90, course_id: 'display-screen' });
    expect(done.rows[0].completed_at).not.toBeNull();
    const found = await rows(`${DAYS}&q=${encodeURIComponent(`Learner12 Figures${tag}`)}`);
    expect(found.rows.map((row) => row.state)).toEqual(['overdue']);
  });

  it('exports the same list as CSV and Excel, and refuses what it does not know', async () => {
    const csv = await manager.get(`/dashboards/training/export?${DAYS}&region=${encodeURIComponent(REGION)}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body.text).trim().split('\r\n');
    expect(lines).toHaveLength(1 + 18);
    expect(lines[0]).toContain('Quiz attempts');
    const xlsx = await manager.raw('GET', `/blogs/api/dashboards/training/export?${DAYS}&region=${encodeURIComponent(REGION)}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect((await manager.get(`/dashboards/training/rows?${DAYS}&state=lost`)).status).toBe(400);
    expect((await manager.get(`/dashboards/training/rows?${DAYS}&course=no-such-course`)).status).toBe(400);
    const other = await server.ctx.db.selectFrom('clients').select('id').where('id', '<>', northwind).executeTakeFirstOrThrow();
    expect((await manager.get(`/dashboards/training/rows?client_id=${other.id}&state=lost`)).status).toBe(404);
    expect((await manager.get(`/dashboards/training/export?client_id=${other.id}`)).status).toBe(404);
  });
});
