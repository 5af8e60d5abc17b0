import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** The calls behind the evaluation pages (SPEC §2 /new-evaluation, /editsurvey, /editclientreport). */
let server: TestServer;
let ids: Record<string, number>;
const as = (email: string) => signedInAgent(server.url, email, PASSWORD);
type Row = { id: number; status: string } & Record<string, unknown>;
type Worklist = {
  mine: Row[] | null;
  meetings: { id: number; employee_id: number }[] | null;
  review: Row[] | null;
  approval: Row[] | null;
};

beforeAll(async () => {
  server = await startTestServer();
  const users = await server.ctx.db.selectFrom('users').select(['id', 'email']).execute();
  const clients = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  ids = { ...Object.fromEntries(users.map((u) => [u.email, u.id])), ...Object.fromEntries(clients.map((c) => [c.company_code, c.id])) };
});
afterAll(async () => {
  await server?.close();
});

describe('starting is idempotent', () => {
  it('reopens the caller’s open draft without a request, and refuses a client id the employee does not belong to', async () => {
    const evaluator = await as(ACCOUNTS.evaluator);
    const employee = ids[ACCOUNTS.contosoEmployee];
    const first = await evaluator.post('/evaluations', { employee_id: employee });
    expect(first.status).toBe(200);
    const second = await evaluator.post('/evaluations', { employee_id: employee, client_id: ids.CON1 });
    expect(second.data).toMatchObject({ id: (first.data as { id: number }).id, resumed: true });
    const drafts = await server.ctx.db
      .selectFrom('evaluations')
      .select('id')
      .where('employee_id', '=', employee)
      .where('status', '=', 'draft')
      .execute();
    expect(drafts).toHaveLength(1);
    expect((await evaluator.post('/evaluations', { employee_id: employee, client_id: ids.NW01 })).status).toBe(404);
  });
});

