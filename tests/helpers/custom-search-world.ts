import { type Agent, signedInAgent } from './agent';
import { ACCOUNTS, PASSWORD } from './accounts';
import { startTestServer, type TestServer } from './test-server';

/**
 * The world of the custom-search tests (tests/api/custom-search-*.test.ts, SPEC §1, §2
 * /user/custom-search-*): a test server where Northwind has 60 submitted self-assessments and
 * Arcadia 20 with known areas, scores, bands, findings and body regions; Northwind's programme
 * manager and a programme manager of Arcadia, signed in.
 */
export interface CustomSearchWorld {
  readonly server: TestServer;
  readonly manager: Agent;
  readonly otherManager: Agent;
  readonly northwind: number;
  readonly arcadia: number;
}

const AREAS = ['office', 'home', 'lab'];
const BANDS = ['low', 'moderate', 'high'];
const REGIONS = ['neck', 'lower_back', 'wrist_right'];

export async function startCustomSearchWorld(): Promise<CustomSearchWorld> {
  const server = await startTestServer();
  const db = server.ctx.db;
  const mgr = await db
    .selectFrom('users')
    .select(['id', 'client_id', 'role_id', 'password_hash'])
    .where('email', '=', ACCOUNTS.manager)
    .executeTakeFirstOrThrow();
  const northwind = mgr.client_id;
  const arcadia = (await db.selectFrom('users').select('client_id').where('email', '=', ACCOUNTS.arcadiaEmployee).executeTakeFirstOrThrow())
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
  const manager = await signedInAgent(server.url, ACCOUNTS.manager, PASSWORD);
  const otherManager = await signedInAgent(server.url, 'manager@arcadia.example', PASSWORD);
  return { server, manager, otherManager, northwind, arcadia };
}

/** A search's query string: the definition as JSON, a page of 500 rows, and any other names. */
export const q = (definition: unknown, extra: Record<string, string> = {}) =>
  new URLSearchParams({ definition: JSON.stringify(definition), size: '500', ...extra }).toString();
export type Rows = { rows: Record<string, unknown>[]; total: number };
