import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { loadQuestionnaires, localize } from '../../src/shared/assessment/index';
import { decodeEnvelope, encodeEnvelope } from '../../src/shared/envelope';
import { DEMO_PASSWORD } from '../../src/server/db/demo-data';
import { completeAnswers } from '../helpers/assessment';
import { start } from './server';

/**
 * Mixed load for a long while (part of `npm run bench`, or alone: `npx tsx tests/bench/soak.ts`):
 * sign-in, browsing (get-user, guidance pages, the videos list), self-assessment saves and submits,
 * the admin users grid and audit log, and reports, from BENCH_SOAK_USERS simultaneous people for
 * BENCH_SOAK_SECONDS (default 600) on each of BENCH_SOAK_DATABASES. Prints requests, errors and
 * p50/p95/p99 per kind, and the server's resident memory sampled every 10 s (first, max, last and
 * the slope of a least-squares line): flat memory means no leak under sustained load.
 */
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const USERS = Number(process.env.BENCH_SOAK_USERS ?? 8);
const DATABASES = (process.env.BENCH_SOAK_DATABASES ?? 'PGlite,PostgreSQL')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WEB_DIR = resolve(import.meta.dirname, '../../dist/web');
const hasGuidance = existsSync(join(WEB_DIR, '.signed-in'));
/** A session is signed in again before its 10-minute access credential runs out. */
const SESSION_RENEW_MS = 4 * 60_000;

/** Each person their own account (registered at the start, company code NW01): two sessions of one
 * account would share one open self-assessment attempt, as two browser tabs do. */
const personEmail = (index: number) => `soak.person.${index}@northwind.example`;
const ADMIN = 'superadmin@ergoportal.example';
const GUIDANCE = [
  '/user/work_from_home',
  '/user/ergo_essentials',
  '/user/setup_guidelines',
  '/user/work_better',
  '/user/posture_perfect',
  '/user/seating',
];
const source = await loadQuestionnaires(resolve(import.meta.dirname, '../../content/assessments'));
const office = localize(source, 'office', 'en');
const answers = completeAnswers(office, 'no');
const firstSection = office.sections[0];
const firstAnswers = Object.fromEntries(firstSection.questions.filter((q) => q.id in answers).map((q) => [q.id, answers[q.id]]));

type Kind = 'sign-in' | 'get-user' | 'guidance' | 'videos' | 'sa-save' | 'sa-submit' | 'users-grid' | 'audit-log' | 'report';
/** How often each kind is chosen (out of the sum); an admin's turn takes the admin kinds. */
const MIX: [Kind, number][] = [
  ['get-user', 30],
  ['guidance', hasGuidance ? 15 : 0],
  ['videos', 10],
  ['sa-save', 12],
  ['sa-submit', 4],
  ['report', 8],
  ['users-grid', 8],
  ['audit-log', 8],
  ['sign-in', 2],
];

class Session {
  headers: Record<string, string> = {};
  signedInAt = 0;
  reports: string[] = [];
  constructor(
    readonly base: string,
    readonly email: string,
  ) {}

