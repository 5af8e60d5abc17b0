import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Custom search (SPEC §1, §2 /user/custom-search-*): results equal an independent SQL query, every
 * bad definition is a 400 naming its condition with nothing run or saved, another client is a 404,
 * saved searches are private, and the exports read back equal to the grid and are audited.
 */
let server: TestServer;
let manager: Agent;
let northwind: number;
let arcadia: number;
let otherManager: Agent;

const AREAS = ['office', 'home', 'lab'];
const BANDS = ['low', 'moderate', 'high'];
const REGIONS = ['neck', 'lower_back', 'wrist_right'];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  const mgr = await db
    .selectFrom('users')
    .select(['id', 'client_id', 'role_id', 'password_hash'])
    .where('email', '=', ACCOUNTS.manager)
    .executeTakeFirstOrThrow();
  northwind = mgr.client_id;
  arcadia = (await db.selectFrom('users').select('client_id').where('email', '=', ACCOUNTS.arcadiaEmployee).executeTakeFirstOrThrow())
    .client_id;
  // A programme manager of Arcadia, to show that saved searches and results stay with their owner and client.
  await db
    .insertInto('users')
    .values({
      first_name: 'Ada',
      last_name: 'Arcadia',
      email: 'manager@arcadia.example',
      password_hash: mgr.password_hash,
      client_id: arcadia,
      role_id: mgr.role_id,
    } as never)
    .execute();
  // 60 submitted self-assessments for Northwind and 20 for Arcadia with known figures.
  const people = await db
    .selectFrom('users')
    .select(['id', 'client_id'])
    .where('client_id', 'in', [northwind, arcadia])
    .orderBy('id')
    .execute();
  const rows = [];
  for (let i = 0; i < 80; i += 1) {
    const client = i < 60 ? northwind : arcadia;
    const owners = people.filter((p) => p.client_id === client);
    rows.push({
      user_id: owners[i % owners.length]!.id,
      client_id: client,
      area: AREAS[i % 3]!,
      language: 'en',
      questionnaire_version: 1,
      answers: '{}',
      status: 'submitted',
      sections_done: '[]',
      submitted_at: new Date(Date.UTC(2026, 0, 1 + i)),
      result: JSON.stringify({ overall: { score: 1 + (i % 10) } }),
      report_token: `cs-test-token-${i}-${'x'.repeat(20)}`,
      overall_score: 1 + (i % 10),
      risk_band: BANDS[i % 3]!,
      finding_ids: i % 4 === 0 ? ['chair.no_lumbar', 'screen.too_low'] : ['user.breaks'],
      body_scores: JSON.stringify(i % 5 === 0 ? { [REGIONS[i % 3]!]: 13.5 } : {}),
    });
  }
  await db
    .insertInto('assessment_attempts')
    .values(rows as never)
    .execute();
  manager = await signedInAgent(server.url, ACCOUNTS.manager, PASSWORD);
  otherManager = await signedInAgent(server.url, 'manager@arcadia.example', PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

const q = (definition: unknown, extra: Record<string, string> = {}) =>
  new URLSearchParams({ definition: JSON.stringify(definition), size: '500', ...extra }).toString();
type Rows = { rows: Record<string, unknown>[]; total: number };

async function independentIds(where: string, params: unknown[]): Promise<string[]> {
  const { rows } = await sql
    .raw<{ id: string }>(
      `SELECT a.id::text AS id FROM assessment_attempts a JOIN users u ON u.id = a.user_id
    WHERE a.client_id = ${northwind} AND a.status = 'submitted' AND (${where.replace(/\$(\d)/g, (_, n: string) => `'${String(params[Number(n) - 1])}'`)}) ORDER BY a.id`,
    )
    .execute(server.ctx.db);
  return rows.map((r) => r.id);
}

describe('results equal an independent SQL query', () => {
  const cases: [string, unknown, string, unknown[]][] = [
    [
      'three conditions, all',
      {
        match: 'all',
        conditions: [
          { field: 'risk_band', op: 'equals', value: 'high' },
          { field: 'overall_score', op: 'ge', value: 5 },
          { field: 'submitted_at', op: 'between', value: ['2026-01-10', '2026-02-20'] },
        ],
      },
      "a.risk_band = 'high' AND a.overall_score >= 5 AND a.submitted_at >= '2026-01-10' AND a.submitted_at < '2026-02-21'",
      [],
    ],
    [
      'any of two',
      {
        match: 'any',
        conditions: [
          { field: 'work_area', op: 'equals', value: 'lab' },
          { field: 'overall_score', op: 'lt', value: 2 },
        ],
      },
      "a.area = 'lab' OR a.overall_score < 2",
      [],
    ],
    [
      'finding and body region',
      {
        match: 'all',
        conditions: [
          { field: 'findings', op: 'contains', value: 'LUMBAR' },
          { field: 'discomfort_regions', op: 'includes_any', value: ['neck', 'wrist_right'] },
        ],
      },
      "EXISTS (SELECT 1 FROM unnest(a.finding_ids) f WHERE f LIKE '%lumbar%') AND a.body_scores ?| array['neck','wrist_right']",
      [],
    ],
    [
      'finding starts with, only at the start of an id',
      { match: 'all', conditions: [{ field: 'findings', op: 'starts_with', value: 'Chair.' }] },
      "EXISTS (SELECT 1 FROM unnest(a.finding_ids) f WHERE f LIKE 'chair.%')",
      [],
    ],
    [
      'finding contains across two ids matches nothing',
      { match: 'all', conditions: [{ field: 'findings', op: 'contains', value: 'lumbar|' }] },
      'false',
      [],
    ],
    [
      'employee e-mail and one-of',
      {
        match: 'all',
        conditions: [
          { field: 'employee_email', op: 'contains', value: 'northwind' },
          { field: 'risk_band', op: 'one_of', value: ['low', 'moderate'] },
        ],
      },
      "lower(u.email) LIKE '%northwind%' AND a.risk_band IN ('low','moderate')",
      [],
    ],
    [
      'a value that looks like SQL is only text',
      { match: 'all', conditions: [{ field: 'employee_name', op: 'contains', value: "x' OR '1'='1" }] },
      'false',
      [],
    ],
  ];
  it.each(cases)('%s', async (_label, definition, where, params) => {
    const answer = await manager.get(`/custom-search/self-assessment?${q(definition)}`);
    expect(answer.status).toBe(200);
    const data = answer.data as Rows;
    const expected = await independentIds(where, params);
    expect(data.total).toBe(expected.length);
    expect(data.rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected);
    if (where !== 'false') expect(expected.length).toBeGreaterThan(0);
  });

  it('pages and sorts on the server without overlap', async () => {
    const def = { match: 'all', conditions: [] };
    const first = (await manager.get(`/custom-search/self-assessment?${q(def, { size: '7', sort: 'overall_score', dir: 'asc' })}`))
      .data as Rows;
    const second = (
      await manager.get(`/custom-search/self-assessment?${q(def, { size: '7', start: '7', sort: 'overall_score', dir: 'asc' })}`)
    ).data as Rows;
    expect(first.rows).toHaveLength(7);
    const scores = [...first.rows, ...second.rows].map((r) => Number(r.overall_score));
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(14);
  });

  it('gives the same exact total on a full page, on the short last page and past the end', async () => {
    const def = { match: 'all', conditions: [{ field: 'risk_band', op: 'equals', value: 'high' }] };
    const expected = (await independentIds("a.risk_band = 'high'", [])).length;
    expect(expected).toBeGreaterThan(10);
    const page = async (start: number, size: number) =>
      (await manager.get(`/custom-search/self-assessment?${q(def, { size: String(size), start: String(start) })}`)).data as Rows;
    const full = await page(0, 5);
    expect(full.rows).toHaveLength(5);
    expect(full.total).toBe(expected);
    const last = await page(expected - 3, 5);
    expect(last.rows).toHaveLength(3);
    expect(last.total).toBe(expected);
    const beyond = await page(expected + 10, 5);
    expect(beyond.rows).toHaveLength(0);
    expect(beyond.total).toBe(expected);
    const none = await manager.get(
      `/custom-search/self-assessment?${q({ match: 'all', conditions: [{ field: 'employee_name', op: 'equals', value: 'nobody at all' }] })}`,
    );
    expect((none.data as Rows).total).toBe(0);
  });

  it('searches the other kinds with their own fields', async () => {
    for (const [kind, def] of [
      ['ergo-eval', { field: 'status', op: 'one_of', value: ['draft', 'finalized'] }],
      ['schedule-request', { field: 'wait_business_days', op: 'ge', value: 0 }],
      ['follow-up', { field: 'answered', op: 'equals', value: 'no' }],
    ] as const) {
      const answer = await manager.get(`/custom-search/${kind}?${q({ match: 'all', conditions: [def] })}`);
      expect(answer.status, kind).toBe(200);
      expect(typeof (answer.data as Rows).total).toBe('number');
    }
  });
});

describe('bad definitions are refused with the condition named, and nothing runs or is saved', () => {
  const bad: [string, unknown, RegExp][] = [
    [
      'unknown field',
      { match: 'all', conditions: [{ field: 'password_hash', op: 'equals', value: 'x' }] },
      /Condition 1: there is no field/,
    ],
    [
      'operator not allowed for the type',
      {
        match: 'all',
        conditions: [
          { field: 'risk_band', op: 'equals', value: 'high' },
          { field: 'overall_score', op: 'contains', value: '5' },
        ],
      },
      /Condition 2 \(Overall score\): the operator/,
    ],
    [
      'wrong value type',
      { match: 'all', conditions: [{ field: 'overall_score', op: 'ge', value: 'five' }] },
      /Condition 1 \(Overall score is at least\) needs a number/,
    ],
    ['number out of range', { match: 'all', conditions: [{ field: 'overall_score', op: 'ge', value: 11 }] }, /needs a number from 0 to 10/],
    ['not a date', { match: 'all', conditions: [{ field: 'submitted_at', op: 'before', value: '2026-02-30' }] }, /needs a date/],
    [
      'enum value not offered',
      { match: 'all', conditions: [{ field: 'risk_band', op: 'one_of', value: ['high', 'extreme'] }] },
      /accepts only: low, moderate, high/,
    ],
    [
      'too many conditions',
      { match: 'all', conditions: Array.from({ length: 11 }, () => ({ field: 'risk_band', op: 'equals', value: 'high' })) },
      /at most 10 conditions/,
    ],
    [
      'SQL in the field',
      { match: 'all', conditions: [{ field: 'overall_score; DROP TABLE users', op: 'equals', value: 1 }] },
      /there is no field/,
    ],
    [
      'SQL in the operator',
      { match: 'all', conditions: [{ field: 'overall_score', op: '= 1 OR 1=1 --', value: 1 }] },
      /the operator must be one of/,
    ],
    ['prototype name as field', { match: 'all', conditions: [{ field: '__proto__', op: 'equals', value: 1 }] }, /there is no field/],
    ['match neither all nor any', { match: 'some', conditions: [] }, /all or any/],
    ['extra parts', { match: 'all', conditions: [], sql: 'x' }, /unknown parts/],
  ];
  it.each(bad)('%s', async (_label, definition, message) => {
    const run = await manager.get(`/custom-search/self-assessment?${q(definition)}`);
    expect(run.status).toBe(400);
    expect(String(run.body.errors)).toMatch(message);
    const before = await server.ctx.db
      .selectFrom('saved_searches')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const save = await manager.post('/saved-searches', {
      kind: 'self-assessment',
      name: `bad ${_label}`,
      definition,
      client_id: northwind,
    });
    expect(save.status).toBe(400);
    const after = await server.ctx.db
      .selectFrom('saved_searches')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses a sort that is not a column, and a page too large', async () => {
    expect(
      (await manager.get(`/custom-search/self-assessment?${q({ match: 'all', conditions: [] }, { sort: 'password_hash' })}`)).status,
    ).toBe(400);
    expect((await manager.get(`/custom-search/self-assessment?${q({ match: 'all', conditions: [] }, { size: '100000' })}`)).status).toBe(
      400,
    );
    expect((await manager.get('/custom-search/self-assessment?definition=%7Bnot-json')).status).toBe(400);
  });
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

describe('exports', () => {
  const definition = {
    match: 'all',
    conditions: [
      { field: 'risk_band', op: 'one_of', value: ['moderate', 'high'] },
      { field: 'overall_score', op: 'ge', value: 3 },
    ],
  };
  const query = q(definition, { sort: 'overall_score', dir: 'desc' });
  const grid = async () => ((await manager.get(`/custom-search/self-assessment?${query}`)).data as Rows).rows;
  const COLUMNS = ['employee_name', 'employee_email', 'region', 'work_area', 'submitted_at', 'overall_score', 'risk_band'];
  const asText = (row: Record<string, unknown>) => COLUMNS.map((c) => (row[c] === null || row[c] === undefined ? '' : String(row[c])));

  it('CSV reads back equal to the grid and is audited with the definition and row count', async () => {
    const rows = await grid();
    expect(rows.length).toBeGreaterThan(5);
    const answer = await manager.raw('GET', `/blogs/api/custom-search/self-assessment/export?${query}&format=csv`);
    expect(answer.status).toBe(200);
    const lines = String(answer.body.text).trim().split('\r\n');
    expect(lines[0]).toBe('Employee,E-mail,Region,Work area,Submitted,Score,Risk band');
    expect(lines.slice(1).map((l) => l.split(','))).toEqual(rows.map(asText));
    const entry = await server.ctx.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'custom_search.exported')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const details = (typeof entry.details === 'string' ? JSON.parse(entry.details) : entry.details) as Record<string, unknown>;
    expect(details).toMatchObject({ format: 'csv', rows: rows.length, definition, kind: 'self-assessment' });
  });

  it('Excel reads back (exceljs) equal to the grid and is audited', async () => {
    const rows = await grid();
    const response = await fetch(`${server.url}/blogs/api/custom-search/self-assessment/export?${query}&format=xlsx`, {
      headers: { cookie: [...manager.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const read: string[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1)
        read.push(
          COLUMNS.map((_, i) => {
            const v = row.getCell(i + 1).value;
            return v === null || v === undefined ? '' : String(v);
          }),
        );
    });
    expect(read).toEqual(rows.map(asText));
    const entry = await server.ctx.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'custom_search.exported')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({ format: 'xlsx', rows: rows.length });
  });

  it('neutralises formula cells in both exports', async () => {
    await server.ctx.db
      .updateTable('users')
      .set({ region: '=HYPERLINK("http://evil.example")' })
      .where('email', '=', ACCOUNTS.manager)
      .execute();
    const def = q({ match: 'all', conditions: [{ field: 'region', op: 'starts_with', value: '=' }] });
    const csv = await manager.raw('GET', `/blogs/api/custom-search/self-assessment/export?${def}&format=csv`);
    const total = ((await manager.get(`/custom-search/self-assessment?${def}`)).data as Rows).total;
    expect(total).toBeGreaterThan(0);
    expect(String(csv.body.text)).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(String(csv.body.text)).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});
