import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { waitForOutbox } from '../helpers/outbox';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Registration, the password-link request and sign-in must not tell whether an e-mail has an
 * account (ASVS V2.2.1 / V3.2): same status, same body, similar time. Each test speaks from its own
 * client address (a trusted proxy's X-Forwarded-For) so the per-address limits do not mix.
 */
let server: TestServer;
let nextAddress = 10;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
});

const guest = () => new Agent(server.url, { 'x-forwarded-for': `198.51.100.${nextAddress++}` });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run: () => Promise<{ status: number; body: Record<string, unknown> }>) {
  const started = performance.now();
  const answer = await run();
  return { ...answer, ms: performance.now() - started };
}

/** Runs the two kinds of call in turn (so machine load hits both alike) and reports the fastest of each. */
async function compare(
  label: string,
  rounds: number,
  known: (i: number) => Promise<{ status: number; body: Record<string, unknown> }>,
  unknown: (i: number) => Promise<{ status: number; body: Record<string, unknown> }>,
) {
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const a = await timed(() => known(i));
    const b = await timed(() => unknown(i));
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    knownTimes.push(a.ms);
    unknownTimes.push(b.ms);
  }
  const [k, u] = [median(knownTimes), median(unknownTimes)];
  // The fastest of each kind is what the work itself costs; slower ones mostly show other load on
  // the machine (argon2 hashes from other tests take turns on the same cores).
  const [kMin, uMin] = [Math.min(...knownTimes), Math.min(...unknownTimes)];
  console.log(
    `${label}: ${rounds} pairs, same status and body each time; with an account median ${k.toFixed(1)} ms, fastest ${kMin.toFixed(1)} ms; without median ${u.toFixed(1)} ms, fastest ${uMin.toFixed(1)} ms`,
  );
  return { known: kMin, unknown: uMin };
}

async function outbox(to: string) {
  return server.ctx.db.selectFrom('mail_outbox').select(['subject', 'body_text']).where('to_address', '=', to).orderBy('id').execute();
}

describe('registration', () => {
  it('answers an address that already has an account exactly like a new one and e-mails the owner instead', async () => {
    const password = 'a-quiet-chair-by-the-window';
    const base = { first_name: 'Sam', last_name: 'Lee', password, password_confirmation: password, company_code: 'NW01' };
    const times = await compare(
      'register',
      5,
      () => guest().post('/register', { ...base, email: ACCOUNTS.employee }),
      (i) => guest().post('/register', { ...base, email: `sam.lee.${i}@northwind.example` }),
    );
    // Both paths hash the chosen password, so neither is tens of milliseconds faster.
    expect(Math.abs(times.known - times.unknown)).toBeLessThan(Math.max(100, 0.5 * Math.min(times.known, times.unknown)));
    const notices = await outbox(ACCOUNTS.employee);
    expect(notices).toHaveLength(5);
    expect(notices[0].subject).toBe('Someone tried to register with your e-mail address');
    expect(notices[0].body_text).toMatch(/No new account was created and your password is unchanged/);
    // The existing account keeps its password and no second account appears.
    expect((await guest().login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
    expect((await guest().login(ACCOUNTS.employee, password)).status).toBe(401);
    const rows = await server.ctx.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', ACCOUNTS.employee))
      .execute();
    expect(rows).toHaveLength(1);
    // The new addresses can sign in at once.
    expect((await guest().login('sam.lee.0@northwind.example', password)).status).toBe(200);
  });
});

describe('password-link request', () => {
  it('answers the same, in similar time, whether or not the address has an account', async () => {
    const times = await compare(
      'send-password-link',
      5,
      () => guest().post('/sendpasswordlink', { email: ACCOUNTS.manager }),
      (i) => guest().post('/sendpasswordlink', { email: `nobody.${i}@northwind.example` }),
    );
    // The answer leaves before the look-up: only the machine's own noise tells them apart.
    expect(Math.abs(times.known - times.unknown)).toBeLessThan(Math.max(100, 0.5 * Math.min(times.known, times.unknown)));
    expect(await waitForOutbox(server.ctx.db, ACCOUNTS.manager, 5)).toHaveLength(5);
    expect(await outbox('nobody.0@northwind.example')).toHaveLength(0);
  });
});

describe('sign-in', () => {
  it('answers an unknown e-mail like a wrong password, in similar time', async () => {
    const times = await compare(
      'sign-in',
      4,
      () => guest().login(ACCOUNTS.evaluator, 'not-the-right-password-at-all'),
      (i) => guest().login(`stranger.${i}@northwind.example`, 'not-the-right-password-at-all'),
    );
    expect(Math.abs(times.known - times.unknown)).toBeLessThan(Math.max(100, 0.5 * Math.min(times.known, times.unknown)));
  });
});
