import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let admin: Agent;
let northwind: number;
let contoso: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  const ids = await server.ctx.db.selectFrom('clients').select(['id', 'company_code']).execute();
  northwind = ids.find((c) => c.company_code === 'NW01')!.id;
  contoso = ids.find((c) => c.company_code === 'CON1')!.id;
});
afterAll(async () => {
  await server?.close();
});

type Entries = { entries: { key: string; english: string; text: string }[] };

describe("a client's own wording per language", () => {
  it('lists every key of the scope with its English text and no override yet', async () => {
    const answer = await admin.get(`/admin/clients/${northwind}/texts/ergo-eval/es`);
    expect(answer.status).toBe(200);
    const { entries } = answer.data as Entries;
    expect(entries.find((e) => e.key === 'submit_label')).toEqual({ key: 'submit_label', english: 'Request evaluation', text: '' });
    expect(entries.length).toBeGreaterThan(5);
  });

  it("lists the self-assessment engine's text keys (office and lab pages) and saves an override for one", async () => {
    for (const scope of ['self-assessment', 'self-assessment-lab']) {
      const { entries } = (await admin.get(`/admin/clients/${northwind}/texts/${scope}/ja`)).data as Entries;
      expect(entries.find((e) => e.key === 'area.office.title')).toEqual({
        key: 'area.office.title',
        english: 'Office self-assessment',
        text: '',
      });
      expect(entries.length).toBeGreaterThan(100);
    }
    expect(
      (
        await admin.post(`/admin/clients/${northwind}/texts/self-assessment-lab/ja`, {
          texts: { 'area.lab.title': 'ラボのセルフアセスメント' },
        })
      ).status,
    ).toBe(200);
    const dropped = await admin.post(`/admin/clients/${northwind}/texts/self-assessment/fr`, {
      texts: { 'part.rosa.chair.explanation': 'Score du siège {score}.' },
    });
    expect(dropped.status).toBe(400);
    expect(dropped.body.errors).toBe('The text for part.rosa.chair.explanation must keep {max}.');
    // The same refusal by code and parameters, for the page to word it in the reader's language.
    expect(dropped.body).toMatchObject({
      code: 'texts.placeholder_missing',
      params: { key: 'part.rosa.chair.explanation', missing: '{max}' },
      // Named as the form's field, so the page shows it under that text's box (client_text_overrides).
      fields: { 'texts.part.rosa.chair.explanation': 'The text for part.rosa.chair.explanation must keep {max}.' },
    });
    // A body the form's validator refuses names the field too, and saves nothing.
    const tooLong = await admin.post(`/admin/clients/${northwind}/texts/cms/de`, { texts: { welcome_title: 'x'.repeat(4001) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual({ texts: 'A text may hold at most 4,000 characters.' });
    const row = await server.ctx.db
      .selectFrom('client_text_overrides')
      .selectAll()
      .where('scope', '=', 'self-assessment-lab')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ client_id: northwind, language: 'ja', text_key: 'area.lab.title', text: 'ラボのセルフアセスメント' });
  });

  it('saves, reads back, changes and deletes an override, audited with before and after', async () => {
    const path = `/admin/clients/${northwind}/texts/cms/es`;
    expect((await admin.post(path, { texts: { welcome_title: 'Bienvenida', welcome_lead: 'Pequeños cambios suman.' } })).status).toBe(200);
    let entries = ((await admin.get(path)).data as Entries).entries;
    expect(entries.find((e) => e.key === 'welcome_title')?.text).toBe('Bienvenida');
    // Another language and another client are untouched.
    expect(((await admin.get(`/admin/clients/${northwind}/texts/cms/fr`)).data as Entries).entries.every((e) => e.text === '')).toBe(true);
    expect(((await admin.get(`/admin/clients/${contoso}/texts/cms/es`)).data as Entries).entries.every((e) => e.text === '')).toBe(true);
    // An empty text removes the override.
    expect((await admin.post(path, { texts: { welcome_title: '' } })).status).toBe(200);
    entries = ((await admin.get(path)).data as Entries).entries;
    expect(entries.find((e) => e.key === 'welcome_title')?.text).toBe('');
    expect(entries.find((e) => e.key === 'welcome_lead')?.text).toBe('Pequeños cambios suman.');
    const rows = await server.ctx.db
      .selectFrom('client_text_overrides')
      .select('text_key')
      .where('client_id', '=', northwind)
      .where('scope', '=', 'cms')
      .execute();
    expect(rows.map((r) => r.text_key)).toEqual(['welcome_lead']);
    const audits = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'client.texts.updated')
      .where('target', '=', `client:${northwind}:cms:es`)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.details)).toEqual([
      {
        before: { welcome_title: null, welcome_lead: null },
        after: { welcome_title: 'Bienvenida', welcome_lead: 'Pequeños cambios suman.' },
      },
      { before: { welcome_title: 'Bienvenida' }, after: { welcome_title: null } },
    ]);
  });

  it("rewords a course for one client in one language: its employees read the client's words, others the course's", async () => {
    const { entries } = (await admin.get(`/admin/clients/${northwind}/texts/training/de`)).data as Entries;
    expect(entries.find((e) => e.key === 'display-screen:title')).toEqual({
      key: 'display-screen:title',
      english: 'Display screen basics',
      text: '',
    });
    // Every course's texts, each key named by its course.
    expect(new Set(entries.map((e) => e.key.split(':')[0]))).toEqual(
      new Set(['display-screen', 'working-from-home', 'hybrid-and-travel', 'laboratory', 'refresher']),
    );
    expect((await admin.post(`/admin/clients/${northwind}/texts/training/de`, { texts: { 'display-screen:nope': 'x' } })).status).toBe(400);
    const saved = await admin.post(`/admin/clients/${northwind}/texts/training/de`, {
      texts: { 'display-screen:title': 'Bildschirmarbeit bei Northwind' },
    });
    expect(saved.status).toBe(200);

    const titleFor = async (email: string, language: string) => {
      const user = await server.ctx.db
        .selectFrom('users')
        .select(['id', 'client_id', 'language'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await server.ctx.db.updateTable('users').set({ language }).where('id', '=', user.id).execute();
      await server.ctx.db
        .insertInto('training_enrolments')
        .values({
          client_id: user.client_id!,
          user_id: user.id,
          course_id: 'display-screen',
          due_at: new Date(Date.now() + 30 * 86_400_000),
        })
        .execute();
      const agent = new Agent(server.url);
      expect((await agent.login(email, PASSWORD)).status).toBe(200);
      const answer = await agent.get('/training/courses/display-screen');
      // The account's own language again, for the tests after this one.
      await server.ctx.db.updateTable('users').set({ language: user.language }).where('id', '=', user.id).execute();
      expect(answer.status, email).toBe(200);
      return (answer.data as { course: { title: string } }).course.title;
    };
    expect(await titleFor(ACCOUNTS.employee, 'de')).toBe('Bildschirmarbeit bei Northwind');
    expect(await titleFor(ACCOUNTS.contosoEmployee, 'de')).toBe('Grundlagen der Bildschirmarbeit');
  });

  it('refuses unknown keys, unknown scopes and languages, over-long texts and missing clients', async () => {
    const unknown = await admin.post(`/admin/clients/${northwind}/texts/cms/en`, { texts: { not_a_key: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toBe('Unknown text key: not_a_key.');
    expect((await admin.post(`/admin/clients/${northwind}/texts/cms/en`, { texts: { welcome_title: 'x'.repeat(4001) } })).status).toBe(400);
    expect(
      (await admin.post(`/admin/clients/${northwind}/texts/cms/en`, { texts: { welcome_title: 'x' }, client_id: contoso })).status,
    ).toBe(400);
    expect((await admin.get(`/admin/clients/${northwind}/texts/blog/en`)).status).toBe(404);
    expect((await admin.get(`/admin/clients/${northwind}/texts/cms/xx`)).status).toBe(404);
    expect((await admin.get('/admin/clients/999999/texts/cms/en')).status).toBe(404);
    expect((await admin.post('/admin/clients/999999/texts/cms/en', { texts: {} })).status).toBe(404);
  });

  it("gives a signed-in user their own client's texts in their language, and 404 for another client's id", async () => {
    await admin.post(`/admin/clients/${northwind}/texts/cms/de`, { texts: { welcome_title: 'Willkommen im Team' } });
    await admin.post(`/admin/clients/${northwind}/texts/cms/en`, { texts: { explore_heading: 'Discover Northwind' } });
    const employee = new Agent(server.url);
    await employee.login(ACCOUNTS.employee, PASSWORD);
    const english = (await employee.get(`/client-texts/${northwind}/cms`)).data as { texts: Record<string, string> };
    expect(english.texts).toMatchObject({ welcome_title: 'Welcome', explore_heading: 'Discover Northwind' });
    await server.ctx.db.updateTable('users').set({ language: 'de' }).where('email', '=', ACCOUNTS.employee).execute();
    const german = (await employee.get(`/client-texts/${northwind}/cms`)).data as { texts: Record<string, string> };
    expect(german.texts.welcome_title).toBe('Willkommen im Team');
    expect((await employee.get(`/client-texts/${contoso}/cms`)).status).toBe(404);
    expect((await employee.get(`/client-texts/${northwind}/secrets`)).status).toBe(404);
  });
});

describe('requesting a one-to-one evaluation', () => {
  it("stores the request for the caller's own client, refusing fields that are not in the form", async () => {
    const employee = new Agent(server.url);
    await employee.login(ACCOUNTS.contosoEmployee, PASSWORD);
    const refused = await employee.post('/evaluation-requests', { preferred_times: 'Mornings', client_id: northwind });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toBe('Unknown field: client_id.');
    expect((await employee.post('/evaluation-requests', { preferred_times: '   ' })).status).toBe(400);
    expect((await employee.post('/evaluation-requests', { preferred_times: 'x'.repeat(501) })).status).toBe(400);
    const saved = await employee.post('/evaluation-requests', {
      preferred_times: 'Tuesday or Thursday mornings',
      notes: 'Wrist pain when mousing.',
    });
    expect(saved.status).toBe(200);
    const rows = await server.ctx.db
      .selectFrom('evaluation_requests')
      .select(['client_id', 'preferred_times', 'notes'])
      .where('client_id', '=', contoso)
      .execute();
    expect(rows).toEqual([{ client_id: contoso, preferred_times: 'Tuesday or Thursday mornings', notes: 'Wrist pain when mousing.' }]);
  });

  it('needs a session (401) and the employee-site permission (403)', async () => {
    expect((await new Agent(server.url).post('/evaluation-requests', { preferred_times: 'Any' })).status).toBe(401);
    const viewer = new Agent(server.url);
    await viewer.login(ACCOUNTS.videoViewer, PASSWORD);
    expect((await viewer.post('/evaluation-requests', { preferred_times: 'Any' })).status).toBe(403);
  });
});
