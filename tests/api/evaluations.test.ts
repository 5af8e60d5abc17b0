import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let ids: Record<string, number>;
const as = (email: string) => signedInAgent(server.url, email, PASSWORD);

beforeAll(async () => {
  server = await startTestServer();
  const users = await server.ctx.db.selectFrom('users').select(['id', 'email']).execute();
  const clients = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  ids = { ...Object.fromEntries(users.map((u) => [u.email, u.id])), ...Object.fromEntries(clients.map((c) => [c.company_code, c.id])) };
});
afterAll(async () => {
  await server?.close();
});

type Evaluation = {
  evaluation: { status: string; version: number; state: { colour: string } & Record<string, unknown> };
  transitions: { name: string }[];
  history: { transition: string; reason: string; actor: string }[];
};
const recommendation = { catalogue_key: 'chair.lumbar_support', priority: 'high' };

async function started(author: Agent, employee = ids[ACCOUNTS.employee]) {
  // Starting reopens the author's open draft for the employee; each test here writes its own report,
  // so an earlier test's draft is set aside first.
  await server.ctx.db
    .updateTable('evaluations')
    .set({ status: 'declined' })
    .where('employee_id', '=', employee)
    .where('status', '=', 'draft')
    .where('request_id', 'is', null)
    .execute();
  const answer = await author.post('/evaluations', { employee_id: employee, work_area: 'Home' });
  expect(answer.status).toBe(200);
  return (answer.data as { id: number }).id;
}

describe('starting and saving an evaluation', () => {
  it('starts from a request of an assigned client (completing it), or without one; 404 for a client not assigned', async () => {
    const employee = await as(ACCOUNTS.employee);
    const { id: requestId } = (await employee.post('/evaluation-requests', { preferred_times: 'Mornings', work_area: 'Lab' })).data as {
      id: number;
    };
    const evaluator = await as(ACCOUNTS.evaluator);
    const fromRequest = await evaluator.post('/evaluations', { employee_id: ids[ACCOUNTS.employee], request_id: requestId });
    expect(fromRequest.status).toBe(200);
    const row = await server.ctx.db
      .selectFrom('evaluations')
      .selectAll()
      .where('id', '=', (fromRequest.data as { id: number }).id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'draft', work_area: 'Lab', client_id: ids.NW01, request_id: requestId });
    expect(
      (await server.ctx.db.selectFrom('evaluation_requests').select('status').where('id', '=', requestId).executeTakeFirstOrThrow()).status,
    ).toBe('completed');
    // Starting again from the same request reopens the same draft (idempotent); another evaluator is refused.
    const again = await evaluator.post('/evaluations', { employee_id: ids[ACCOUNTS.employee], request_id: requestId });
    expect(again.data).toMatchObject({ id: (fromRequest.data as { id: number }).id, resumed: true });
    expect(
      (await (await as(ACCOUNTS.evaluator2)).post('/evaluations', { employee_id: ids[ACCOUNTS.employee], request_id: requestId })).status,
    ).toBe(409);
    const admin = await as(ACCOUNTS.admin);
    await admin.post('/admin/staff-assignments/remove', { user_id: ids[ACCOUNTS.evaluator], client_id: ids.FAB1 });
    expect((await evaluator.post('/evaluations', { employee_id: ids[ACCOUNTS.fabrikamEmployee] })).status).toBe(404);
    expect((await evaluator.post('/evaluations', { employee_id: 999999 })).status).toBe(404);
    // Someone who is not an employee of the site (here the client's programme manager) is not evaluated.
    expect((await evaluator.post('/evaluations', { employee_id: ids[ACCOUNTS.manager] })).status).toBe(404);
    const fabrikamReport = await started(await as(ACCOUNTS.evaluator2), ids[ACCOUNTS.fabrikamEmployee]);
    expect((await evaluator.get(`/evaluations/${fabrikamReport}`)).status).toBe(404);
    expect((await evaluator.post(`/evaluations/${fabrikamReport}/transitions`, { transition: 'submit' })).status).toBe(404);
  });

  it('saves the draft with a version row, refuses a stale version, another evaluator, and bad recommendations', async () => {
    const evaluator = await as(ACCOUNTS.evaluator);
    const id = await started(evaluator);
    const saved = await evaluator.post(`/evaluations/${id}`, {
      version: 1,
      observations: { chair: 'No lumbar support; seat pan too deep.' },
      rosa: { inputs: { chair_height: 2 }, scores: { final: 5 } },
      recommendations: [recommendation],
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ version: 2 });
    expect((await evaluator.post(`/evaluations/${id}`, { version: 1, observations: {} })).status).toBe(409);
    expect((await evaluator.post(`/evaluations/${id}`, { version: 2, recommendations: [{ priority: 'low' }] })).status).toBe(400);
    expect((await evaluator.post(`/evaluations/${id}`, { version: 2, recommendations: [{ priority: 'urgent', text: 'x' }] })).status).toBe(
      400,
    );
    expect((await (await as(ACCOUNTS.evaluator2)).post(`/evaluations/${id}`, { version: 2, observations: {} })).status).toBe(403);
    const versions = await server.ctx.db
      .selectFrom('evaluation_versions')
      .select(['version', 'content'])
      .where('evaluation_id', '=', id)
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versions[1].content).toMatchObject({
      observations: { chair: 'No lumbar support; seat pan too deep.' },
      recommendations: [recommendation],
    });
  });
});

