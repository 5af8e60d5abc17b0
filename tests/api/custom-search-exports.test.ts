import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../helpers/agent';
import type { TestServer } from '../helpers/test-server';
import { ACCOUNTS } from '../helpers/accounts';
import { q, startCustomSearchWorld, type Rows } from '../helpers/custom-search-world';

/**
 * Custom search exports (SPEC §2 /user/custom-search-*): CSV and Excel read back equal to the grid,
 * are audited with the definition and row count, and neutralise formula cells.
 * The world: tests/helpers/custom-search-world.ts.
 */
let server: TestServer;
let manager: Agent;

beforeAll(async () => {
  ({ server, manager } = await startCustomSearchWorld());
});
afterAll(async () => {
  await server?.close();
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
  // Times are written in the reader's zone; Tokyo keeps UTC+9 all year, so the expectation is plain arithmetic.
  const ZONE = 'Asia/Tokyo';
  const tokyo = (iso: string) => new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  const asText = (row: Record<string, unknown>) =>
    COLUMNS.map((c) => (row[c] === null || row[c] === undefined ? '' : c === 'submitted_at' ? tokyo(String(row[c])) : String(row[c])));

  it('CSV reads back equal to the grid and is audited with the definition and row count', async () => {
    const rows = await grid();
    expect(rows.length).toBeGreaterThan(5);
    const answer = await manager.raw('GET', `/blogs/api/custom-search/self-assessment/export?${query}&format=csv&tz=${ZONE}`);
    expect(answer.status).toBe(200);
    const lines = String(answer.body.text).trim().split('\r\n');
    expect(lines[0]).toBe('Employee,E-mail,Region,Work area,Submitted (Asia/Tokyo),Score,Risk band');
    expect(lines[1]!.split(',')[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
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
    const response = await fetch(`${server.url}/blogs/api/custom-search/self-assessment/export?${query}&format=xlsx&tz=${ZONE}`, {
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
            const cell = row.getCell(i + 1);
            const v = cell.value;
            // A real date cell holding the reader's wall-clock time, shown as such.
            if (v instanceof Date) {
              expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm');
              return v.toISOString().slice(0, 16).replace('T', ' ');
            }
            return v === null || v === undefined ? '' : String(v);
          }),
        );
    });
    expect(read).toEqual(rows.map(asText));
    expect(sheet.getRow(1).getCell(5).value).toBe('Submitted (Asia/Tokyo)');
    expect(sheet.getRow(2).getCell(5).value).toBeInstanceOf(Date);
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
