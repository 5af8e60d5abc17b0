import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function signedIn(email: string = ACCOUNTS.employee): Promise<Agent> {
  const agent = new Agent(server.url);
  const answer = await agent.login(email, PASSWORD);
  expect(answer.status).toBe(200);
  return agent;
}

describe('sign-in and get-user', () => {
  it('signs in, sets hardened cookies and returns the SPEC §3 user, token, client and seats', async () => {
    const agent = new Agent(server.url);
    const answer = await agent.login(ACCOUNTS.employee, PASSWORD);
    expect(answer.status).toBe(200);
    const cookies = answer.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/ep_access=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/ep_access=[^;]+;.*SameSite=Strict/);
    expect(cookies).toMatch(/ep_refresh=[^;]+;.*Path=\/blogs\/api/);
    const me = await agent.get('/get-user');
    expect(me.status).toBe(200);
    const data = me.data as {
      user: { email: string; roles: { all_permission: string[] } };
      client: { company_code: string; is_access_of: string[] };
      seats: number;
      token: unknown;
    };
    expect(data.user.email).toBe(ACCOUNTS.employee);
    expect(data.user.roles.all_permission).toContain('site-ergo-ally-site-view');
    expect(data.client.company_code).toBe('NW01');
    expect(data.client.is_access_of).toContain('Travel');
    expect(data.seats).toBe(1200);
    expect(JSON.stringify(data.token)).not.toContain(agent.cookies.get('ep_access'));
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const unknown = await new Agent(server.url).login('nobody@northwind.example', PASSWORD);
    const wrong = await new Agent(server.url).login(ACCOUNTS.manager, 'not-the-right-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.errors).toBe('These credentials do not match our records.');
  });

  it('refuses get-user without a session with 401', async () => {
    expect((await new Agent(server.url).get('/get-user')).status).toBe(401);
  });
});

describe('refresh rotation', () => {
  it('rotates the refresh token and keeps the session alive', async () => {
    const agent = await signedIn();
    const before = agent.cookies.get('ep_refresh');
    const answer = await agent.post('/refresh-token');
    expect(answer.status).toBe(200);
    expect(agent.cookies.get('ep_refresh')).not.toBe(before);
    expect((await agent.get('/get-user')).status).toBe(200);
  });

  it('answers a missing refresh token with the SPEC §7 message', async () => {
    const answer = await new Agent(server.url).post('/refresh-token');
    expect(answer.status).toBe(401);
    expect(answer.body.errors).toBe('Refresh token missing');
  });

  it('detects reuse: after a replay both the old and the new token are dead', async () => {
    const agent = await signedIn();
    const old = agent.cookies.get('ep_refresh')!;
    expect((await agent.post('/refresh-token')).status).toBe(200);
    const fresh = agent.cookies.get('ep_refresh')!;
    server.advance(11_000);
    const thief = new Agent(server.url);
    thief.cookies.set('ep_refresh', old);
    const replay = await thief.post('/refresh-token');
    expect(replay.status).toBe(401);
    expect(replay.body.errors).toBe('Invalid refresh token');
    const owner = new Agent(server.url);
    owner.cookies.set('ep_refresh', fresh);
    expect((await owner.post('/refresh-token')).status).toBe(401);
    expect((await agent.get('/get-user')).status).toBe(401);
  });

  it('ten parallel refreshes with one token: one rotates, nine get 409 and the family survives', async () => {
    const agent = await signedIn();
    const token = agent.cookies.get('ep_refresh')!;
    const tabs = Array.from({ length: 10 }, () => {
      const tab = new Agent(server.url);
      tab.cookies.set('ep_refresh', token);
      tab.cookies.set('ep_csrf', agent.cookies.get('ep_csrf')!);
      return tab;
    });
    const answers = await Promise.all(tabs.map((t) => t.post('/refresh-token')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const winner = tabs[answers.findIndex((a) => a.status === 200)];
    expect((await winner.get('/get-user')).status).toBe(200);
  });
});

describe('expiry and ending sessions', () => {
  it('expires a session idle for 30 minutes', async () => {
    const agent = await signedIn();
    server.advance(31 * 60 * 1000);
    expect((await agent.get('/get-user')).status).toBe(401);
    expect((await agent.post('/refresh-token')).status).toBe(401);
  });

  it('expires a session 12 hours after sign-in even when active', async () => {
    const agent = await signedIn();
    // Active all along: a refresh every 20 minutes keeps it within the idle limit for 11 h 40 min.
    for (let step = 1; step <= 35; step += 1) {
      server.advance(20 * 60 * 1000);
      expect((await agent.post('/refresh-token')).status).toBe(200);
    }
    server.advance(21 * 60 * 1000);
    expect((await agent.post('/refresh-token')).status).toBe(401);
    expect((await agent.get('/get-user')).status).toBe(401);
  });

  it('logout ends the session for the access and the refresh token', async () => {
    const agent = await signedIn();
    const refresh = agent.cookies.get('ep_refresh')!;
    const access = agent.cookies.get('ep_access')!;
    const answer = await agent.get('/logout');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Logged out successfully');
    const replay = new Agent(server.url);
    replay.cookies.set('ep_access', access);
    replay.cookies.set('ep_refresh', refresh);
    expect((await replay.get('/get-user')).status).toBe(401);
    expect((await replay.post('/refresh-token')).status).toBe(401);
  });

  it('disabling a user ends their sessions at once', async () => {
    const agent = await signedIn(ACCOUNTS.videoViewer);
    await server.ctx.db.updateTable('users').set({ status: 'disabled' }).where('email', '=', ACCOUNTS.videoViewer).execute();
    expect((await agent.get('/get-user')).status).toBe(401);
    expect((await new Agent(server.url).login(ACCOUNTS.videoViewer, PASSWORD)).status).toBe(401);
    await server.ctx.db.updateTable('users').set({ status: 'active' }).where('email', '=', ACCOUNTS.videoViewer).execute();
  });
});

describe('sign-in throttling', () => {
  it('answers 429 after five failures for one account, and a forged X-Forwarded-For does not reset it', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await new Agent(server.url).login(ACCOUNTS.fabrikamEmployee, `wrong-password-number-${i}`)).status).toBe(401);
    }
    const forged = new Agent(server.url, { 'x-forwarded-for': '203.0.113.9' });
    const blocked = await forged.login(ACCOUNTS.fabrikamEmployee, PASSWORD);
    expect(blocked.status).toBe(429);
    server.advance(16 * 60 * 1000);
    expect((await new Agent(server.url).login(ACCOUNTS.fabrikamEmployee, PASSWORD)).status).toBe(200);
  });
});
