import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { runDueJobs } from '../../src/server/jobs/job-runner';
import { reassessmentReminderJob } from '../../src/server/domain/assessments/reassessment-reminder';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';

const DAY = 24 * 3600 * 1000;
let server: TestServer;
let admin: Agent;
const code: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAgent(server.url, ACCOUNTS.admin, PASSWORD);
  for (const c of await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute()) code[c.company_code] = c.id;
});
afterAll(async () => {
  await server?.close();
});

const as = (email: string) => signedInAgent(server.url, email, PASSWORD);
const areasOf = async (agent: Agent) => ((await agent.get('/self-assessment')).data as { areas: string[] }).areas;
const attempts = async (email: string) =>
  Number(
    (
      await server.ctx.db
        .selectFrom('assessment_attempts')
        .innerJoin('users', 'users.id', 'assessment_attempts.user_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Saves a client's settings as the admin, signing in again (the clock moves by months here, past any session). */
const save = async (clientId: number, settings: Record<string, unknown>) =>
  (await as(ACCOUNTS.admin)).post(`/admin/assessment-settings/${clientId}`, settings);
const reminders = async (email: string) =>
  await server.ctx.db
    .selectFrom('mail_outbox')
    .select(['subject', 'body_text'])
    .where('to_address', '=', email)
    .where('subject', '=', 'Time to check your workstation again')
    .execute();

/**
 * Runs the due jobs the way the server's runner does (which may run them too: either way each runs
 * once), until none is running, and answers how many reminder jobs have finished so far.
 */
async function runJobs(): Promise<number> {
  for (let round = 0; round < 40; round += 1) {
    const ran = await runDueJobs(server.ctx, [reassessmentReminderJob]);
    const busy = await server.ctx.db.selectFrom('scheduled_jobs').select('id').where('status', '=', 'running').executeTakeFirst();
    if (ran === 0 && !busy) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const done = await server.ctx.db
    .selectFrom('scheduled_jobs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', 'reassessment-reminder')
    .where('status', '=', 'done')
    .executeTakeFirstOrThrow();
  return Number(done.n);
}

async function takeAssessment(email: string, area: string) {
  const agent = await as(email);
  const started = await agent.post('/self-assessment/attempts', { area });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { attempt, questionnaire } = started.data as { attempt: { id: string }; questionnaire: Questionnaire };
  const submitted = await agent.post(`/self-assessment/attempts/${attempt.id}/submit`, { answers: completeAnswers(questionnaire) });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
}

describe("the self-assessments offered follow the client's work areas and content access", () => {
  it('Fabrikam (no Travel access) is not offered Travel, and starting it creates nothing', async () => {
    const fabrikam = await as(ACCOUNTS.fabrikamEmployee);
    const areas = await areasOf(fabrikam);
    console.log('Fabrikam offers:', areas.join(', '));
    expect(areas).toEqual(['office', 'home', 'anywhere', 'lab']);
    const before = await attempts(ACCOUNTS.fabrikamEmployee);
    expect((await fabrikam.post('/self-assessment/attempts', { area: 'travel' })).status).toBe(404);
    expect((await fabrikam.get('/self-assessment/questionnaire/travel')).status).toBe(404);
    expect(await attempts(ACCOUNTS.fabrikamEmployee)).toBe(before);
  });

  it('GET /work-areas lists the offered areas for any signed-in caller, self-assessment menu on or off', async () => {
    const fabrikam = await as(ACCOUNTS.fabrikamEmployee);
    expect(((await fabrikam.get('/work-areas')).data as { areas: { id: string; name: string }[] }).areas.map((a) => a.name)).toEqual([
      'Office',
      'Home',
      'Anywhere',
      'Lab',
    ]);
    const contoso = await as(ACCOUNTS.contosoEmployee);
    expect((await contoso.get('/work-areas')).status).toBe(200);
    expect((await fetch(`${server.url}/blogs/api/work-areas`)).status).toBe(401);
  });

  it('a client set to Office and Home offers exactly those two, on the page and on the server', async () => {
    expect((await save(code.CON1, { work_area: ['Office', 'Home'], reminder_enabled: false, follow_up_days: 30 })).status).toBe(200);
    // Contoso has self-assessment turned off in its menu: turn it on for this check.
    const contoso = await server.ctx.db
      .selectFrom('clients')
      .select('site_menu_details')
      .where('id', '=', code.CON1)
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .updateTable('clients')
      .set({
        site_menu_details: JSON.stringify({
          ...contoso.site_menu_details,
          TakeASelfAssessment: { ...contoso.site_menu_details.TakeASelfAssessment, status: 1 },
        }),
      })
      .where('id', '=', code.CON1)
      .execute();
    const employee = await as(ACCOUNTS.contosoEmployee);
    const areas = await areasOf(employee);
    console.log('Contoso set to Office and Home offers:', areas.join(', '));
    expect(areas).toEqual(['office', 'home']);
    const before = await attempts(ACCOUNTS.contosoEmployee);
    for (const area of ['anywhere', 'lab', 'travel'])
      expect((await employee.post('/self-assessment/attempts', { area })).status, area).toBe(404);
    expect(await attempts(ACCOUNTS.contosoEmployee)).toBe(before);
    expect((await employee.post('/self-assessment/attempts', { area: 'home' })).status).toBe(200);
  });
});

describe('the settings calls', () => {
  it('list every client with its settings and the areas actually offered', async () => {
    const list = (
      (await admin.get('/admin/assessment-settings')).data as {
        clients: { company_name: string; offered: string[]; settings: Record<string, unknown> }[];
      }
    ).clients;
    const fabrikam = list.find((c) => c.company_name === 'Fabrikam')!;
    expect(fabrikam.offered).toEqual(['office', 'home', 'anywhere', 'lab']);
    expect(fabrikam.settings).toEqual({
      work_area: ['Office', 'Home', 'Anywhere', 'Lab', 'Travel'],
      reminder_enabled: false,
      follow_up_days: 30,
      // The product's reminders of overdue actions (REMINDER_DEFAULTS) until the client sets its own.
      action_reminder_days: 7,
      action_reminder_limit: 3,
    });
  });

  it('refuse bad settings with a message on the field, and change nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ work_area: [], reminder_enabled: false, follow_up_days: 30 }, 'work_area'],
      [{ work_area: ['Office'], reminder_enabled: true, follow_up_days: 30 }, 'reassessment_days'],
      [{ work_area: ['Office'], reassessment_days: 0, reminder_enabled: false, follow_up_days: 30 }, 'reassessment_days'],
      [{ work_area: ['Office'], reminder_enabled: false, follow_up_days: 400 }, 'follow_up_days'],
      [{ work_area: ['Garden'], reminder_enabled: false, follow_up_days: 30 }, 'work_area'],
      [{ work_area: ['Office'], reminder_enabled: false, follow_up_days: 30, action_reminder_days: 0 }, 'action_reminder_days'],
      [{ work_area: ['Office'], reminder_enabled: false, follow_up_days: 30, action_reminder_limit: 21 }, 'action_reminder_limit'],
    ];
    for (const [body, field] of cases) {
      const answer = await save(code.FAB1, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.fields as object), JSON.stringify(body)).toContain(field);
    }
    expect((await save(999999, { work_area: ['Office'], reminder_enabled: false, follow_up_days: 30 })).status).toBe(404);
    const row = await server.ctx.db.selectFrom('clients').select('work_area').where('id', '=', code.FAB1).executeTakeFirstOrThrow();
    expect(row.work_area).toEqual(['Office', 'Home', 'Anywhere', 'Lab', 'Travel']);
    expect(
      await server.ctx.db
        .selectFrom('client_assessment_settings')
        .select('client_id')
        .where('client_id', '=', code.FAB1)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("keep the client's own reminders of overdue actions, which the reminder job reads", async () => {
    const body = {
      work_area: ['Office', 'Home'],
      reminder_enabled: false,
      follow_up_days: 30,
      action_reminder_days: 2,
      action_reminder_limit: 5,
    };
    expect((await save(code.CON1, body)).status).toBe(200);
    const list = (await admin.get('/admin/assessment-settings')).data as { clients: { id: number; settings: Record<string, unknown> }[] };
    const settings = list.clients.find((c) => c.id === code.CON1)!.settings;
    expect([settings.action_reminder_days, settings.action_reminder_limit]).toEqual([2, 5]);
    const row = await server.ctx.db
      .selectFrom('client_assessment_settings')
      .select(['action_reminder_days', 'action_reminder_limit'])
      .where('client_id', '=', code.CON1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ action_reminder_days: 2, action_reminder_limit: 5 });
  });

  it('need clients-edit (403) and a session (401)', async () => {
    const manager = await as(ACCOUNTS.manager);
    expect((await manager.get('/admin/assessment-settings')).status).toBe(403);
    expect(
      (
        await manager.post(`/admin/assessment-settings/${code.NW01}`, {
          work_area: ['Office'],
          reminder_enabled: false,
          follow_up_days: 30,
        })
      ).status,
    ).toBe(403);
    const guest = await fetch(`${server.url}/blogs/api/admin/assessment-settings`);
    expect(guest.status).toBe(401);
  });
});

describe('the reassessment reminder, a scheduled job', () => {
  it('goes out once after the interval, not before and not again', async () => {
    expect(
      (
        await save(code.NW01, {
          work_area: ['Office', 'Home', 'Anywhere', 'Lab', 'Travel'],
          reassessment_days: 90,
          reminder_enabled: true,
          follow_up_days: 30,
        })
      ).status,
    ).toBe(200);
    await takeAssessment(ACCOUNTS.employee, 'office');
    expect(await runJobs()).toBe(0);
    server.advance(89 * DAY);
    expect(await runJobs()).toBe(0);
    expect(await reminders(ACCOUNTS.employee)).toHaveLength(0);
    server.advance(1 * DAY + 60_000);
    expect(await runJobs()).toBe(1);
    const sent = await reminders(ACCOUNTS.employee);
    console.log(`reminders after 90 days: ${sent.length}`);
    expect(sent).toHaveLength(1);
    expect(sent[0].body_text).toContain('It is 90 days since you took the Office self-assessment');
    expect(sent[0].body_text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/user\/self_assessment_signup/);
    server.advance(200 * DAY);
    expect(await runJobs()).toBe(1);
    console.log(`reminders 200 days later: ${(await reminders(ACCOUNTS.employee)).length}`);
    expect(await reminders(ACCOUNTS.employee)).toHaveLength(1);
  });

  it('a retake moves the reminder instead of adding one', async () => {
    await takeAssessment(ACCOUNTS.newStarter, 'home');
    server.advance(50 * DAY);
    await takeAssessment(ACCOUNTS.newStarter, 'home');
    server.advance(45 * DAY);
    expect(await runJobs()).toBe(1);
    server.advance(46 * DAY);
    expect(await runJobs()).toBe(2);
    expect(await reminders(ACCOUNTS.newStarter)).toHaveLength(1);
  });

  it('is not sent when the setting is off: not scheduled, and a scheduled one is dropped when it comes due', async () => {
    // Off at submission: nothing is scheduled.
    expect(
      (await save(code.a45, { work_area: ['Office', 'Home'], reassessment_days: 30, reminder_enabled: false, follow_up_days: 30 })).status,
    ).toBe(200);
    await takeAssessment(ACCOUNTS.arcadiaEmployee, 'office');
    server.advance(31 * DAY);
    expect(await runJobs()).toBe(2);
    expect(await reminders(ACCOUNTS.arcadiaEmployee)).toHaveLength(0);
    // On at submission, turned off before it is due: the job runs and sends nothing.
    expect(
      (await save(code.a45, { work_area: ['Office', 'Home'], reassessment_days: 30, reminder_enabled: true, follow_up_days: 30 })).status,
    ).toBe(200);
    await takeAssessment(ACCOUNTS.arcadiaEmployee, 'home');
    expect(
      (await save(code.a45, { work_area: ['Office', 'Home'], reassessment_days: 30, reminder_enabled: false, follow_up_days: 30 })).status,
    ).toBe(200);
    server.advance(31 * DAY);
    expect(await runJobs()).toBe(3);
    console.log(`reminders with the setting off: ${(await reminders(ACCOUNTS.arcadiaEmployee)).length}`);
    expect(await reminders(ACCOUNTS.arcadiaEmployee)).toHaveLength(0);
  });
});
