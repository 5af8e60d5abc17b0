import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../helpers/agent';
import type { TestServer } from '../helpers/test-server';
import { q, startCustomSearchWorld, type Rows } from '../helpers/custom-search-world';

/**
 * Custom search by training (docs/product.md "Training: the programme manager's figures"; SPEC §2
 * /user/custom-search-*): "a course in a state" gives what an independent SQL query gives, with the
 * state as the training activity page shows it (not completed by its due date: overdue), and only the
 * searched client's enrolments count, even for an employee who also works for another client.
 */
let server: TestServer;
let manager: Agent;
let northwind: number;
let arcadia: number;
const DAY = 86_400_000;

beforeAll(async () => {
  ({ server, manager, northwind, arcadia } = await startCustomSearchWorld());
  const db = server.ctx.db;
  const owners = await sql<{ user_id: number }>`
    SELECT DISTINCT user_id FROM assessment_attempts WHERE client_id = ${northwind} ORDER BY user_id`
    .execute(db)
    .then((r) => r.rows.map((x) => x.user_id));
  expect(owners.length).toBeGreaterThanOrEqual(3);
  const now = Date.now();
  const enrolment = (userId: number, client: number, course: string, state: string, dueInDays: number) => ({
    client_id: client,
    user_id: userId,
    course_id: course,
    state,
    due_at: new Date(now + dueInDays * DAY),
    ...(state === 'completed'
      ? { completed_at: new Date(now - 2 * DAY), score: 90, certificate_code: `TEST-${userId}-${course.toUpperCase()}` }
      : {}),
  });
  await db
    .insertInto('training_enrolments')
    .values([
      enrolment(owners[0]!, northwind, 'display-screen', 'completed', -5), // completed late: still completed
      enrolment(owners[1]!, northwind, 'display-screen', 'in_progress', -3), // overdue
      enrolment(owners[1]!, northwind, 'working-from-home', 'assigned', 20),
      enrolment(owners[2]!, northwind, 'working-from-home', 'in_progress', 10),
      // The same employee's enrolment in another client: never part of Northwind's search.
      enrolment(owners[2]!, arcadia, 'display-screen', 'assigned', -9),
    ] as never)
    .execute();
});
afterAll(async () => {
  await server?.close();
});

/** Northwind's submitted self-assessments whose employee meets `where` (plain SQL written here; `:client` is Northwind). */
async function independentIds(where: string): Promise<string[]> {
  const { rows } = await sql
    .raw<{ id: string }>(
      `SELECT a.id::text AS id FROM assessment_attempts a JOIN users u ON u.id = a.user_id
       WHERE a.client_id = ${northwind} AND a.status = 'submitted' AND (${where.replaceAll(':client', String(northwind))}) ORDER BY a.id`,
    )
    .execute(server.ctx.db);
  return rows.map((r) => r.id);
}
const enrolled = (extra: string) => `u.id IN (SELECT t.user_id FROM training_enrolments t WHERE t.client_id = :client AND ${extra})`;

describe('custom search by a training course in a state equals an independent SQL query', () => {
  const cases: [string, unknown, string][] = [
    [
      'display screen basics completed',
      { field: 'training_course_state', op: 'includes_any', value: ['display-screen:completed'] },
      enrolled("t.course_id = 'display-screen' AND t.state = 'completed'"),
    ],
    [
      'display screen basics overdue',
      { field: 'training_course_state', op: 'includes_any', value: ['display-screen:overdue'] },
      enrolled("t.course_id = 'display-screen' AND t.state <> 'completed' AND t.due_at < now()"),
    ],
    [
      'working from home in progress, not yet due',
      { field: 'training_course_state', op: 'includes_any', value: ['working-from-home:in_progress'] },
      enrolled("t.course_id = 'working-from-home' AND t.state = 'in_progress' AND t.due_at >= now()"),
    ],
    [
      'one course overdue and another not started',
      { field: 'training_course_state', op: 'includes_all', value: ['display-screen:overdue', 'working-from-home:assigned'] },
      `${enrolled("t.course_id = 'display-screen' AND t.state <> 'completed' AND t.due_at < now()")} AND ${enrolled(
        "t.course_id = 'working-from-home' AND t.state = 'assigned' AND t.due_at >= now()",
      )}`,
    ],
    ['no course at all', { field: 'training_course_state', op: 'is_empty' }, `NOT ${enrolled('true')}`],
  ];
  it.each(cases)('%s', async (_label, condition, where) => {
    const answer = await manager.get(`/custom-search/self-assessment?${q({ match: 'all', conditions: [condition] })}`);
    expect(answer.status).toBe(200);
    const data = answer.data as Rows;
    const expected = await independentIds(where);
    expect(expected.length).toBeGreaterThan(0);
    expect(data.total).toBe(expected.length);
    expect(data.rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected);
  });

  it("leaves out another client's enrolment of the same employee, and refuses a course or state that does not exist", async () => {
    const owner = await sql<{ user_id: number }>`
      SELECT user_id FROM training_enrolments WHERE client_id = ${arcadia}`
      .execute(server.ctx.db)
      .then((r) => r.rows[0]!.user_id);
    const answer = await manager.get(
      `/custom-search/self-assessment?${q({
        match: 'all',
        conditions: [
          { field: 'training_course_state', op: 'includes_all', value: ['display-screen:overdue', 'working-from-home:in_progress'] },
        ],
      })}`,
    );
    expect(answer.status).toBe(200);
    const ids = (answer.data as Rows).rows.map((r) => r.id);
    const theirs = await independentIds(`u.id = ${owner}`);
    expect(ids.filter((id) => theirs.includes(String(id)))).toEqual([]);
    for (const value of ['display-screen:lost', 'juggling:completed']) {
      const bad = await manager.get(
        `/custom-search/self-assessment?${q({ match: 'all', conditions: [{ field: 'training_course_state', op: 'includes_any', value: [value] }] })}`,
      );
      expect(bad.status, value).toBe(400);
    }
  });
});
