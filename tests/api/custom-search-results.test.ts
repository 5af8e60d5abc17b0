import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../helpers/agent';
import type { TestServer } from '../helpers/test-server';
import { q, startCustomSearchWorld, type Rows } from '../helpers/custom-search-world';

/**
 * Custom search results (SPEC §1, §2 /user/custom-search-*): they equal an independent SQL query,
 * page and sort on the server with exact totals, and every bad definition is a 400 naming its
 * condition with nothing run or saved. The world: tests/helpers/custom-search-world.ts.
 */
let server: TestServer;
let manager: Agent;
let northwind: number;

beforeAll(async () => {
  ({ server, manager, northwind } = await startCustomSearchWorld());
});
afterAll(async () => {
  await server?.close();
});

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

describe("a day a condition names is the reader's day (SPEC §2 dashboards)", () => {
  // The world's attempts are submitted at midnight UTC: 19:00 of the day before in New York, 09:00 in Tokyo.
  const readerDays = async (zone: string, where: string) => {
    const { rows } = await sql
      .raw<{ id: string }>(
        `SELECT a.id::text AS id FROM assessment_attempts a WHERE a.client_id = ${northwind} AND a.status = 'submitted'
        AND (${where.replaceAll('DAY', `(a.submitted_at AT TIME ZONE '${zone}')::date`)}) ORDER BY a.id`,
      )
      .execute(server.ctx.db);
    return rows.map((r) => r.id);
  };
  const cases: [string, string, unknown, string][] = [
    ['America/New_York', 'equals', '2026-01-10', "DAY = '2026-01-10'"],
    ['Asia/Tokyo', 'equals', '2026-01-10', "DAY = '2026-01-10'"],
    ['America/New_York', 'between', ['2026-01-10', '2026-01-12'], "DAY BETWEEN '2026-01-10' AND '2026-01-12'"],
    ['America/New_York', 'before', '2026-01-05', "DAY < '2026-01-05'"],
    ['America/New_York', 'on_or_before', '2026-01-05', "DAY <= '2026-01-05'"],
    ['America/New_York', 'after', '2026-02-25', "DAY > '2026-02-25'"],
    ['America/New_York', 'on_or_after', '2026-02-25', "DAY >= '2026-02-25'"],
  ];
  it.each(cases)('in %s, submitted %s %j', async (zone, op, value, where) => {
    const definition = { match: 'all', conditions: [{ field: 'submitted_at', op, value }] };
    const answer = await manager.get(`/custom-search/self-assessment?${q(definition, { tz: zone })}`);
    expect(answer.status).toBe(200);
    const data = answer.data as Rows;
    const expected = await readerDays(zone, where);
    expect(expected.length).toBeGreaterThan(0);
    expect(data.rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected);
    expect(data.total).toBe(expected.length);
  });

  it('finds a different record for the same day in New York than in UTC, and the export agrees', async () => {
    const definition = { match: 'all', conditions: [{ field: 'submitted_at', op: 'equals', value: '2026-01-10' }] };
    const utc = (await manager.get(`/custom-search/self-assessment?${q(definition)}`)).data as Rows;
    const newYork = (await manager.get(`/custom-search/self-assessment?${q(definition, { tz: 'America/New_York' })}`)).data as Rows;
    expect(utc.rows.map((r) => r.submitted_at)).toEqual(['2026-01-10T00:00:00.000Z']);
    expect(newYork.rows.map((r) => r.submitted_at)).toEqual(['2026-01-11T00:00:00.000Z']);
    const csv = await manager.raw(
      'GET',
      `/blogs/api/custom-search/self-assessment/export?${q(definition, { tz: 'America/New_York', format: 'csv' })}`,
    );
    expect(csv.status).toBe(200);
    const lines = String(csv.body.text).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(String(newYork.rows[0]!.employee_email));
  });

  it('refuses a time zone it does not know before searching', async () => {
    const definition = { match: 'all', conditions: [{ field: 'submitted_at', op: 'equals', value: '2026-01-10' }] };
    expect((await manager.get(`/custom-search/self-assessment?${q(definition, { tz: 'Mars/Olympus' })}`)).status).toBe(400);
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