describe('saving checks the form declared in content/evaluations/', () => {
  it('refuses unknown observation keys, unknown options and unknown catalogue keys with 400; scores ROSA from the observations', async () => {
    const evaluator = await as(ACCOUNTS.evaluator);
    const { id } = (await evaluator.post('/evaluations', { employee_id: ids[ACCOUNTS.arcadiaEmployee] })).data as {
      id: number;
      version: number;
    };
    const version = (await server.ctx.db.selectFrom('evaluations').select('version').where('id', '=', id).executeTakeFirstOrThrow())
      .version;
    const unknownKey = await evaluator.post(`/evaluations/${id}`, { version, observations: { 'chair.colour': 'blue' } });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.errors).toBe('"chair.colour" is not an observation of the evaluation form.');
    expect((await evaluator.post(`/evaluations/${id}`, { version, observations: { 'chair.seat_height': 'floating' } })).status).toBe(400);
    expect((await evaluator.post(`/evaluations/${id}`, { version, observations: { 'chair.armrest_issues': 'hard' } })).status).toBe(400);
    expect((await evaluator.post(`/evaluations/${id}`, { version, observations: { constructor: 'x' } })).status).toBe(400);
    const badKey = await evaluator.post(`/evaluations/${id}`, {
      version,
      recommendations: [{ catalogue_key: 'chair.golden_throne', priority: 'high' }],
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.errors).toContain('not in the recommendation catalogue');
    const stored = await server.ctx.db
      .selectFrom('evaluations')
      .select(['version', 'observations'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.version).toBe(version);
    const observations = {
      'chair.seat_height': 'feet_unsupported',
      'chair.armrest_issues': ['hard', 'too_wide'],
      'time.sitting': 'gt4',
      'screen.height': 'too_high',
      chair: 'Feet dangle; we lowered the seat.',
    };
    const saved = await evaluator.post(`/evaluations/${id}`, {
      version,
      observations,
      rosa: { scores: { final: 1 } },
      recommendations: [
        { catalogue_key: 'chair.footrest', priority: 'high' },
        { text: 'Lower the monitor arm by 10 cm.', priority: 'medium' },
      ],
    });
    expect(saved.status).toBe(200);
    const row = await server.ctx.db
      .selectFrom('evaluations')
      .select(['rosa', 'observations'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const rosa = row.rosa as { inputs: { seatHeight: number; chairDuration: string }; scores: { final: number; chair: number } };
    // The server scores ROSA itself: the client's claimed final score of 1 is not kept.
    expect(rosa.inputs).toMatchObject({ seatHeight: 3, chairDuration: 'gt4' });
    expect(rosa.scores.final).toBeGreaterThan(1);
    expect(row.observations).toEqual(observations);
    const got = (await evaluator.get(`/evaluations/${id}`)).data as {
      versions: { version: number }[];
      evaluation: { employee: { name: string } };
    };
    expect(got.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(got.evaluation.employee.name).toBeTruthy();
  });
});

describe('the work lists (GET /evaluations)', () => {
  it('gives each caller the lists of the permissions they hold, never another client’s reports', async () => {
    await server.ctx.db.updateTable('clients').set({ evaluation_approval_required: true }).where('id', '=', ids.NW01).execute();
    const author = await as(ACCOUNTS.evaluator);
    const reviewer = await as(ACCOUNTS.evaluator2);
    const manager = await as(ACCOUNTS.manager);
    const { id } = (await author.post('/evaluations', { employee_id: ids[ACCOUNTS.newStarter] })).data as { id: number };
    const version = (await server.ctx.db.selectFrom('evaluations').select('version').where('id', '=', id).executeTakeFirstOrThrow())
      .version;
    await author.post(`/evaluations/${id}`, { version, recommendations: [{ catalogue_key: 'screen.laptop_stand', priority: 'high' }] });
    const mine = (await author.get('/evaluations')).data as Worklist;
    expect(mine.mine!.find((r) => r.id === id)).toMatchObject({ status: 'draft' });
    expect(mine.mine!.find((r) => r.id === id)).not.toHaveProperty('label');
    // The demo's booked meeting was claimed by the first evaluator.
    expect(mine.meetings!.length).toBeGreaterThan(0);
    expect((await reviewer.get('/evaluations')).data as Worklist).toMatchObject({ meetings: [] });
    expect(((await reviewer.get('/evaluations')).data as Worklist).review!.some((r) => r.id === id)).toBe(false);
    expect((await author.post(`/evaluations/${id}/transitions`, { transition: 'submit' })).status).toBe(200);
    const queue = ((await reviewer.get('/evaluations')).data as Worklist).review!;
    expect(queue.find((r) => r.id === id)).toMatchObject({ status: 'in_review' });
    expect(((await author.get('/evaluations')).data as Worklist).review!.some((r) => r.id === id)).toBe(false);
    for (const step of ['review', 'pass_qc', 'send_for_approval'])
      expect((await reviewer.post(`/evaluations/${id}/transitions`, { transition: step })).status, step).toBe(200);
    // The e-mails lead to the page that acts on the report (migration 027).
    const mails = await server.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'body_text'])
      .where('subject', 'in', ['An evaluation report awaits your approval', 'An evaluation report for Northwind is ready for review'])
      .execute();
    expect(mails.find((m) => m.to_address === ACCOUNTS.manager)?.body_text).toContain(`/user/editclientreport/${id}`);
    expect(mails.find((m) => m.to_address === ACCOUNTS.evaluator2)?.body_text).toContain(`/user/editsurvey/${id}`);
    const managerList = (await manager.get('/evaluations')).data as Worklist;
    expect(managerList).toMatchObject({ mine: null, meetings: null, review: null });
    expect(managerList.approval!.map((r) => r.id)).toContain(id);
    expect(managerList.approval!.every((r) => r.status === 'pending_client_approval')).toBe(true);
    // Another client's programme manager never sees it; an employee may not call the list.
    await server.ctx.db.updateTable('clients').set({ evaluation_approval_required: false }).where('id', '=', ids.NW01).execute();
    expect((await (await as(ACCOUNTS.employee)).get('/evaluations')).status).toBe(403);
    expect((await (await as(ACCOUNTS.videoViewer)).get('/evaluations')).status).toBe(403);
  });
});
