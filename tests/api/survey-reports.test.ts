import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/server/api/survey-reports/survey-csv';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { download, pdfText, pdfTitle } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Report {
  id: string;
  url: string;
  survey_name: string;
  employee: { id: number; email: string };
  answers: { question: string; answer: string }[];
}

/** A file as the form's file widget sends it: a data URL with its name (manifest/forms/survey-import.yaml). */
const csvFile = (text: string, name = 'export.csv') => `data:text/csv;name=${name};base64,${Buffer.from(text).toString('base64')}`;

let server: TestServer;
const agents = new Map<string, Agent>();
async function as(email: string): Promise<Agent> {
  if (!agents.has(email)) {
    const agent = new Agent(server.url);
    expect((await agent.login(email, PASSWORD)).status).toBe(200);
    agents.set(email, agent);
  }
  return agents.get(email)!;
}
const clientId = async (code: string) =>
  (await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', code).executeTakeFirstOrThrow()).id;

const EXPORT = [
  'Response ID,Time Started,Date Submitted,Status,Email,Survey Name,"How many hours a day do you sit?","Where do you feel discomfort, if anywhere?"',
  '101,2026-03-02 09:00:00,2026-03-02 09:12:44,Complete,Employee@Northwind.example,Workstation survey,6 to 8,"Neck, ""mostly"" in the afternoon"',
  '102,2026-03-03 10:00:00,2026-03-03 10:05:01,Complete,manager@northwind.example,,More than 8,',
].join('\r\n');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('reading the export', () => {
  it('parses quoted fields, doubled quotes and line breaks inside quotes', () => {
    expect(parseCsv('a,"b ""c""",d\r\n"e\nf",,g\n')).toEqual([
      ['a', 'b "c"', 'd'],
      ['e\nf', '', 'g'],
    ]);
    expect(() => parseCsv('a,"b')).toThrow();
  });
});

describe('survey-tool reports', () => {
  it('imports for the client by e-mail, lists, shows and downloads them, and audits the import', async () => {
    const admin = await as(ACCOUNTS.admin);
    const nw = await clientId('NW01');
    const imported = await admin.post(`/admin/survey-reports/${nw}/import`, {
      import_file: csvFile(EXPORT),
      survey_name: 'Northwind survey',
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.data).toEqual({ imported: 2, already_imported: 0 });
    // Importing the same export again adds nothing.
    expect((await admin.post(`/admin/survey-reports/${nw}/import`, { import_file: csvFile(EXPORT) })).data).toEqual({
      imported: 0,
      already_imported: 2,
    });

    const list = (await admin.get(`/admin/survey-reports/${nw}`)).data as {
      rows: { id: string; user_id: number; email: string; survey_name: string }[];
      total: number;
    };
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => [r.email, r.survey_name])).toEqual([
      [ACCOUNTS.manager, 'Northwind survey'],
      [ACCOUNTS.employee, 'Workstation survey'],
    ]);
    const mine = list.rows[1];
    // The declared grid (manifest/grids/survey_reports.yaml): paged, sorted and searched on the server.
    const page = async (query: string) =>
      (await admin.get(`/admin/survey-reports/${nw}?${query}`)).data as { rows: { email: string; survey_name: string }[]; total: number };
    expect((await page('start=1&size=1')).rows.map((r) => r.email)).toEqual([ACCOUNTS.employee]);
    expect((await page('sort=survey_name&dir=asc')).rows.map((r) => r.survey_name)).toEqual(['Northwind survey', 'Workstation survey']);
    const found = await page(`q=${encodeURIComponent(ACCOUNTS.employee.toUpperCase())}`);
    expect([found.total, found.rows.map((r) => r.email)]).toEqual([1, [ACCOUNTS.employee]]);
    expect((await page('q=WORKSTATION')).rows.map((r) => r.survey_name)).toEqual(['Workstation survey']);
    for (const bad of ['sort=email', 'sort=user_id', 'size=0', 'dir=sideways'])
      expect((await admin.get(`/admin/survey-reports/${nw}?${bad}`)).status, bad).toBe(400);
    const viewed = ((await admin.get(`/admin/survey-reports/${mine.user_id}/${mine.id}`)).data as { report: Report }).report;
    expect(viewed.answers).toEqual([
      { question: 'How many hours a day do you sit?', answer: '6 to 8' },
      { question: 'Where do you feel discomfort, if anywhere?', answer: 'Neck, "mostly" in the afternoon' },
    ]);
    expect((await admin.get(`/admin/survey-reports/${mine.user_id + 1}/${mine.id}`)).status).toBe(404);
    const adminPdf = await download(admin, `/admin/survey-reports/${mine.user_id}/${mine.id}/pdf`);
    expect(adminPdf.status).toBe(200);
    expect(pdfTitle(adminPdf.bytes)).toBe('Summary-Report');
    expect(pdfText(adminPdf.bytes)).toContain('Neck, "mostly" in the afternoon');

    const employee = await as(ACCOUNTS.employee);
    const reports = (await employee.get('/my-reports')).data as { survey_reports: { url: string; name: string }[] };
    expect(reports.survey_reports.map((r) => r.name)).toEqual(['Workstation survey']);
    const url = reports.survey_reports[0].url;
    expect(((await employee.get(`/survey-reports/${url}`)).data as { report: Report }).report.id).toBe(mine.id);
    expect((await download(employee, `/survey-reports/${url}/pdf`)).status).toBe(200);
    const audits = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'details'])
      .where('action', 'in', ['survey_reports.imported', 'report.downloaded'])
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual([
      'survey_reports.imported',
      'survey_reports.imported',
      'report.downloaded',
      'report.downloaded',
    ]);
    expect(audits[0].details).toMatchObject({ after: { imported: ['101', '102'] } });

    // Another employee, and another client's employee, are told it does not exist.
    expect((await (await as(ACCOUNTS.newStarter)).get(`/survey-reports/${url}`)).status).toBe(404);
    expect((await (await as(ACCOUNTS.arcadiaEmployee)).get(`/survey-reports/${url}`)).status).toBe(404);
  });

  it('refuses a file with an unknown e-mail or a missing column and stores nothing', async () => {
    const admin = await as(ACCOUNTS.admin);
    const fab = await clientId('FAB1');
    const before = await server.ctx.db.selectFrom('survey_reports').select('id').execute();
    const wrongClient = await admin.post(`/admin/survey-reports/${fab}/import`, { import_file: csvFile(EXPORT) });
    expect(wrongClient.status).toBe(400);
    expect(wrongClient.body.problems).toEqual([
      'Row 2: no Fabrikam user has the e-mail "employee@northwind.example".',
      'Row 3: no Fabrikam user has the e-mail "manager@northwind.example".',
    ]);
    expect((wrongClient.body.codes as unknown[])[0]).toEqual({
      code: 'survey.unknown_email',
      params: { row: 2, client: 'Fabrikam', email: 'employee@northwind.example' },
    });
    const noEmail = await admin.post(`/admin/survey-reports/${fab}/import`, {
      import_file: csvFile('Response ID,Date Submitted\n1,2026-01-01'),
    });
    expect(noEmail.body.errors).toBe('The file has no Email column.');
    const badDate = await admin.post(`/admin/survey-reports/${fab}/import`, {
      import_file: csvFile('Response ID,Date Submitted,Email\n1,yesterday,employee@fabrikam.example'),
    });
    expect(badDate.body.errors).toBe('Row 2: Date Submitted is not a date.');
    // The form's own checks on the server (manifest/forms/survey-import.yaml): required, and CSV only, under the field.
    const none = await admin.post(`/admin/survey-reports/${fab}/import`, {});
    expect([none.status, none.body.fields]).toEqual([400, { import_file: 'Import file field is required' }]);
    const notCsv = await admin.post(`/admin/survey-reports/${fab}/import`, { import_file: csvFile(EXPORT, 'export.xlsx') });
    expect([notCsv.status, notCsv.body.fields]).toEqual([400, { import_file: 'Only CSV files are allowed.' }]);
    expect((await admin.post('/admin/survey-reports/99999/import', { import_file: csvFile(EXPORT) })).status).toBe(404);
    expect(await server.ctx.db.selectFrom('survey_reports').select('id').execute()).toEqual(before);
  });

  it('answers 401 without a session and 403 without the permissions', async () => {
    const guest = new Agent(server.url);
    const employee = await as(ACCOUNTS.employee);
    const adminCalls: [string, string, unknown?][] = [
      ['POST', '/admin/survey-reports/1/import', { import_file: csvFile(EXPORT) }],
      ['GET', '/admin/survey-reports/1'],
      ['GET', '/admin/survey-reports/1/1'],
      ['GET', '/admin/survey-reports/1/1/pdf'],
    ];
    const send = (agent: Agent, [method, path, body]: [string, string, unknown?]) =>
      method === 'GET' ? agent.get(path) : agent.post(path, body);
    for (const call of [
      ...adminCalls,
      ['GET', '/survey-reports/abcdefghijklmnopqrstuvwxyz012345'],
      ['GET', '/survey-reports/abcdefghijklmnopqrstuvwxyz012345/pdf'],
    ] as [string, string, unknown?][]) {
      expect((await send(guest, call)).status, call[1]).toBe(401);
    }
    for (const call of adminCalls) expect((await send(employee, call)).status, call[1]).toBe(403);
    expect((await (await as(ACCOUNTS.videoViewer)).get('/survey-reports/abcdefghijklmnopqrstuvwxyz012345')).status).toBe(403);
    // Viewing needs clients-view; importing needs clients-edit too.
    expect((await (await as(ACCOUNTS.manager)).post('/admin/survey-reports/1/import', { import_file: csvFile(EXPORT) })).status).toBe(403);
  });
});
