import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, type ApiCallName } from '../../generated/api';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The evaluation, dashboard, employee, custom-search and public blog calls declare their query strings
 * (manifest/api/*.yaml `query`, additionalProperties: false): the gate refuses a name a call does not
 * declare with 400 before its handler runs, and lets the declared names through.
 */
let server: TestServer;
let admin: Agent;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAgent(server.url, ACCOUNTS.superAdmin, PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

/** Each call with one declared name and a value the handler accepts. */
const CALLS: readonly [ApiCallName, string][] = [
  ['admin_staff_assignments_list', 'q=x'],
  ['program_overview', 'client_id=1'],
  ['program_overview_records', 'client_id=1&kind=all'],
  ['program_overview_outcomes', 'client_id=1'],
  ['activity_self_assessments', 'client_id=1'],
  ['activity_self_assessment_rows', 'client_id=1'],
  ['activity_evaluations', 'client_id=1'],
  ['activity_evaluation_rows', 'client_id=1'],
  ['activity_evaluation_requests', 'client_id=1'],
  ['activity_follow_ups', 'client_id=1'],
  ['activity_follow_up_rows', 'client_id=1'],
  ['activity_reports', 'client_id=1'],
  ['activity_clients', 'client_id=1'],
  ['employee_search', 'client_id=1'],
  ['employee_record', 'client_id=1'],
  ['custom_search', 'client_id=1'],
  ['saved_searches', 'kind=ergo-eval'],
  ['blog_posts', 'lang=de'],
  ['blog_post', 'lang=de'],
];

/** The call's path under /blogs/api with every parameter filled (a kind for custom search, else id 1). */
function pathOf(name: ApiCallName): string {
  const call = apiCalls.find((c) => c.name === name)!;
  return call.path.replace(/:(\w+)/g, (_m, p: string) => (p === 'kind' ? 'ergo-eval' : '1'));
}

describe('declared query strings', () => {
  it('every listed call declares a closed query', () => {
    for (const [name] of CALLS) {
      const call = apiCalls.find((c) => c.name === name);
      expect(call?.method, name).toBe('GET');
      expect((call?.query as { additionalProperties?: unknown } | undefined)?.additionalProperties, name).toBe(false);
    }
  });

  it('refuses a name the call does not declare with 400, before the handler runs', async () => {
    for (const [name, declared] of CALLS) {
      const answer = await admin.raw('GET', `/blogs/api${pathOf(name)}?${declared}&colour=blue`);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body).toMatchObject({ success: false, errors: 'The query parameter colour is not allowed.' });
    }
  });

  it('answers the declared names', async () => {
    for (const [name, declared] of CALLS) {
      const answer = await admin.raw('GET', `/blogs/api${pathOf(name)}?${declared}`);
      // 404 where the super admin's address names a record that is not there (employee 1 is staff).
      expect([200, 404], `${name}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
    }
  });
});
