import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/server/auth/access-token';
import { Agent, signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const signedIn = (email: string) => signedInAgent(server.url, email, PASSWORD);

const familyOf = (agent: Agent) =>
  JSON.parse(Buffer.from(agent.cookies.get('ep_access')!.split('.')[1], 'base64url').toString()).fam as string;

/**
 * Callers whose requests arrive together are looked up together (auth/caller-loader.ts); these
 * checks fire many requests at once so that they share look-ups, and each must still get exactly
 * its own session's answer.
 */
describe('many callers at once', () => {
  it('answers every caller with their own user and client, and a logged-out one with 401', async () => {
    const employee = await signedIn(ACCOUNTS.employee);
    const arcadia = await signedIn(ACCOUNTS.arcadiaEmployee);
    const manager = await signedIn(ACCOUNTS.manager);
    const gone = await signedIn(ACCOUNTS.contosoEmployee);
    expect((await gone.get('/logout')).status).toBe(200);
    const loggedOut = new Agent(server.url);
    loggedOut.cookies.set('ep_access', gone.cookies.get('ep_access') ?? '');
    const expected = [
      [employee, ACCOUNTS.employee, 'NW01'],
      [arcadia, ACCOUNTS.arcadiaEmployee, 'a45'],
      [manager, ACCOUNTS.manager, 'NW01'],
    ] as const;
    const rounds = Array.from({ length: 8 }, () => [
      ...expected.map(([agent]) => agent.get('/get-user')),
      loggedOut.get('/get-user'),
    ]).flat();
    const answers = await Promise.all(rounds);
    answers.forEach((answer, index) => {
      const slot = index % 4;
      if (slot === 3) {
        expect(answer.status).toBe(401);
        return;
      }
      expect(answer.status).toBe(200);
      const data = answer.data as { user: { email: string }; client: { company_code: string } };
      expect(data.user.email).toBe(expected[slot][1]);
      expect(data.client.company_code).toBe(expected[slot][2]);
    });
  });

  it("refuses a credential naming another user's session even when that session is looked up at the same time", async () => {
    const owner = await signedIn(ACCOUNTS.evaluator);
    const other = await signedIn(ACCOUNTS.videoViewer);
    const otherId = (await other.get('/get-user')).data as { user: { id: number } };
    // Validly signed, but pairs the viewer's user id with the evaluator's session family.
    const mixed = new Agent(server.url);
    mixed.cookies.set(
      'ep_access',
      await signAccessToken(server.ctx.secret, { userId: otherId.user.id, familyId: familyOf(owner) }, server.ctx.now()),
    );
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? mixed : owner).get('/get-user')));
    answers.forEach((answer, i) => expect(answer.status).toBe(i % 2 ? 401 : 200));
  });

  it('applies a role change and a disabled account to the very next requests', async () => {
    const viewer = await signedIn(ACCOUNTS.videoViewer);
    const before = await Promise.all([viewer.get('/get-user'), viewer.get('/get-user')]);
    expect(before.map((a) => (a.data as { user: { roles: { all_permission: string[] } } }).user.roles.all_permission)).toEqual([
      ['site-video-page-only-view'],
      ['site-video-page-only-view'],
    ]);
    const role = await server.ctx.db
      .selectFrom('users')
      .select('role_id')
      .where('email', '=', ACCOUNTS.videoViewer)
      .executeTakeFirstOrThrow();
    await server.ctx.db.insertInto('role_permissions').values({ role_id: role.role_id, permission: 'users-view' }).execute();
    const after = await Promise.all([viewer.get('/get-user'), viewer.get('/admin/users')]);
    expect((after[0].data as { user: { roles: { all_permission: string[] } } }).user.roles.all_permission).toContain('users-view');
    expect(after[1].status).toBe(200);
    await server.ctx.db.updateTable('users').set({ status: 'disabled' }).where('email', '=', ACCOUNTS.videoViewer).execute();
    const disabled = await Promise.all([viewer.get('/get-user'), viewer.get('/get-user')]);
    expect(disabled.map((a) => a.status)).toEqual([401, 401]);
  });
});
