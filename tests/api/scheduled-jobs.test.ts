import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createContext } from '../../src/server/create-context';
import type { AppContext } from '../../src/server/context';
import { LEASE_MS, runDueJobs, type JobHandler } from '../../src/server/jobs/job-runner';
import { claimDueJobs, scheduleJob } from '../../src/server/jobs/job-store';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A job that records its run as a page view in the job's own transaction (path = its payload's tag). */
const recorder: JobHandler = {
  kind: 'test-record',
  async run(_ctx, trx, job) {
    await trx
      .insertInto('page_views')
      .values({ user_id: null, path: String(job.payload.tag) })
      .execute();
  },
};
const failing: JobHandler = {
  kind: 'test-fail',
  async run() {
    throw new Error('the remote end is down');
  },
};
const runsOf = async (prefix: string) =>
  (await server.ctx.db.selectFrom('page_views').select('path').where('path', 'like', `${prefix}%`).execute()).map((r) => r.path);

describe('scheduled jobs (src/server/jobs/)', () => {
  it('run when due, once, and a pending job with the same key is moved rather than doubled', async () => {
    const now = server.ctx.now();
    await scheduleJob(server.ctx.db, { kind: 'test-record', runAt: new Date(now.getTime() + 60_000), payload: { tag: 'once-a' } });
    await scheduleJob(server.ctx.db, {
      kind: 'test-record',
      runAt: new Date(now.getTime() + 60_000),
      payload: { tag: 'once-b' },
      dedupeKey: 'k1',
    });
    await scheduleJob(server.ctx.db, {
      kind: 'test-record',
      runAt: new Date(now.getTime() + 120_000),
      payload: { tag: 'once-c' },
      dedupeKey: 'k1',
    });
    expect(await runDueJobs(server.ctx, [recorder])).toBe(0);
    server.advance(61_000);
    expect(await runDueJobs(server.ctx, [recorder])).toBe(1);
    server.advance(60_000);
    expect(await runDueJobs(server.ctx, [recorder])).toBe(1);
    expect(await runDueJobs(server.ctx, [recorder])).toBe(0);
    expect((await runsOf('once-')).sort()).toEqual(['once-a', 'once-c']);
  });

  it('a job whose process died mid-run is taken up again once its lease runs out, and its effects happen once', async () => {
    await scheduleJob(server.ctx.db, { kind: 'test-record', runAt: server.ctx.now(), payload: { tag: 'lease-a' } });
    // A process claims it and dies before finishing (nothing it wrote was committed).
    expect(await claimDueJobs(server.ctx.db, server.ctx.now(), LEASE_MS, 10, ['test-record'])).toHaveLength(1);
    expect(await runDueJobs(server.ctx, [recorder])).toBe(0);
    server.advance(LEASE_MS + 1000);
    expect(await runDueJobs(server.ctx, [recorder])).toBe(1);
    expect(await runsOf('lease-')).toEqual(['lease-a']);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a job whose runner stalls mid-job is run by a second runner after the lease, and only that run takes effect',
    async () => {
      const schema = (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(server.ctx.db)).rows[0].schema;
      // The first runner is a server of its own on the same PostgreSQL.
      const dying: AppContext = await createContext(server.ctx.config, { schema, now: () => server.ctx.now() });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let claimed = () => {};
      const started = new Promise<void>((resolve) => {
        claimed = resolve;
      });
      // Its handler writes its effect, then never finishes (the process hangs, then is stopped).
      const stalling: JobHandler = {
        kind: 'test-record',
        async run(_ctx, trx, job) {
          await trx
            .insertInto('page_views')
            .values({ user_id: null, path: `${String(job.payload.tag)}-first` })
            .execute();
          claimed();
          await released;
        },
      };
      try {
        await scheduleJob(server.ctx.db, { kind: 'test-record', runAt: server.ctx.now(), payload: { tag: 'stalled' } });
        const first = runDueJobs(dying, [stalling]);
        await started;
        // Within the lease nobody else takes it.
        expect(await runDueJobs(server.ctx, [recorder])).toBe(0);
        server.advance(LEASE_MS + 1000);
        expect(await runDueJobs(server.ctx, [recorder])).toBe(1);
        expect(await runDueJobs(server.ctx, [recorder])).toBe(0);
        // The stalled run wakes up after its lease: it must not mark the job or keep its effect.
        release();
        expect(await first).toBe(1);
        expect(await runsOf('stalled')).toEqual(['stalled']);
        const job = await server.ctx.db
          .selectFrom('scheduled_jobs')
          .select(['status', 'attempts'])
          .where('payload', '@>', sql<never>`'{"tag":"stalled"}'::jsonb`)
          .executeTakeFirstOrThrow();
        expect(job).toEqual({ status: 'done', attempts: 2 });
      } finally {
        release();
        await dying.db.destroy();
      }
    },
  );

  it('a failing job is retried later and marked failed after five attempts, with the reason', async () => {
    await scheduleJob(server.ctx.db, { kind: 'test-fail', runAt: server.ctx.now(), dedupeKey: 'failing' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await runDueJobs(server.ctx, [failing]), `attempt ${attempt}`).toBe(1);
      server.advance(3_600_000);
    }
    const job = await server.ctx.db
      .selectFrom('scheduled_jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('dedupe_key', '=', 'failing')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'failed', attempts: 5, last_error: 'the remote end is down' });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('two servers on one PostgreSQL run each of 200 jobs exactly once', async () => {
    const schema = (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(server.ctx.db)).rows[0].schema;
    const second: AppContext = await createContext(server.ctx.config, { schema, now: () => server.ctx.now() });
    try {
      const runAt = server.ctx.now();
      for (let i = 0; i < 200; i += 1) await scheduleJob(server.ctx.db, { kind: 'test-record', runAt, payload: { tag: `many-${i}` } });
      const drain = async (ctx: AppContext) => {
        let n = 0;
        for (let ran = 1; ran > 0;) {
          ran = await runDueJobs(ctx, [recorder], 7);
          n += ran;
        }
        return n;
      };
      const [first, other, third] = await Promise.all([drain(server.ctx), drain(second), drain(server.ctx)]);
      console.log(`jobs run by the first server: ${first + third}, by the second: ${other}`);
      expect(first + other + third).toBe(200);
      const runs = await runsOf('many-');
      expect(runs).toHaveLength(200);
      expect(new Set(runs).size).toBe(200);
    } finally {
      await second.db.destroy();
    }
  });
});
