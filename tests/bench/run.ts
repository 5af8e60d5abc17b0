import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { encodeEnvelope } from '../../src/shared/envelope';
import { peakRssMb, signIn, start } from './server';
import { DEMO_PASSWORD } from '../../src/server/db/demo-data';

/**
 * `npm run bench`: requests per second, p99 latency and the server's peak resident memory for
 * GET /get-user and POST /login, on PGlite and on PostgreSQL, next to a bare Fastify route measured
 * in the same run. Prints figures; it never fails a build.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Runs the load and reads the server's own CPU time per request: unlike requests per second it
 * hardly moves when other work shares the machine.
 */
async function measure(name: string, pid: number, options: autocannon.Options) {
  const before = cpuSeconds(pid);
  const result = await autocannon({ duration: DURATION, connections: 10, ...options });
  const cpuMicros = Math.round((1e6 * (cpuSeconds(pid) - before)) / Math.max(1, result.requests.total));
  return { name, rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx, cpuMicros };
}

// Figures taken while other work loads the machine are noisy: the bench says how loaded it was.
const loadAtStart = loadavg()[0];
const rows: { target: string; call: string; rps: number; p99: number; errors: number; rss: number; cpuMicros: number }[] = [];

const bare = await start('tests/bench/bare-server.ts', { PORT: '0' });
const bareResult = await measure('bare', bare.child.pid!, { url: `${bare.url}/bare` });
rows.push({ target: 'bare Fastify', call: 'GET /bare', ...bareResult, rss: peakRssMb(bare.child.pid!) });
bare.child.kill();

for (const database of ['PGlite', 'PostgreSQL'] as const) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-bench-'));
  const env: Record<string, string> = { PORT: '0', DATA_DIR: dataDir, SESSION_SECRET: 'b'.repeat(48), WEB_DIR: join(dataDir, 'none') };
  let dbName: string | null = null;
  if (database === 'PostgreSQL') {
    dbName = `ergoportal_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    env.DATABASE_URL = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const server = await start('src/server/main.ts', env);
  const headers = await signIn(server.url);
  const getUser = await measure('get-user', server.child.pid!, { url: `${server.url}/blogs/api/get-user`, headers });
  rows.push({ target: database, call: 'GET /get-user', ...getUser, rss: peakRssMb(server.child.pid!) });
  const login = await measure('login', server.child.pid!, {
    url: `${server.url}/blogs/api/login`,
    method: 'POST',
    headers,
    body: JSON.stringify({ request_data: encodeEnvelope({ email: 'manager@northwind.example', password: DEMO_PASSWORD }) }),
  });
  rows.push({ target: database, call: 'POST /login', ...login, rss: peakRssMb(server.child.pid!) });
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE ${dbName}`);
    await admin.end();
  }
}

console.log(
  `\nErgoPortal API benchmark (${DURATION} s per call, 10 connections, NODE_ENV=production; load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end)\n`,
);
console.log(
  [
    'target'.padEnd(14),
    'call'.padEnd(16),
    'req/s'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
    'peak RSS MB'.padStart(12),
    'server CPU µs/req'.padStart(18),
  ].join(' '),
);
for (const r of rows) {
  console.log(
    [
      r.target.padEnd(14),
      r.call.padEnd(16),
      String(r.rps).padStart(8),
      String(r.p99).padStart(8),
      String(r.errors).padStart(7),
      r.rss.toFixed(0).padStart(12),
      String(r.cpuMicros).padStart(18),
    ].join(' '),
  );
}
const bareRps = rows[0].rps;
for (const r of rows.filter((x) => x.call === 'GET /get-user')) {
  console.log(`get-user on ${r.target}: ${((100 * r.rps) / bareRps).toFixed(1)}% of the bare route's requests per second`);
}

// The users grid on 100,000 users (tests/bench/users-grid.ts).
const { runUsersGridBench } = await import('./users-grid');
await runUsersGridBench();
// Employee search on 100,000 employees across 50 clients (tests/bench/employee-search.ts).
const { runEmployeeSearchBench } = await import('./employee-search');
await runEmployeeSearchBench();
// Custom search on a million self-assessments (tests/bench/custom-search.ts; BENCH_CUSTOM_SEARCH=0 skips it).
if (process.env.BENCH_CUSTOM_SEARCH !== '0') {
  const { runCustomSearchBench } = await import('./custom-search');
  await runCustomSearchBench();
}
// The programme overview of the big seed's largest client (tests/bench/program-overview.ts; BENCH_OVERVIEW=0 skips it).
if (process.env.BENCH_OVERVIEW !== '0') {
  const { runProgramOverviewBench } = await import('./program-overview');
  await runProgramOverviewBench();
}
// The programme manager's equipment grid on 50,000 requests (tests/bench/equipment.ts).
const { runEquipmentBench } = await import('./equipment');
await runEquipmentBench();
// The training panel and activity page on 500,000 enrolments (tests/bench/training.ts; BENCH_TRAINING=0 skips it).
if (process.env.BENCH_TRAINING !== '0') {
  const { runTrainingBench } = await import('./training');
  await runTrainingBench();
}
// The evaluator queue on 10,000 open requests across 50 clients (tests/bench/evaluator-queue.ts).
const { runEvaluatorQueueBench } = await import('./evaluator-queue');
await runEvaluatorQueueBench();
// Self-assessment: submit to stored report and to PDF (tests/bench/assessment.ts).
await import('./assessment');
// Page weight and speed of the public home, a guidance page and the admin center (page-weight.ts).
if (process.env.BENCH_PAGES !== '0') await import('./page-weight');
const { benchSamlValidate } = await import('./saml-validate');
await benchSamlValidate();
// Ten minutes of mixed load with memory sampled every 10 s (soak.ts; BENCH_SOAK_SECONDS=0 skips it).
if (process.env.BENCH_SOAK_SECONDS !== '0') await import('./soak');