describe('the evaluation workflow on the server', () => {
  it('goes Draft → In Review → Re-Review → In Review → Evaluator Reviewed → QC Reviewed → Finalized ↔ Hidden, with who, when and why kept', async () => {
    const author = await as(ACCOUNTS.evaluator);
    const reviewer = await as(ACCOUNTS.evaluator2);
    const id = await started(author);
    const fire = (agent: Agent, transition: string, reason?: string) =>
      agent.post(`/evaluations/${id}/transitions`, { transition, ...(reason ? { reason } : {}) });
    expect((await fire(author, 'submit')).body.errors).toBe('Write at least one recommendation first.');
    await author.post(`/evaluations/${id}`, { version: 1, recommendations: [recommendation] });
    expect((await fire(reviewer, 'submit')).body.errors).toBe('Only the evaluator who wrote the report can "Submit for review".');
    expect((await fire(author, 'submit')).status).toBe(200);
    expect((await author.post(`/evaluations/${id}`, { version: 3, observations: {} })).status).toBe(409);
    expect((await fire(author, 'review')).body.errors).toBe('"Mark reviewed" must be done by another evaluator, not the report\'s author.');
    expect((await fire(reviewer, 'send_back')).status).toBe(400);
    expect((await fire(reviewer, 'send_back', 'Add the monitor height finding.')).status).toBe(200);
    expect((await fire(author, 'resubmit')).status).toBe(200);
    expect((await fire(reviewer, 'review')).status).toBe(200);
    expect((await fire(reviewer, 'send_for_approval')).status).toBe(409);
    expect((await fire(reviewer, 'pass_qc')).status).toBe(200);
    const finalized = await fire(reviewer, 'finalize');
    expect(finalized.status).toBe(200);
    expect(finalized.body.message).toBe('The report is now Finalized.');
    expect((await fire(reviewer, 'hide')).status).toBe(400);
    expect((await fire(reviewer, 'hide', 'Sent to the wrong employee.')).status).toBe(200);
    expect((await fire(reviewer, 'unhide', 'Checked: right employee.')).status).toBe(200);
    const view = (await author.get(`/evaluations/${id}`)).data as Evaluation;
    expect(view.evaluation).toMatchObject({ status: 'finalized', state: { colour: '#15803D' } });
    // The state travels as its code; the web app words it in the reader's language.
    expect(view.evaluation.state).not.toHaveProperty('label');
    expect(view.transitions.map((t) => t.name)).toEqual(['hide']);
    expect(view.history.map((h) => h.transition)).toEqual([
      'submit',
      'send_back',
      'resubmit',
      'review',
      'pass_qc',
      'finalize',
      'hide',
      'unhide',
    ]);
    // People by name in the history, never by e-mail address.
    expect(view.history[1]).toMatchObject({ reason: 'Add the monitor height finding.', actor: 'Priya Raman' });
    expect(JSON.stringify(view.history)).not.toContain('@');
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `evaluation:${id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'evaluation.started',
      'evaluation.saved',
      'evaluation.submit',
      'evaluation.send_back',
      'evaluation.resubmit',
      'evaluation.review',
      'evaluation.pass_qc',
      'evaluation.finalize',
      'evaluation.hide',
      'evaluation.unhide',
    ]);
    const versions = await server.ctx.db.selectFrom('evaluation_versions').select('version').where('evaluation_id', '=', id).execute();
    expect(versions).toHaveLength(10);
    const mail = await server.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject'])
      .where('subject', 'like', '%evaluation report%')
      .orderBy('id')
      .execute();
    console.log(`workflow e-mails: ${mail.length}`);
    expect(mail).toContainEqual({ to_address: ACCOUNTS.evaluator, subject: 'Your evaluation report of Erin Walsh needs changes' });
    expect(mail).toContainEqual({ to_address: ACCOUNTS.evaluator2, subject: 'An evaluation report for Northwind is ready for review' });
    expect(mail).toContainEqual({ to_address: ACCOUNTS.employee, subject: 'Your ergonomics evaluation report is ready' });
  });

  it('refuses any other move with 409 and changes nothing; a transition without its permission is 403', async () => {
    const author = await as(ACCOUNTS.evaluator);
    const id = await started(author);
    const before = await server.ctx.db.selectFrom('evaluations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const auditBefore = await server.ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', '!=', 'permission.denied')
      .executeTakeFirstOrThrow();
    for (const transition of ['finalize', 'approve', 'unhide', 'teleport']) {
      const answer = await author.post(`/evaluations/${id}/transitions`, { transition, reason: 'trying' });
      expect(answer.status, transition).toBe(409);
    }
    const refused = await author.post(`/evaluations/${id}/transitions`, { transition: 'finalize' });
    expect(refused.body.errors).toBe('"Finalize" is not possible while the report is Draft.');
    // Beside the English: the code, and the step and state as terms the web app words in the reader's language.
    expect(refused.body).toMatchObject({
      code: 'evaluation.not_possible',
      params: {
        transition: { term: 'staff.transition.finalize', english: 'Finalize' },
        state: { term: 'staff.status.draft', english: 'Draft' },
      },
    });
    expect(await server.ctx.db.selectFrom('evaluations').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await server.ctx.db.selectFrom('evaluation_transitions').selectAll().where('evaluation_id', '=', id).execute()).toEqual([]);
    const auditAfter = await server.ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('action', '!=', 'permission.denied')
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
    const employee = await as(ACCOUNTS.employee);
    expect((await employee.post(`/evaluations/${id}/transitions`, { transition: 'submit' })).status).toBe(403);
    expect((await employee.get(`/evaluations/${id}`)).status).toBe(403);
    expect((await employee.post('/evaluations', { employee_id: ids[ACCOUNTS.employee] })).status).toBe(403);
    expect((await new Agent(server.url).get(`/evaluations/${id}`)).status).toBe(401);
  });

  it("waits for the client's programme manager when the client approves reports: approve, or decline with a reason", async () => {
    await server.ctx.db.updateTable('clients').set({ evaluation_approval_required: true }).where('id', '=', ids.NW01).execute();
    const author = await as(ACCOUNTS.evaluator);
    const reviewer = await as(ACCOUNTS.evaluator2);
    const manager = await as(ACCOUNTS.manager);
    const ready = async () => {
      const id = await started(author);
      await author.post(`/evaluations/${id}`, { version: 1, recommendations: [recommendation] });
      for (const [agent, step] of [
        [author, 'submit'],
        [reviewer, 'review'],
        [reviewer, 'pass_qc'],
      ] as const) {
        expect((await agent.post(`/evaluations/${id}/transitions`, { transition: step })).status, step).toBe(200);
      }
      expect((await manager.get(`/evaluations/${id}`)).status).toBe(404);
      expect((await reviewer.post(`/evaluations/${id}/transitions`, { transition: 'finalize' })).status).toBe(409);
      expect((await reviewer.post(`/evaluations/${id}/transitions`, { transition: 'send_for_approval' })).status).toBe(200);
      return id;
    };
    const approved = await ready();
    expect((await reviewer.post(`/evaluations/${approved}/transitions`, { transition: 'approve' })).status).toBe(403);
    expect(((await manager.get(`/evaluations/${approved}`)).data as Evaluation).transitions.map((t) => t.name)).toEqual([
      'approve',
      'decline',
    ]);
    expect((await manager.post(`/evaluations/${approved}/transitions`, { transition: 'approve' })).status).toBe(200);
    const declined = await ready();
    expect((await manager.post(`/evaluations/${declined}/transitions`, { transition: 'decline' })).status).toBe(400);
    expect(
      (await manager.post(`/evaluations/${declined}/transitions`, { transition: 'decline', reason: 'Wrong department.' })).status,
    ).toBe(200);
    const states = await server.ctx.db
      .selectFrom('evaluations')
      .select(['id', 'status', 'finalized_at'])
      .where('id', 'in', [approved, declined])
      .orderBy('id')
      .execute();
    expect(states.map((s) => s.status)).toEqual(['finalized', 'declined']);
    expect(states[0].finalized_at).not.toBeNull();
    const managerMail = await server.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', ACCOUNTS.manager)
      .execute();
    expect(managerMail.map((m) => m.subject)).toContain('An evaluation report awaits your approval');
  });
});
