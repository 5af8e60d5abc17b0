import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import type { TestServer } from '../helpers/test-server';
import { q, startCustomSearchWorld, type Rows } from '../helpers/custom-search-world';

/**
 * Who may custom-search what (SPEC §1 "who sees what"): another client is a 404, the permission is
 * needed, saved searches are private to their owner and belong to a client the caller serves.
 * The world: tests/helpers/custom-search-world.ts.
 */
let server: TestServer;
let manager: Agent;
let northwind: number;
let arcadia: number;
let otherManager: Agent;

beforeAll(async () => {
  ({ server, manager, northwind, arcadia, otherManager } = await startCustomSearchWorld());
});
afterAll(async () => {
  await server?.close();
});

describe('who may search what', () => {
  it('another client answers 404 for search, export and record; the own client answers', async () => {
    const def = q({ match: 'all', conditions: [] }, { client_id: String(arcadia) });
    expect((await manager.get(`/custom-search/self-assessment?${def}`)).status).toBe(404);
    expect((await manager.get(`/custom-search/self-assessment/export?${def}&format=csv`)).status).toBe(404);
    const theirs = await server.ctx.db
      .selectFrom('assessment_attempts')
      .select('id')
      .where('client_id', '=', arcadia)
      .where('status', '=', 'submitted')
      .executeTakeFirstOrThrow();
    expect((await manager.get(`/custom-search/self-assessment/${theirs.id}/${arcadia}`)).status).toBe(404);
    // The record id of another client under the manager's own client id is also 404.
    expect((await manager.get(`/custom-search/self-assessment/${theirs.id}/${northwind}`)).status).toBe(404);
    const own = await otherManager.get(`/custom-search/self-assessment/${theirs.id}/${arcadia}`);
    expect(own.status).toBe(200);
    expect((own.data as { record: { id: string } }).record.id).toBe(String(theirs.id));
    const arcadiaRows = (await otherManager.get(`/custom-search/self-assessment?${q({ match: 'all', conditions: [] })}`)).data as Rows;
    expect(arcadiaRows.rows.every((r) => r.client_id === arcadia)).toBe(true);
    expect(arcadiaRows.total).toBeGreaterThanOrEqual(20);
  });

  it('403 without the custom-search permission', async () => {
    const employee = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
    expect((await employee.get(`/custom-search/self-assessment?${q({ match: 'all', conditions: [] })}`)).status).toBe(403);
    expect((await employee.get('/saved-searches')).status).toBe(403);
    expect((await new Agent(server.url).get('/saved-searches')).status).toBe(401);
  });

  it('the custom-search report route opens a report of the own client only', async () => {
    const mine = await server.ctx.db
      .selectFrom('assessment_attempts')
      .select('report_token')
      .where('client_id', '=', northwind)
      .where('report_token', 'like', 'cs-test-token-%')
      .executeTakeFirstOrThrow();
    const theirs = await server.ctx.db
      .selectFrom('assessment_attempts')
      .select('report_token')
      .where('client_id', '=', arcadia)
      .where('report_token', 'like', 'cs-test-token-%')
      .executeTakeFirstOrThrow();
    expect((await manager.get(`/reports/${theirs.report_token}`)).status).toBe(404);
    expect((await otherManager.get(`/reports/${mine.report_token}`)).status).toBe(404);
  });
});

