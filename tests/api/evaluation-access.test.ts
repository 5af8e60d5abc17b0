import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../generated/api';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Every call of one-to-one evaluations, walked from the manifest's table (docs/architecture.md "Tests that grow with the table"). */
const EVALUATION_CALLS = new Set([
  'request_evaluation',
  'my_evaluation_requests',
  'cancel_evaluation_request',
  'admin_staff_assignment_choices',
  'admin_staff_assignments_list',
  'admin_staff_assign',
  'admin_staff_unassign',
  'evaluator_clients',
  'evaluator_queue_list',
  'evaluator_request',
  'evaluator_request_photo',
  'evaluator_request_schedule',
  'evaluator_request_cancel',
  'evaluation_start',
  'evaluation_get',
  'evaluation_save',
  'evaluation_transition',
  'evaluation_report',
  'evaluation_report_pdf',
  'follow_up_get',
  'follow_up_answer',
  'client_follow_ups',
  'evaluation_worklist',
]);
const calls = apiCalls
  .filter((c) => EVALUATION_CALLS.has(c.name))
  .map((c) => [c.name, c.method, c.path.replace(/:[A-Za-z]+/g, '1'), c.permissions] as const);

let server: TestServer;
let viewer: Agent;
beforeAll(async () => {
  server = await startTestServer();
  // The video viewer holds site-video-page-only-view only: none of these calls' permissions.
  viewer = await signedInAgent(server.url, ACCOUNTS.videoViewer, PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

const send = (agent: Agent, method: string, path: string) => (method === 'GET' ? agent.get(path) : agent.post(path, {}));

describe('every evaluation call refuses guests (401) and callers without its permission (403)', () => {
  it('covers every declared evaluation call', () => {
    console.log(`evaluation calls walked: ${calls.length}`);
    expect(calls).toHaveLength(EVALUATION_CALLS.size);
  });

  it.each(calls)('%s (%s %s)', async (_name, method, path, permissions) => {
    expect(permissions.length).toBeGreaterThan(0);
    expect(permissions).not.toContain('site-video-page-only-view');
    const guest = await send(new Agent(server.url), method, path);
    expect(guest.status).toBe(401);
    const denied = await send(viewer, method, path);
    expect(denied.status).toBe(403);
    expect(denied.body.errors).toBe('You do not have permission to perform this action.');
  });
});
