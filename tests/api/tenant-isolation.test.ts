import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../generated/api';
import type { ApiCallDefinition, JsonSchema } from '../../src/shared/model';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';
import type { Questionnaire } from '../../src/shared/assessment/types';

/**
 * docs/architecture.md "Who sees which client": a record of another client answers 404, exactly as a
 * missing one, and is left as it was. Every call a client-bound role may make that names a record
 * (a path parameter or a body field ending in _id) is tried with the records of another client;
 * the calls come from generated/api.ts, so a new call that takes an id is tried the day it is added.
 */
const ROLES = { employee: ACCOUNTS.employee, 'programme manager': ACCOUNTS.manager } as const;

let server: TestServer;
/** Records of Arcadia, a client neither role belongs to (both are Northwind's). */
let foreign: {
  client: number;
  user: number;
  attempt: string;
  submitted: string;
  report: string;
  survey: string;
  request: string;
  evaluation: string;
  search: string;
  evaluationReport: string;
  followUp: string;
  openAction: string;
  waitingAction: string;
  equipmentRequest: string;
  enrolment: string;
};

beforeAll(async () => {
  server = await startTestServer();
  const arcadia = new Agent(server.url);
  expect((await arcadia.login(ACCOUNTS.arcadiaEmployee, PASSWORD)).status).toBe(200);
  // A submitted self-assessment (its report) and one still in progress, made through the real calls.
  const first = (await arcadia.post('/self-assessment/attempts', { area: 'office' })).data as {
    attempt: { id: string; answers: Record<string, unknown> };
    questionnaire: Questionnaire;
  };
  const submitted = await arcadia.post(`/self-assessment/attempts/${first.attempt.id}/submit`, {
    answers: completeAnswers(first.questionnaire, undefined, first.attempt.answers as never),
  });
  expect(submitted.status).toBe(200);
  const open = (await arcadia.post('/self-assessment/attempts', { area: 'home' })).data as { attempt: { id: string } };
  const user = await server.ctx.db
    .selectFrom('users')
    .select(['id', 'client_id'])
    .where('email', '=', ACCOUNTS.arcadiaEmployee)
    .executeTakeFirstOrThrow();
  // A survey-tool report, as the import would store it.
  const survey = await server.ctx.db
    .insertInto('survey_reports')
    .values({
      user_id: user.id,
      client_id: user.client_id,
      survey_name: 'Workstation survey',
      response_id: 'r-1',
      submitted_at: new Date(),
      answers: JSON.stringify([{ question: 'Chair height', answer: 'Adjusted' }]),
      report_token: randomBytes(24).toString('base64url'),
    })
    .returning('report_token')
    .executeTakeFirstOrThrow();
  // An evaluation request of that employee, and an evaluation an assigned evaluator started for them.
  const requested = await arcadia.post('/evaluation-requests', {
    work_area: 'Office',
    preferred_times: 'Monday mornings',
    time_zone: 'Europe/London',
  });
  expect(requested.status).toBe(200);
  const evaluator = new Agent(server.url);
  expect((await evaluator.login(ACCOUNTS.evaluator, PASSWORD)).status).toBe(200);
  const evaluation = await evaluator.post('/evaluations', { employee_id: user.id });
  expect(evaluation.status).toBe(200);
  // A saved custom search of someone at that client (migration 025), private to its owner.
  const search = await server.ctx.db
    .insertInto('saved_searches')
    .values({
      owner_id: user.id,
      kind: 'self-assessment',
      name: 'Arcadia high risk',
      client_id: user.client_id,
      definition: JSON.stringify({ match: 'all', conditions: [{ field: 'risk_band', op: 'equals', value: 'high' }] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A finalized evaluation report of that employee and its follow-up (as the follow-up job creates it).
  const evaluator1 = await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.evaluator).executeTakeFirstOrThrow();
  const finalized = await server.ctx.db
    .insertInto('evaluations')
    .values({
      client_id: user.client_id,
      employee_id: user.id,
      evaluator_id: evaluator1.id,
      status: 'finalized',
      work_area: 'Office',
      recommendations: JSON.stringify([{ text: 'Lower the chair until the feet rest flat.', priority: 'high' }]),
      finalized_at: new Date(),
    })
    .returning(['id', 'report_token'])
    .executeTakeFirstOrThrow();
  const followUp = await server.ctx.db
    .insertInto('follow_ups')
    .values({ evaluation_id: finalized.id, client_id: user.client_id, employee_id: user.id, due_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Two corrective actions of that employee (migration 033): one open (the employee's moves), one
  // waiting for help (the manager's close).
  const action = (state: string) =>
    server.ctx.db
      .insertInto('corrective_actions')
      .values({
        client_id: user.client_id,
        user_id: user.id,
        finding_key: `tenant-${state}`,
        source: 'evaluation',
        evaluation_id: finalized.id,
        title: 'Lower the chair until the feet rest flat.',
        priority: 'high',
        state,
        due_at: new Date(Date.now() + 14 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const [openAction, waitingAction] = [await action('open'), await action('need_help')];
  // An equipment request waiting for its manager (migration 035), and a training enrolment (036).
  const item = await server.ctx.db
    .insertInto('equipment_items')
    .values({ client_id: user.client_id, slug: 'tenant-stand', category: 'laptop', price_cents: 3000, currency: 'EUR', mode: 'bought' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const equipmentRequest = await server.ctx.db
    .insertInto('equipment_requests')
    .values({
      client_id: user.client_id,
      user_id: user.id,
      item_id: item.id,
      unit_price_cents: 3000,
      currency: 'EUR',
      mode: 'bought',
      desk_location: 'Floor 2',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enrolment = await server.ctx.db
    .insertInto('training_enrolments')
    .values({
      client_id: user.client_id,
      user_id: user.id,
      course_id: 'display-screen',
      state: 'completed',
      due_at: new Date(),
      completed_at: new Date(),
      score: 90,
      certificate_code: 'TENANT-CHECK-0001',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreign = {
    client: user.client_id,
    user: user.id,
    attempt: open.attempt.id,
    submitted: first.attempt.id,
    report: (submitted.data as { url: string }).url,
    survey: survey.report_token,
    request: String((requested.data as { id: number }).id),
    evaluation: String((evaluation.data as { id: number | string }).id),
    search: String(search.id),
    evaluationReport: finalized.report_token,
    followUp: String(followUp.id),
    openAction: String(openAction.id),
    waitingAction: String(waitingAction.id),
    equipmentRequest: String(equipmentRequest.id),
    enrolment: String(enrolment.id),
  };
});
afterAll(async () => {
  await server?.close();
});

/** Path parameters that name a record, and the other client's record each one is tried with. */
function recordFor(call: ApiCallDefinition, param: string): string | undefined {
  if (param === 'clientId') return String(foreign.client);
  if (param === 'userId') return String(foreign.user);
  if (param === 'id' && call.path.startsWith('/self-assessment/attempts/')) return foreign.attempt;
  if (param === 'url' && call.path.startsWith('/survey-reports/')) return foreign.survey;
  if (param === 'url' && call.path.startsWith('/reports/')) return foreign.report;
  if (param === 'id' && call.path.startsWith('/evaluation-requests/')) return foreign.request;
  if (param === 'id' && call.path.startsWith('/evaluations/')) return foreign.evaluation;
  if (param === 'email' && call.path.startsWith('/employee-reports/')) return ACCOUNTS.arcadiaEmployee;
  if (param === 'id' && call.path.startsWith('/employees/')) return String(foreign.user);
  if (param === 'id' && call.path.startsWith('/custom-search/')) return foreign.submitted;
  if (param === 'id' && call.path.startsWith('/saved-searches/')) return foreign.search;
  if (param === 'url' && call.path.startsWith('/evaluation-reports/')) return foreign.evaluationReport;
  if (param === 'id' && call.path.startsWith('/follow-ups/')) return foreign.followUp;
  if (param === 'id' && call.path === '/clients/:id/follow-ups') return String(foreign.client);
  if (param === 'id' && call.path === '/actions/:id/move') return foreign.openAction;
  if (param === 'id' && call.path === '/actions/:id/close') return foreign.waitingAction;
  if (param === 'id' && call.path.startsWith('/equipment/requests/')) return foreign.equipmentRequest;
  if (param === 'id' && call.path.startsWith('/training/certificates/')) return foreign.enrolment;
  return undefined;
}
/** Parameters that choose among fixed values rather than records. */
// A course is content every client shares (content/training/), not a client's record.
const FIXED: Record<string, string> = { kind: 'logo', scope: 'self-assessment', language: 'en', area: 'office', course: 'display-screen' };
const isRecordParam = (param: string) => !(param in FIXED);

/** The smallest payload the call's schema accepts, with every *_id field naming the other client's record. */
function payloadFor(schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (name === 'client_id') {
      out[name] = foreign.client;
      continue;
    }
    if (name === 'user_id') {
      out[name] = foreign.user;
      continue;
    }
    if (!((schema.required ?? []) as string[]).includes(name)) continue;
    if (property.type === 'object') out[name] = {};
    else if (property.type === 'array') out[name] = [];
    else if (property.type === 'integer' || property.type === 'number') out[name] = (property.minimum as number | undefined) ?? 1;
    else if (Array.isArray(property.enum)) out[name] = property.enum[0];
    else out[name] = 'x'.repeat(Math.max(1, (property.minLength as number | undefined) ?? 1));
  }
  return out;
}

/** Everything of the other client a call could change, and the callers' own accounts. */
async function snapshot(): Promise<string> {
  const db = server.ctx.db;
  const [clients, users, attempts, surveys, texts, images, requests, evaluations, searches, followUps, actions] = await Promise.all([
    db.selectFrom('clients').selectAll().where('id', '=', foreign.client).execute(),
    db.selectFrom('users').select(['id', 'client_id', 'region', 'role_id', 'sso_status', 'email', 'status']).orderBy('id').execute(),
    db.selectFrom('assessment_attempts').selectAll().where('client_id', '=', foreign.client).orderBy('id').execute(),
    db.selectFrom('survey_reports').selectAll().where('client_id', '=', foreign.client).execute(),
    db.selectFrom('client_text_overrides').selectAll().where('client_id', '=', foreign.client).execute(),
    db.selectFrom('client_images').select(['kind', 'sha256']).where('client_id', '=', foreign.client).execute(),
    db.selectFrom('evaluation_requests').selectAll().where('client_id', '=', foreign.client).orderBy('id').execute(),
    db.selectFrom('evaluations').selectAll().where('client_id', '=', foreign.client).orderBy('id').execute(),
    db.selectFrom('saved_searches').selectAll().orderBy('id').execute(),
    db.selectFrom('follow_ups').selectAll().where('client_id', '=', foreign.client).orderBy('id').execute(),
    db.selectFrom('corrective_actions').selectAll().where('client_id', '=', foreign.client).orderBy('id').execute(),
  ]);
  return JSON.stringify({ clients, users, attempts, surveys, texts, images, requests, evaluations, searches, followUps, actions });
}

describe("a client-bound role never reaches another client's records", () => {
  it("answers 404 for another client's id on every call that takes one, and changes nothing", async () => {
    const wrong: string[] = [];
    const uncovered: string[] = [];
    let tried = 0;
    for (const [label, email] of Object.entries(ROLES)) {
      const agent = new Agent(server.url);
      expect((await agent.login(email, PASSWORD)).status).toBe(200);
      const role = await server.ctx.db
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select(['roles.id', 'roles.name'])
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow();
      const held = new Set(
        (await server.ctx.db.selectFrom('role_permissions').select('permission').where('role_id', '=', role.id).execute()).map(
          (p) => p.permission,
        ),
      );
      // Calls this role passes the gate of (the access matrix covers the refusals of the others).
      const reachable = apiCalls.filter(
        (c) => c.auth === 'session' && c.access !== 'superadmin' && (c.permissions.length === 0 || c.permissions.some((p) => held.has(p))),
      );
      for (const call of reachable) {
        const params = [...call.path.matchAll(/:(\w+)\??/g)].map((m) => m[1]);
        const bodyIds = call.body ? Object.keys((call.body.properties ?? {}) as object).filter((k) => /_id$/.test(k)) : [];
        if (!params.some(isRecordParam) && bodyIds.length === 0) continue;
        // A custom search's kind is a fixed word of its own (src/shared/search/fields.ts).
        const values = params.map(
          (p) => (p === 'kind' && call.path.startsWith('/custom-search/') ? 'self-assessment' : FIXED[p]) ?? recordFor(call, p),
        );
        if (values.some((v) => v === undefined)) {
          uncovered.push(`${call.name} (${params.join(', ')})`);
          continue;
        }
        const path = params.reduce((p, param, i) => p.replace(new RegExp(`:${param}\\??`), encodeURIComponent(values[i]!)), call.path);
        const before = await snapshot();
        const answer =
          call.method === 'GET' ? await agent.get(path) : await agent.post(path, call.body ? payloadFor(call.body) : undefined);
        tried += 1;
        if (answer.status !== 404) wrong.push(`${call.name} as ${label}: ${answer.status} ${JSON.stringify(answer.body.errors ?? '')}`);
        if ((await snapshot()) !== before) wrong.push(`${call.name} as ${label}: changed another client's data`);
      }
    }
    console.log(`ids tried: ${tried}`);
    // A new call that takes an id must say here which record of another client to try it with.
    expect(uncovered).toEqual([]);
    expect(wrong).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(10);
  });

  it('answers 404 NOT_FOUND to every dashboard call naming another client in its client_id query (SPEC §1 who sees what)', async () => {
    // The programme dashboards choose their client by query (src/server/domain/dashboards/scope.ts).
    const dashboardCalls = apiCalls.filter((c) => c.method === 'GET' && c.path.startsWith('/dashboards/') && !c.path.includes(':'));
    expect(dashboardCalls.length).toBeGreaterThanOrEqual(8);
    const manager = new Agent(server.url);
    expect((await manager.login(ACCOUNTS.manager, PASSWORD)).status).toBe(200);
    const wrong: string[] = [];
    for (const call of dashboardCalls) {
      // kind only where the call reads one (its declared query refuses any other name).
      const kind = 'kind' in ((call.query?.properties ?? {}) as object) ? 'kind=all' : '';
      const foreignAnswer = await manager.get(`${call.path}?client_id=${foreign.client}${kind ? `&${kind}` : ''}`);
      const ownAnswer = await manager.get(`${call.path}?${kind}`);
      if (foreignAnswer.status !== 404 || foreignAnswer.body.errors !== 'Not found.') wrong.push(`${call.name}: ${foreignAnswer.status}`);
      if (ownAnswer.status !== 200) wrong.push(`${call.name} (own client): ${ownAnswer.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 when a search names another client in its query (client_id), with no rows and no file', async () => {
    const manager = new Agent(server.url);
    expect((await manager.login(ACCOUNTS.manager, PASSWORD)).status).toBe(200);
    const searched = await manager.get(`/employees?client_id=${foreign.client}`);
    expect(searched.status).toBe(404);
    expect(JSON.stringify(searched.body)).not.toContain(ACCOUNTS.arcadiaEmployee);
    const exported = await manager.raw('GET', `/blogs/api/employees.csv?client_id=${foreign.client}`);
    expect(exported.status).toBe(404);
    expect(exported.headers.get('content-type')).not.toContain('text/csv');
    // The record, named with the employee's own client or with the manager's, is the same 404.
    const own = await server.ctx.db.selectFrom('users').select('client_id').where('email', '=', ACCOUNTS.manager).executeTakeFirstOrThrow();
    for (const query of [`?client_id=${foreign.client}`, `?client_id=${own.client_id}`])
      expect((await manager.get(`/employees/${foreign.user}${query}`)).status).toBe(404);
  });

  it("still serves the same calls for the caller's own records (the 404s above are the boundary, not a broken call)", async () => {
    const arcadia = new Agent(server.url);
    expect((await arcadia.login(ACCOUNTS.arcadiaEmployee, PASSWORD)).status).toBe(200);
    expect((await arcadia.get(`/self-assessment/attempts/${foreign.attempt}`)).status).toBe(200);
    expect((await arcadia.get(`/reports/${foreign.report}`)).status).toBe(200);
    expect((await arcadia.get(`/survey-reports/${foreign.survey}`)).status).toBe(200);
    expect((await arcadia.get(`/evaluation-reports/${foreign.evaluationReport}`)).status).toBe(200);
    expect((await arcadia.get(`/follow-ups/${foreign.followUp}`)).status).toBe(200);
    expect((await arcadia.get(`/client-texts/${foreign.client}/self-assessment`)).status).toBe(200);
  });
});
