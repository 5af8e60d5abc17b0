import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { waitForOutbox } from '../helpers/outbox';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { BLOCKED_PASSWORDS } from '../../src/server/auth/blocklist';

/**
 * Reset links work once and for an hour, and only the newest one works (ASVS V2.5); new passwords
 * are checked against a list of breached ones (ASVS V2.1.7); the account calls a stranger can make
 * are limited per e-mail and per client address (ASVS V2.2.1).
 */
let server: TestServer;
let nextAddress = 10;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
});

const from = (address: string) => new Agent(server.url, { 'x-forwarded-for': address });
const guest = () => from(`203.0.113.${nextAddress++}`);

/** Asks for a reset link and reads the token from the newest e-mail to that address. */
async function requestLink(email: string): Promise<string> {
  const before = (await server.ctx.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute()).length;
  expect((await guest().post('/sendpasswordlink', { email })).status).toBe(200);
  const mail = (await waitForOutbox(server.ctx.db, email, before + 1)).at(-1)!;
  return /token=([A-Za-z0-9_-]+)/.exec(mail.body_text)![1];
}

const reset = (token: string, password: string) => guest().post('/reset-password', { token, password, password_confirmation: password });

describe('reset links', () => {
  it('work once: the second use of a link fails and changes nothing', async () => {
    const token = await requestLink(ACCOUNTS.videoViewer);
    expect((await reset(token, 'first-new-password-for-videos')).status).toBe(200);
    const again = await reset(token, 'second-new-password-for-videos');
    expect(again.status).toBe(400);
    expect(again.body.errors).toMatch(/invalid or has expired/);
    expect((await guest().login(ACCOUNTS.videoViewer, 'first-new-password-for-videos')).status).toBe(200);
    expect((await guest().login(ACCOUNTS.videoViewer, 'second-new-password-for-videos')).status).toBe(401);
  });

  it('end when a newer link is issued, and when the password changes through any link', async () => {
    const older = await requestLink(ACCOUNTS.contosoEmployee);
    const newer = await requestLink(ACCOUNTS.contosoEmployee);
    expect(older).not.toBe(newer);
    expect((await reset(older, 'older-link-password-contoso')).status).toBe(400);
    expect((await guest().login(ACCOUNTS.contosoEmployee, PASSWORD)).status).toBe(200);
    expect((await reset(newer, 'newer-link-password-contoso')).status).toBe(200);
    const open = await server.ctx.db
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select('password_resets.token_hash')
      .where('users.email', '=', ACCOUNTS.contosoEmployee)
      .where('password_resets.used_at', 'is', null)
      .execute();
    expect(open).toHaveLength(0);
  });

  it('expire after an hour', async () => {
    const token = await requestLink(ACCOUNTS.fabrikamEmployee);
    server.advance(61 * 60 * 1000);
    expect((await reset(token, 'too-late-password-fabrikam')).status).toBe(400);
    expect((await guest().login(ACCOUNTS.fabrikamEmployee, PASSWORD)).status).toBe(200);
  });
});

describe('breached passwords', () => {
  it('are refused on registration and on reset, including a listed password typed over and over', async () => {
    console.log(`breached-password list: ${BLOCKED_PASSWORDS.size} entries`);
    // 100,000 lines, 96,552 distinct once in lower case.
    expect(BLOCKED_PASSWORDS.size).toBeGreaterThan(96_000);
    const long = [...BLOCKED_PASSWORDS].filter((p) => p.length >= 15);
    console.log(`entries of 15 or more characters (the rest are already too short): ${long.length}`);
    const base = { first_name: 'Ada', last_name: 'Ng', company_code: 'NW01' };
    const refused = ['123456789987654321', 'Q1W2E3R4T5Y6U7I8', 'sunshinesunshinesunshine', 'ababababababababab'];
    for (const [i, password] of refused.entries()) {
      const answer = await guest().post('/register', {
        ...base,
        email: `ada.ng.${i}@northwind.example`,
        password,
        password_confirmation: password,
      });
      expect(answer.status, password).toBe(400);
      expect(answer.body.errors).toBe('This password is too common. Choose another one.');
    }
    const token = await requestLink(ACCOUNTS.newStarter);
    expect((await reset(token, '1qaz2wsx3edc4rfv')).status).toBe(400);
    // A passphrase of ordinary words is fine.
    expect((await reset(token, 'walnut desk by the north window')).status).toBe(200);
  });
});

describe('limits on account calls', () => {
  const password = 'a-sturdy-footrest-under-desk';
  const register = (agent: Agent, email: string) =>
    agent.post('/register', { first_name: 'Lim', last_name: 'It', email, password, password_confirmation: password, company_code: 'NW01' });

  it('registration: 5 per e-mail, then 429 from any address; 20 per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await register(guest(), 'limit.register@northwind.example')).status);
    console.log(`register, one e-mail from six addresses: ${statuses.join(' ')}`);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const one = from('192.0.2.1');
    const fromOne: number[] = [];
    for (let i = 0; i < 21; i += 1)
      fromOne.push(
        (
          await one.post('/register', {
            first_name: 'A',
            last_name: 'B',
            email: `addr.${i}@northwind.example`,
            password,
            password_confirmation: 'not-the-same-confirmation',
            company_code: 'NW01',
          })
        ).status,
      );
    expect(fromOne.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(fromOne[20]).toBe(429);
    // Another address is not held back by that one.
    expect((await register(guest(), 'limit.fresh@northwind.example')).status).toBe(200);
  });

  it('password links: 5 per e-mail whether or not it has an account, 20 per address', async () => {
    for (const email of [ACCOUNTS.admin, 'limit.nobody@northwind.example']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await guest().post('/sendpasswordlink', { email })).status);
      expect(statuses, email).toEqual([200, 200, 200, 200, 200, 429]);
    }
    await waitForOutbox(server.ctx.db, ACCOUNTS.admin, 5);
    await new Promise((r) => setTimeout(r, 200));
    expect(await server.ctx.db.selectFrom('mail_outbox').select('id').where('to_address', '=', ACCOUNTS.admin).execute()).toHaveLength(5);
    const one = from('192.0.2.2');
    const fromOne: number[] = [];
    for (let i = 0; i < 21; i += 1) fromOne.push((await one.post('/sendpasswordlink', { email: `many.${i}@northwind.example` })).status);
    console.log(
      `send-password-link, 21 e-mails from one address: ${fromOne.filter((s) => s === 200).length} answered, then ${fromOne[20]}`,
    );
    expect(fromOne).toEqual([...Array(20).fill(200), 429]);
  });

  it('resets: 20 per address, so reset tokens cannot be guessed in bulk', async () => {
    const one = from('192.0.2.3');
    const fromOne: number[] = [];
    for (let i = 0; i < 21; i += 1)
      fromOne.push(
        (await one.post('/reset-password', { token: `guess-${i}-${'x'.repeat(36)}`, password, password_confirmation: password })).status,
      );
    expect(fromOne).toEqual([...Array(20).fill(400), 429]);
    // A real link from another address still works.
    const token = await requestLink(ACCOUNTS.manager);
    expect((await reset(token, 'manager-after-the-limit-2026')).status).toBe(200);
  });
});
