import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentResult, Questionnaire } from '../../src/shared/assessment/types';
import { DUE_DAYS, REMINDER_DEFAULTS } from '../../src/shared/actions/action-rules';
import { actionReminderJob } from '../../src/server/domain/actions/reminder-job';
import { runDueJobs } from '../../src/server/jobs/job-runner';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Corrective actions (SPEC §1 "from finding to fixed"; manifest/workflows/action.yaml) through the real
 * server: raised in the transaction that finalizes a self-assessment or an evaluation report, moved
 * by their owner alone, closed by the client's programme manager or an evaluator serving the client,
 * verified by a later self-assessment, and reminded when overdue.
 */
interface MyAction {
  id: number;
  title: string;
  priority: 'high' | 'moderate' | 'low';
  state: string;
  source: string;
  due_at: string;
  created_at: string;
  note: string | null;
  close_reason: string | null;
  overdue: boolean;
}
const DAY = 86_400_000;
let server: TestServer;
let ids: Record<string, number>;
const agents = new Map<string, Agent>();
async function as(email: string): Promise<Agent> {
  if (!agents.has(email)) agents.set(email, await signedInAgent(server.url, email, PASSWORD));
  return agents.get(email)!;
}

/** Takes the Office self-assessment to its report, preferring `prefer` answers; returns its findings. */
async function takeOffice(email: string, prefer: string): Promise<AssessmentResult['findings']> {
  const agent = await as(email);
  const started = await agent.post('/self-assessment/attempts', { area: 'office' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { attempt, questionnaire } = started.data as { attempt: { id: string }; questionnaire: Questionnaire };
  const submitted = await agent.post(`/self-assessment/attempts/${attempt.id}/submit`, { answers: completeAnswers(questionnaire, prefer) });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const row = await server.ctx.db.selectFrom('assessment_attempts').select('result').where('id', '=', attempt.id).executeTakeFirstOrThrow();
  return (row.result as AssessmentResult).findings;
}

async function mine(email: string, query = ''): Promise<{ rows: MyAction[]; total: number }> {
  const answer = await (await as(email)).get(`/actions/mine${query}`);
  expect(answer.status).toBe(200);
  return answer.data as { rows: MyAction[]; total: number };
}

beforeAll(async () => {
  server = await startTestServer();
  const users = await server.ctx.db.selectFrom('users').select(['id', 'email']).execute();
  const clients = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  ids = { ...Object.fromEntries(users.map((u) => [u.email, u.id])), ...Object.fromEntries(clients.map((c) => [c.company_code, c.id])) };
});
afterAll(async () => {
  await server?.close();
});

describe('corrective actions', () => {
  it('raises one action per finding when a self-assessment is submitted, due by its risk, and none twice on a retake', async () => {
    const findings = await takeOffice(ACCOUNTS.employee, 'no');
    expect(findings.length).toBeGreaterThan(1);
    const { rows, total } = await mine(ACCOUNTS.employee, '?size=100');
    expect(total).toBe(findings.length);
    expect(rows.map((r) => r.title).sort()).toEqual(findings.map((f) => f.title).sort());
    for (const row of rows) {
      const finding = findings.find((f) => f.title === row.title)!;
      expect(row).toMatchObject({ state: 'open', source: 'self_assessment', priority: finding.severity, overdue: false });
      expect(new Date(row.due_at).getTime() - new Date(row.created_at).getTime()).toBe(DUE_DAYS[finding.severity] * DAY);
    }
    // The same findings again: the live actions stand, nothing is added.
    await takeOffice(ACCOUNTS.employee, 'no');
    expect((await mine(ACCOUNTS.employee, '?size=100')).total).toBe(findings.length);
    // Paged: one at a time.
    const first = await mine(ACCOUNTS.employee, '?size=1');
    expect(first.rows).toHaveLength(1);
    expect(first.total).toBe(findings.length);
  });

  it("lets the owner mark done, ask for help (with a note) or say not possible, once; refuses another's action as absent", async () => {
    const open = (await mine(ACCOUNTS.employee, '?state=open')).rows;
    expect(open.length).toBeGreaterThanOrEqual(3);
    const employee = await as(ACCOUNTS.employee);
    const done = await employee.post(`/actions/${open[0].id}/move`, { transition: 'mark_done' });
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ id: open[0].id, state: 'done' });
    // A second move of the same action finds it no longer open.
    expect((await employee.post(`/actions/${open[0].id}/move`, { transition: 'ask_for_help', note: 'x' })).status).toBe(409);
    // Help and not possible need a note saying why.
    expect((await employee.post(`/actions/${open[1].id}/move`, { transition: 'ask_for_help' })).status).toBe(400);
    expect((await employee.post(`/actions/${open[1].id}/move`, { transition: 'ask_for_help', note: '   ' })).status).toBe(400);
    expect(
      (await employee.post(`/actions/${open[1].id}/move`, { transition: 'ask_for_help', note: 'My desk cannot be lowered.' })).status,
    ).toBe(200);
    expect((await employee.post(`/actions/${open[2].id}/move`, { transition: 'mark_not_possible', note: 'Shared hot desk.' })).status).toBe(
      200,
    );
    // An unknown move is refused by the call's schema.
    expect((await employee.post(`/actions/${open[3]?.id ?? open[2].id}/move`, { transition: 'close', note: 'x' })).status).toBe(400);
    const states = Object.fromEntries((await mine(ACCOUNTS.employee, '?size=100')).rows.map((r) => [r.id, r]));
    expect(states[open[1].id]).toMatchObject({ state: 'need_help', note: 'My desk cannot be lowered.' });
    expect(states[open[2].id]).toMatchObject({ state: 'not_possible', note: 'Shared hot desk.' });
    // Audited, with the state before and after.
    const entries = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'actor_id'])
      .where('target', 'like', 'action:%')
      .execute();
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'action.mark_done', target: `action:${open[0].id}`, actor_id: ids[ACCOUNTS.employee] },
        { action: 'action.ask_for_help', target: `action:${open[1].id}`, actor_id: ids[ACCOUNTS.employee] },
      ]),
    );

    // Another employee of the same client, and one of another client: as if the action did not exist.
    const remaining = open[3] ?? open[0];
    for (const other of [ACCOUNTS.newStarter, ACCOUNTS.contosoEmployee]) {
      const agent = await as(other);
      const answer = await agent.post(`/actions/${remaining.id}/move`, { transition: 'mark_done' });
      expect(answer.status, other).toBe(404);
      expect((await mine(other)).rows.map((r) => r.id)).not.toContain(remaining.id);
    }
    // Staff without the employee's permission are refused the call itself.
    expect((await (await as(ACCOUNTS.manager)).post(`/actions/${remaining.id}/move`, { transition: 'mark_done' })).status).toBe(403);
  });

  it('of two moves sent at once on one action, exactly one wins', async () => {
    const [target] = (await mine(ACCOUNTS.employee, '?state=open')).rows;
    expect(target).toBeDefined();
    // Two tabs: two sessions of the same employee.
    const tab1 = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
    const tab2 = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
    const answers = await Promise.all([
      tab1.post(`/actions/${target.id}/move`, { transition: 'mark_done' }),
      tab2.post(`/actions/${target.id}/move`, { transition: 'ask_for_help', note: 'Which chair should I order?' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.data as { state: string };
    const row = await server.ctx.db.selectFrom('corrective_actions').select('state').where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row.state).toBe(winner.state);
    const audited = await server.ctx.db.selectFrom('audit_log').select('action').where('target', '=', `action:${target.id}`).execute();
    expect(audited).toHaveLength(1);
  });

  it("the client's programme manager and its evaluators list the actions needing help and close them with a reason; another client's are absent", async () => {
    const manager = await as(ACCOUNTS.manager);
    const listed = await manager.get('/actions/waiting/rows');
    expect(listed.status).toBe(200);
    const { rows } = listed.data as { rows: { id: number; state: string; email: string; client_id: number }[] };
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => ['need_help', 'not_possible'].includes(r.state) && r.client_id === ids.NW01)).toBe(true);
    const evaluatorList = (await (await as(ACCOUNTS.evaluator)).get('/actions/waiting/rows?state=need_help')).data as {
      rows: { id: number }[];
    };
    expect(evaluatorList.rows.length).toBeGreaterThanOrEqual(1);

    // An action of another client (Fabrikam): not the Northwind manager's, nor an evaluator's once not assigned to it.
    await server.ctx.db
      .deleteFrom('staff_client_assignments')
      .where('user_id', '=', ids[ACCOUNTS.evaluator])
      .where('client_id', '=', ids.FAB1)
      .execute();
    await takeOffice(ACCOUNTS.fabrikamEmployee, 'no');
    const [other] = (await mine(ACCOUNTS.fabrikamEmployee, '?state=open')).rows;
    expect(
      (await (await as(ACCOUNTS.fabrikamEmployee)).post(`/actions/${other.id}/move`, { transition: 'ask_for_help', note: 'Help' })).status,
    ).toBe(200);
    for (const staff of [manager, await as(ACCOUNTS.evaluator)]) {
      expect((await staff.post(`/actions/${other.id}/close`, { reason: 'Not ours' })).status).toBe(404);
      expect((await staff.get(`/actions/waiting/rows?client_id=${ids.FAB1}`)).status).toBe(404);
      expect(((await staff.get('/actions/waiting/rows')).data as { rows: { id: number }[] }).rows.map((r) => r.id)).not.toContain(other.id);
    }
    // An employee cannot close, not even their own.
    expect((await (await as(ACCOUNTS.employee)).post(`/actions/${rows[0].id}/close`, { reason: 'Me' })).status).toBe(403);

    // The Program Overview's "needs your attention" counts them for the manager, who closes them.
    const overview = (await manager.get('/dashboards/program-overview')).data as {
      attention: { actions_need_help: { count: number; items: { employee_id: number; count: number }[] } | null };
    };
    expect(overview.attention.actions_need_help?.count).toBe(rows.length);
    // Each employee is one line saying how many of theirs wait, not a line per action.
    const lines = overview.attention.actions_need_help!.items;
    const perPerson = new Map<string, number>();
    for (const r of rows) perPerson.set(r.email, (perPerson.get(r.email) ?? 0) + 1);
    expect(new Set(lines.map((l) => l.employee_id)).size).toBe(lines.length);
    expect(lines.map((l) => l.count).sort()).toEqual([...perPerson.values()].sort());
    expect(Math.max(...lines.map((l) => l.count))).toBeGreaterThanOrEqual(2);
    const closing = rows[0];
    expect((await manager.post(`/actions/${closing.id}/close`, { reason: ' ' })).status).toBe(400);
    const closed = await manager.post(`/actions/${closing.id}/close`, { reason: 'A lower desk is on order for you.' });
    expect(closed.status).toBe(200);
    expect(closed.data).toMatchObject({ id: closing.id, state: 'closed' });
    expect((await manager.post(`/actions/${closing.id}/close`, { reason: 'Again' })).status).toBe(409);
    const seen = (await mine(ACCOUNTS.employee, '?size=100')).rows.find((r) => r.id === closing.id)!;
    expect(seen).toMatchObject({ state: 'closed', close_reason: 'A lower desk is on order for you.' });
    // An open action is not the handler's to close.
    const [stillOpen] = (await mine(ACCOUNTS.employee, '?state=open')).rows;
    if (stillOpen) expect((await manager.post(`/actions/${stillOpen.id}/close`, { reason: 'No' })).status).toBe(409);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target', '=', `action:${closing.id}`)
      .execute();
    expect(audit).toContainEqual({ action: 'action.close', actor_id: ids[ACCOUNTS.manager] });
  });

  it('verifies the live actions whose finding a later self-assessment of the area no longer raises', async () => {
    const before = (await mine(ACCOUNTS.employee, '?state=live&size=100')).rows;
    const better = await takeOffice(ACCOUNTS.employee, 'yes');
    const still = new Set(better.map((f) => f.title));
    const gone = before.filter((a) => !still.has(a.title));
    expect(gone.length).toBeGreaterThan(0);
    const after = Object.fromEntries((await mine(ACCOUNTS.employee, '?size=100')).rows.map((r) => [r.id, r]));
    for (const a of gone) expect(after[a.id].state, a.title).toBe('verified');
    for (const a of before.filter((b) => still.has(b.title))) expect(after[a.id].state).toBe(a.state);
    // Closed and verified ones are not live: the same finding raised again is a new action.
    const again = await takeOffice(ACCOUNTS.employee, 'no');
    const live = (await mine(ACCOUNTS.employee, '?state=live&size=100')).rows;
    expect(live.filter((a) => a.state === 'open').map((a) => a.title)).toEqual(expect.arrayContaining(gone.map((g) => g.title)));
    expect(live.length).toBeLessThanOrEqual(again.length);
  });

  it('raises an action per recommendation when an evaluation report is finalized', async () => {
    const author = await as(ACCOUNTS.evaluator);
    const reviewer = await as(ACCOUNTS.evaluator2);
    const { id, version } = (await author.post('/evaluations', { employee_id: ids[ACCOUNTS.newStarter], work_area: 'Home' })).data as {
      id: number;
      version: number;
    };
    const recommendations = [
      { catalogue_key: 'chair.lumbar_support', priority: 'high' },
      { text: 'Raise the top of the screen to eye height on a monitor riser.', priority: 'medium' },
    ];
    expect((await author.post(`/evaluations/${id}`, { version, observations: { posture: 'Slumped.' }, recommendations })).status).toBe(200);
    for (const [agent, transition] of [
      [author, 'submit'],
      [reviewer, 'review'],
      [reviewer, 'pass_qc'],
    ] as const)
      expect((await agent.post(`/evaluations/${id}/transitions`, { transition })).status, transition).toBe(200);
    // Nothing before the report is final.
    expect((await mine(ACCOUNTS.newStarter)).total).toBe(0);
    expect((await reviewer.post(`/evaluations/${id}/transitions`, { transition: 'finalize' })).status).toBe(200);
    const { rows } = await mine(ACCOUNTS.newStarter);
    expect(rows.map((r) => [r.source, r.priority]).sort()).toEqual([
      ['evaluation', 'high'],
      ['evaluation', 'moderate'],
    ]);
    expect(rows.map((r) => r.title)).toContain('Raise the top of the screen to eye height on a monitor riser.');
  });

  it("verifies an earlier report's actions that a later report of the same work area no longer recommends", async () => {
    const author = await as(ACCOUNTS.evaluator);
    const reviewer = await as(ACCOUNTS.evaluator2);
    const report = async (work_area: string, recommendations: Record<string, string>[]) => {
      const { id, version } = (await author.post('/evaluations', { employee_id: ids[ACCOUNTS.newStarter], work_area })).data as {
        id: number;
        version: number;
      };
      expect((await author.post(`/evaluations/${id}`, { version, observations: { posture: 'Upright.' }, recommendations })).status).toBe(
        200,
      );
      for (const [agent, transition] of [
        [author, 'submit'],
        [reviewer, 'review'],
        [reviewer, 'pass_qc'],
        [reviewer, 'finalize'],
      ] as const)
        expect((await agent.post(`/evaluations/${id}/transitions`, { transition })).status, transition).toBe(200);
    };
    const states = async () => Object.fromEntries((await mine(ACCOUNTS.newStarter)).rows.map((r) => [r.title, r.state]));
    const before = await states();
    const riser = 'Raise the top of the screen to eye height on a monitor riser.';
    expect(before[riser]).toBe('open');
    // A report of another work area verifies nothing of the Home one.
    await report('Office', [{ text: 'Move the mouse closer to the keyboard.', priority: 'low' }]);
    expect((await states())[riser]).toBe('open');
    // The next Home report repeats the lumbar support but no longer the riser: the riser is verified.
    await report('Home', [{ catalogue_key: 'chair.lumbar_support', priority: 'high' }]);
    const after = await mine(ACCOUNTS.newStarter);
    const byTitle = Object.fromEntries(after.rows.map((r) => [r.title, r.state]));
    expect(byTitle[riser]).toBe('verified');
    const lumbar = after.rows.filter((r) => r.source === 'evaluation' && r.priority === 'high');
    expect(lumbar.map((r) => r.state)).toEqual(['open']);
    const audited = await server.ctx.db
      .selectFrom('audit_log')
      .select('actor_email')
      .where('action', '=', 'action.verify')
      .where('actor_email', '=', ACCOUNTS.evaluator2)
      .execute();
    expect(audited.length).toBe(1);
  });

  it('e-mails the owner of an overdue open action once per interval, at most the limit, and never once it moved on', async () => {
    const owner = ACCOUNTS.newStarter;
    const { rows } = await mine(owner);
    const [kept, answered] = rows;
    expect((await (await as(owner)).post(`/actions/${answered.id}/move`, { transition: 'mark_done' })).status).toBe(200);
    const mails = async () =>
      (await server.ctx.db.selectFrom('mail_outbox').select(['subject', 'body_text']).where('to_address', '=', owner).execute()).filter(
        (m) => m.body_text.includes(kept.title),
      ).length;
    const run = () => runDueJobs(server.ctx, [actionReminderJob]);
    await run();
    expect(await mails()).toBe(0);
    server.advance(new Date(kept.due_at).getTime() - Date.now() + 60_000);
    await run();
    expect(await mails()).toBe(1);
    // Again at once, and a day later: nothing more within the interval.
    await run();
    server.advance(DAY);
    await run();
    expect(await mails()).toBe(1);
    for (let sent = 2; sent <= REMINDER_DEFAULTS.limit + 1; sent += 1) {
      server.advance(REMINDER_DEFAULTS.everyDays * DAY);
      await run();
      await run();
      expect(await mails()).toBe(Math.min(sent, REMINDER_DEFAULTS.limit));
    }
    const row = await server.ctx.db
      .selectFrom('corrective_actions')
      .select('reminders_sent')
      .where('id', '=', kept.id)
      .executeTakeFirstOrThrow();
    expect(row.reminders_sent).toBe(REMINDER_DEFAULTS.limit);
    // The answered one was never reminded.
    const answeredMails = (
      await server.ctx.db.selectFrom('mail_outbox').select('body_text').where('to_address', '=', owner).execute()
    ).filter((m) => m.body_text.includes(answered.title));
    expect(answeredMails).toHaveLength(0);
  });
});
