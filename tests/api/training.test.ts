import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseById } from '../../src/shared/training/localize';
import { CERTIFICATE_CODE } from '../../src/shared/training/rules';
import type { Course } from '../../src/shared/training/types';
import { enrolMatching } from '../../src/server/domain/training/enrol';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { download, pdfText } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Training (docs/product.md "Training") through the real server: an admin's assignment enrols the
 * matching employees once however many saves race, the browser never receives the right answers
 * before answering, a failed module is retried, passing every module completes the course with a
 * certificate whose PDF and public check show the name, course and date, nobody reads another
 * person's training, and retraining starts exactly one new enrolment.
 */
let server: TestServer;
let ids: Record<string, number>;
let course: Course;
const agents = new Map<string, Agent>();
async function as(email: string): Promise<Agent> {
  if (!agents.has(email)) agents.set(email, await signedInAgent(server.url, email, PASSWORD));
  return agents.get(email)!;
}
const ASSIGN = { course_id: 'display-screen', audience: 'everyone', mandatory: true, due_days: 30, retrain_months: 12, active: true };

/** Every question of a module answered right, or the first `wrong` of them answered wrong. */
function answersFor(moduleId: string, wrong = 0): Record<string, string[]> {
  const module = course.modules.find((m) => m.id === moduleId)!;
  return Object.fromEntries(
    module.quiz.map((q, i) => {
      const right = q.answers.filter((a) => a.correct).map((a) => a.id);
      const other = q.answers.find((a) => !a.correct)?.id;
      return [q.id, i < wrong && other ? [other] : right.length > 1 && q.kind === 'single' ? [right[0]] : right];
    }),
  );
}

beforeAll(async () => {
  server = await startTestServer();
  const users = await server.ctx.db.selectFrom('users').select(['id', 'email']).execute();
  const clients = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  ids = { ...Object.fromEntries(users.map((u) => [u.email, u.id])), ...Object.fromEntries(clients.map((c) => [c.company_code, c.id])) };
  course = (await courseById('display-screen', 'en'))!;
});
afterAll(async () => {
  await server?.close();
});