  async signIn(): Promise<Response> {
    const first = await fetch(`${this.base}/blogs/api/get-user`);
    await first.arrayBuffer();
    const csrf = /ep_csrf=([^;]+)/.exec(first.headers.getSetCookie().join(';'))![1];
    const response = await fetch(`${this.base}/blogs/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `ep_csrf=${csrf}` },
      body: JSON.stringify({ request_data: encodeEnvelope({ email: this.email, password: DEMO_PASSWORD }) }),
    });
    if (response.ok) {
      const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
      this.headers = { cookie: [...cookies, `ep_csrf=${csrf}`].join('; '), 'x-csrf-token': csrf, 'content-type': 'application/json' };
      this.signedInAt = Date.now();
    }
    return response;
  }

  call(method: string, path: string, payload?: unknown): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      method,
      headers: this.headers,
      body: payload === undefined ? undefined : JSON.stringify({ request_data: encodeEnvelope(payload) }),
    });
  }
}

interface Tally {
  times: number[];
  errors: number;
  firstError?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Least-squares slope of memory against time, in MB per minute. */
function slopePerMinute(samples: { at: number; mb: number }[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const mx = samples.reduce((a, s) => a + s.at, 0) / n;
  const my = samples.reduce((a, s) => a + s.mb, 0) / n;
  const num = samples.reduce((a, s) => a + (s.at - mx) * (s.mb - my), 0);
  const den = samples.reduce((a, s) => a + (s.at - mx) ** 2, 0);
  return den ? (num / den) * 60_000 : 0;
}

function pick(admin: boolean): Kind {
  const choices = MIX.filter(([kind]) =>
    admin ? ['users-grid', 'audit-log', 'get-user'].includes(kind) : !['users-grid', 'audit-log'].includes(kind),
  );
  let roll = Math.random() * choices.reduce((a, [, w]) => a + w, 0);
  for (const [kind, weight] of choices) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'get-user';
}

/** One step of one person; resolves to the response whose status decides success. */
async function step(kind: Kind, session: Session, attempt: { id: string | null }): Promise<Response> {
  switch (kind) {
    case 'sign-in':
      return session.signIn();
    case 'get-user':
      return session.call('GET', '/blogs/api/get-user');
    case 'guidance':
      return session.call('GET', GUIDANCE[Math.floor(Math.random() * GUIDANCE.length)]);
    case 'videos':
      return session.call('GET', '/blogs/api/videos');
    case 'users-grid':
      return session.call('GET', `/blogs/api/admin/users?start=${50 * Math.floor(Math.random() * 3)}&size=50&sort=last_name&dir=asc`);
    case 'audit-log':
      return session.call('GET', `/blogs/api/admin/audit-log?start=0&size=50`);
    case 'sa-save': {
      if (!attempt.id) {
        const created = await session.call('POST', '/blogs/api/self-assessment/attempts', { area: 'office' });
        if (!created.ok) return created;
        attempt.id = (decodeEnvelope(((await created.json()) as { data: string }).data) as { attempt: { id: string } }).attempt.id;
      }
      return session.call('POST', `/blogs/api/self-assessment/attempts/${attempt.id}/save`, {
        section: firstSection.id,
        answers: firstAnswers,
      });
    }
    case 'sa-submit': {
      if (!attempt.id) return step('sa-save', session, attempt);
      const submitted = await session.call('POST', `/blogs/api/self-assessment/attempts/${attempt.id}/submit`, { answers });
      attempt.id = null;
      if (submitted.ok) {
        const { url } = decodeEnvelope(((await submitted.clone().json()) as { data: string }).data) as { url: string };
        session.reports.push(url);
        if (session.reports.length > 20) session.reports.shift();
      }
      return submitted;
    }
    case 'report': {
      const url = session.reports[Math.floor(Math.random() * session.reports.length)];
      if (!url) return session.call('GET', '/blogs/api/get-user');
      return session.call('GET', `/blogs/api/reports/${url}`);
    }
  }
}

async function soak(database: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-soak-'));
  const env: Record<string, string> = {
    PORT: '0',
    DATA_DIR: dataDir,
    SESSION_SECRET: 's'.repeat(48),
    WEB_DIR: hasGuidance ? WEB_DIR : join(dataDir, 'none'),
  };
  const dbName = database === 'PostgreSQL' ? `ergoportal_soak_${process.pid}` : null;
  const admin = dbName ? new pg.Client({ connectionString: PG_URL }) : null;
  if (admin && dbName) {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    env.DATABASE_URL = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const server = await start('src/server/main.ts', env);
  const pid = server.child.pid!;
  for (let index = 0; index < USERS; index += 1) {
    const guest = new Session(server.url, personEmail(index));
    const first = await fetch(`${server.url}/blogs/api/get-user`);
    await first.arrayBuffer();
    const csrf = /ep_csrf=([^;]+)/.exec(first.headers.getSetCookie().join(';'))![1];
    guest.headers = { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `ep_csrf=${csrf}` };
    const registered = await guest.call('POST', '/blogs/api/register', {
      first_name: 'Soak',
      last_name: `Person ${index}`,
      email: personEmail(index),
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
      company_code: 'NW01',
    });
    if (!registered.ok) throw new Error(`registering ${personEmail(index)}: ${registered.status}`);
  }
  const tallies = new Map<Kind, Tally>();
  const samples: { at: number; mb: number }[] = [];
  const began = Date.now();
  const sample = () => samples.push({ at: Date.now() - began, mb: rssMb(pid) });
  sample();
  const sampler = setInterval(sample, 10_000);
  const deadline = began + SECONDS * 1000;
  const person = async (index: number) => {
    const isAdmin = index === 0 || index === Math.floor(USERS / 2);
    const session = new Session(server.url, isAdmin ? ADMIN : personEmail(index));
    const attempt = { id: null as string | null };
    let kind: Kind = 'sign-in';
    while (Date.now() < deadline) {
      if (Date.now() - session.signedInAt > SESSION_RENEW_MS) kind = 'sign-in';
      const tally = tallies.get(kind) ?? { times: [], errors: 0 };
      tallies.set(kind, tally);
      const started = performance.now();
      try {
        const response = await step(kind, session, attempt);
        await response.arrayBuffer();
        if (!response.ok) {
          tally.errors += 1;
          tally.firstError ??= `${response.status} ${response.url}`;
        }
      } catch (error) {
        tally.errors += 1;
        tally.firstError ??= (error as Error).message;
      }
      tally.times.push(performance.now() - started);
      kind = pick(isAdmin);
    }
  };
  await Promise.all(Array.from({ length: USERS }, (_, i) => person(i)));
  clearInterval(sampler);
  sample();
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  if (admin && dbName) {
    await admin.query(`DROP DATABASE ${dbName}`);
    await admin.end();
  }

  const total = [...tallies.values()].reduce((a, t) => a + t.times.length, 0);
  const errors = [...tallies.values()].reduce((a, t) => a + t.errors, 0);
  console.log(
    `\nMixed load on ${database}: ${SECONDS} s, ${USERS} people at once (${hasGuidance ? 'guidance pages included' : 'no dist/web: guidance pages left out, build first'}); ${total} requests (${(total / SECONDS).toFixed(0)}/s), ${errors} errors`,
  );
  console.log(
    [
      'kind'.padEnd(12),
      'requests'.padStart(9),
      'errors'.padStart(7),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      'p99 ms'.padStart(8),
    ].join(' '),
  );
  for (const [kind] of MIX) {
    const tally = tallies.get(kind);
    if (!tally) continue;
    const sorted = [...tally.times].sort((a, b) => a - b);
    console.log(
      [
        kind.padEnd(12),
        String(sorted.length).padStart(9),
        String(tally.errors).padStart(7),
        ...[50, 95, 99].map((p) => percentile(sorted, p).toFixed(1).padStart(8)),
      ].join(' '),
    );
    if (tally.firstError) console.log(`  first error: ${tally.firstError}`);
  }
  const mbs = samples.map((s) => s.mb);
  console.log(
    `server RSS (${samples.length} samples, every 10 s): first ${mbs[0].toFixed(0)} MB, max ${Math.max(...mbs).toFixed(0)} MB, last ${mbs[mbs.length - 1].toFixed(0)} MB, slope ${slopePerMinute(samples).toFixed(2)} MB/min`,
  );
  // The first minute includes warming (code compiled, PGlite's buffers filled): the slope after it.
  const warm = samples.filter((s) => s.at >= 60_000);
  if (warm.length >= 3)
    console.log(`  after the first minute: slope ${slopePerMinute(warm).toFixed(2)} MB/min over ${warm.length} samples`);
}

for (const database of DATABASES) await soak(database);