describe('saved searches', () => {
  const definition = { match: 'all', conditions: [{ field: 'risk_band', op: 'equals', value: 'high' }] };
  it("are private to their owner: list, rename and delete of another user's answer 404", async () => {
    const created = await manager.post('/saved-searches', { kind: 'self-assessment', name: 'High risk', definition, client_id: northwind });
    expect(created.status).toBe(200);
    const id = (created.data as { id: number }).id;
    expect(
      (await manager.post('/saved-searches', { kind: 'self-assessment', name: 'high RISK', definition, client_id: northwind })).status,
    ).toBe(400);
    const list = (await manager.get('/saved-searches?kind=self-assessment')).data as {
      searches: { id: number; name: string; definition: unknown }[];
    };
    expect(list.searches.map((s) => s.name)).toEqual(['High risk']);
    expect(list.searches[0]!.definition).toEqual(definition);
    expect(((await otherManager.get('/saved-searches')).data as { searches: unknown[] }).searches).toEqual([]);
    expect((await otherManager.post(`/saved-searches/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await otherManager.post(`/saved-searches/${id}/delete`)).status).toBe(404);
    // Saving a search for a client the caller may not see is a 404 too.
    expect(
      (await otherManager.post('/saved-searches', { kind: 'self-assessment', name: 'x', definition, client_id: northwind })).status,
    ).toBe(404);
    expect((await manager.post(`/saved-searches/${id}`, { name: 'High risk, all areas' })).status).toBe(200);
    const renamed = await server.ctx.db.selectFrom('saved_searches').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(renamed.name).toBe('High risk, all areas');
    expect((await manager.post(`/saved-searches/${id}/delete`)).status).toBe(200);
    expect(await server.ctx.db.selectFrom('saved_searches').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

describe('clients and saved searches per client', () => {
  const definition = { match: 'all', conditions: [{ field: 'overall_score', op: 'ge', value: 1 }] };
  it('a client manager searches and saves for each assigned client, and is refused any other client', async () => {
    const cm = await signedInAgent(server.url, ACCOUNTS.clientManager, PASSWORD);
    const contoso = (
      await server.ctx.db.selectFrom('users').select('client_id').where('email', '=', ACCOUNTS.contosoEmployee).executeTakeFirstOrThrow()
    ).client_id;
    const choices = (await cm.get('/custom-search-clients')).data as { client_id: number; clients: { id: number; name: string }[] };
    expect(choices.clients).toEqual([
      { id: arcadia, name: 'Arcadia' },
      { id: contoso, name: 'Contoso' },
    ]);
    expect(choices.client_id).toBe(arcadia);
    // The programme manager's only client is their own.
    expect((await manager.get('/custom-search-clients')).data).toMatchObject({ client_id: northwind, clients: [{ id: northwind }] });

    // Results of each assigned client are that client's own.
    for (const client of [arcadia, contoso]) {
      const answer = (await cm.get(`/custom-search/self-assessment?${q(definition, { client_id: String(client) })}`)).data as Rows & {
        client_id: number;
      };
      expect(answer.client_id).toBe(client);
      const { rows } = await sql<{ c: string }>`SELECT count(*) AS c FROM assessment_attempts
        WHERE client_id = ${client} AND status = 'submitted' AND overall_score >= 1`.execute(server.ctx.db);
      expect(answer.total).toBe(Number(rows[0]!.c));
      expect(answer.rows.every((r) => r.client_id === client)).toBe(true);
    }
    expect((await cm.get(`/custom-search/self-assessment?${q(definition, { client_id: String(northwind) })}`)).status).toBe(404);

    // Saved searches belong to a client: listed with it only; another client's is refused.
    const save = (client: number, name: string) =>
      cm.post('/saved-searches', { kind: 'self-assessment', name, definition, client_id: client });
    expect((await save(arcadia, 'Arcadia scored')).status).toBe(200);
    expect((await save(contoso, 'Contoso scored')).status).toBe(200);
    expect((await save(northwind, 'Northwind scored')).status).toBe(404);
    const names = async (query: string) =>
      ((await cm.get(`/saved-searches?kind=self-assessment${query}`)).data as { searches: { name: string }[] }).searches.map((s) => s.name);
    expect(await names(`&client_id=${arcadia}`)).toEqual(['Arcadia scored']);
    expect(await names(`&client_id=${contoso}`)).toEqual(['Contoso scored']);
    expect(await names('')).toEqual(['Arcadia scored', 'Contoso scored']);
    expect((await cm.get(`/saved-searches?client_id=${northwind}`)).status).toBe(404);
    expect((await cm.get('/saved-searches?client_id=abc')).status).toBe(400);

    // Once Contoso is no longer assigned, its saved search is no longer listed.
    const me = await server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.clientManager).executeTakeFirstOrThrow();
    await server.ctx.db.deleteFrom('staff_client_assignments').where('user_id', '=', me.id).where('client_id', '=', contoso).execute();
    expect(await names('')).toEqual(['Arcadia scored']);
    expect((await cm.get(`/saved-searches?client_id=${contoso}`)).status).toBe(404);
    await server.ctx.db.insertInto('staff_client_assignments').values({ user_id: me.id, client_id: contoso }).execute();

    // Without the permission the client list is refused.
    const employee = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
    expect((await employee.get('/custom-search-clients')).status).toBe(403);
  });
});