describe('training', () => {
  it('parallel saves of an assignment enrol each matching employee once, and staff not at all', async () => {
    const admin = await as(ACCOUNTS.admin);
    const saves = await Promise.all([1, 2, 3, 4].map(() => admin.post(`/admin/training/${ids.NW01}`, ASSIGN)));
    for (const s of saves) expect(s.status, JSON.stringify(s.body)).toBe(200);
    const rows = await server.ctx.db
      .selectFrom('training_enrolments')
      .select(['user_id'])
      .where('course_id', '=', 'display-screen')
      .where('state', '<>', 'completed')
      .execute();
    const perUser = new Map<number, number>();
    for (const r of rows) perUser.set(r.user_id, (perUser.get(r.user_id) ?? 0) + 1);
    expect(perUser.get(ids[ACCOUNTS.employee])).toBe(1);
    expect([...perUser.values()].every((n) => n === 1)).toBe(true);
    expect(perUser.has(ids[ACCOUNTS.manager])).toBe(false);
    expect(perUser.has(ids[ACCOUNTS.contosoEmployee])).toBe(false);
    const mine = await (await as(ACCOUNTS.employee)).get('/training/mine');
    expect(mine.status).toBe(200);
    expect((mine.data as { rows: { course_id: string; state: string }[] }).rows).toEqual([
      expect.objectContaining({ course_id: 'display-screen', state: 'assigned' }),
    ]);
  });

  it('sends the course without which answers are right, and refuses another client’s employee', async () => {
    const answer = await (await as(ACCOUNTS.employee)).get('/training/courses/display-screen');
    expect(answer.status).toBe(200);
    const text = JSON.stringify(answer.data);
    expect((answer.data as { course: Course }).course.modules[0].quiz[0].text).toBe(course.modules[0].quiz[0].text);
    expect(text).not.toMatch(/"correct"|"flag"|"why"/);
    expect((await (await as(ACCOUNTS.contosoEmployee)).get('/training/courses/display-screen')).status).toBe(404);
  });

  it('scores on the server answer by answer, keeps a given answer, fails then passes a module, and completes with a certificate', async () => {
    const employee = await as(ACCOUNTS.employee);
    const [first] = course.modules;
    expect(
      (await employee.post('/training/courses/display-screen/lessons', { module: first.id, lesson: first.lessons[0].id })).status,
    ).toBe(200);
    // One question, wrong: feedback for it alone; asking again with the right answer changes nothing.
    const q = first.quiz[0];
    const wrongId = q.answers.find((a) => !a.correct)!.id;
    const one = await employee.post('/training/courses/display-screen/answers', { module: first.id, answers: { [q.id]: [wrongId] } });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.data).toMatchObject({ feedback: [{ question: q.id, chosen: [wrongId], correct: false }], attempt: null, completed: null });
    const again = await employee.post('/training/courses/display-screen/answers', {
      module: first.id,
      answers: { [q.id]: answersFor(first.id)[q.id] },
    });
    expect((again.data as { feedback: { chosen: string[] }[] }).feedback[0].chosen).toEqual([wrongId]);
    // The rest wrong too: the module is failed, then retried and passed.
    const failed = await employee.post('/training/courses/display-screen/answers', {
      module: first.id,
      answers: answersFor(first.id, first.quiz.length),
    });
    expect((failed.data as { attempt: { passed: boolean } }).attempt.passed).toBe(false);
    let last: unknown;
    for (const m of course.modules) {
      const passed = await employee.post('/training/courses/display-screen/answers', { module: m.id, answers: answersFor(m.id) });
      expect(passed.status, JSON.stringify(passed.body)).toBe(200);
      expect((passed.data as { attempt: { passed: boolean } }).attempt.passed).toBe(true);
      last = passed.data;
    }
    const { completed } = last as { completed: { score: number; certificate_code: string } };
    expect(completed.score).toBe(100);
    expect(completed.certificate_code).toMatch(CERTIFICATE_CODE);
    const late = await employee.post('/training/courses/display-screen/answers', { module: first.id, answers: answersFor(first.id) });
    expect(late.status).toBe(409);
    const verbs = await server.ctx.db
      .selectFrom('training_events')
      .select('verb')
      .where('user_id', '=', ids[ACCOUNTS.employee])
      .orderBy('id')
      .execute();
    const order = verbs.map((v) => v.verb);
    expect(order[0]).toBe('started');
    expect(order).toContain('failed');
    expect(order.filter((v) => v === 'passed')).toHaveLength(course.modules.length);
    expect(order.at(-1)).toBe('completed');
  });

  it('the certificate PDF names the person, course, date and code; the public check shows only name, course and date', async () => {
    const employee = await as(ACCOUNTS.employee);
    const row = (await employee.get('/training/mine')).data as { rows: { id: string; certificate_code: string | null; state: string }[] };
    const done = row.rows.find((r) => r.state === 'completed')!;
    const pdf = await download(employee, `/training/certificates/${done.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
    const person = await server.ctx.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', ids[ACCOUNTS.employee])
      .executeTakeFirstOrThrow();
    expect(text).toContain(`${person.first_name} ${person.last_name}`);
    expect(text).toContain(course.title);
    expect(text).toContain(done.certificate_code!);
    expect(text).toContain('/verify-certificate?code=');
    // Nobody else downloads it.
    expect((await download(await as(ACCOUNTS.contosoEmployee), `/training/certificates/${done.id}`)).status).toBe(404);
    const stranger = new (await import('../helpers/agent')).Agent(server.url);
    const verified = await stranger.get(`/training/verify?code=${encodeURIComponent(done.certificate_code!.toLowerCase())}`);
    expect(verified.status).toBe(200);
    expect(verified.data).toEqual({
      name: `${person.first_name} ${person.last_name}`,
      course: course.title,
      completed_on: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect((await stranger.get('/training/verify?code=AAAAA-BBBBB-CCCCC')).status).toBe(404);
  });

  it('retraining falls due: parallel runs start exactly one new enrolment', async () => {
    await server.ctx.db
      .updateTable('training_enrolments')
      .set({ retrain_due_at: new Date(Date.now() - 86_400_000) })
      .where('user_id', '=', ids[ACCOUNTS.employee])
      .where('state', '=', 'completed')
      .execute();
    await Promise.all([1, 2, 3].map(() => enrolMatching(server.ctx.db, server.ctx.now())));
    const rows = await server.ctx.db
      .selectFrom('training_enrolments')
      .select(['state'])
      .where('user_id', '=', ids[ACCOUNTS.employee])
      .where('course_id', '=', 'display-screen')
      .execute();
    expect(rows.map((r) => r.state).sort()).toEqual(['assigned', 'completed']);
    // A second run later still adds nothing.
    expect(await enrolMatching(server.ctx.db, server.ctx.now())).toEqual([]);
  });
});
