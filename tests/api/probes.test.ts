import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const probe = async (path: string) => {
  const answer = await fetch(`${server.url}${path}`);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown>, cache: answer.headers.get('cache-control') };
};

describe('load balancer probes', () => {
  it('/healthz and /readyz answer 200 without a session on a migrated database, and say nothing more', async () => {
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
  });

  it('/readyz answers 503 while a migration of this build is not applied', async () => {
    const last = await sql<{ version: string }>`SELECT max(version) AS version FROM schema_migrations`.execute(server.ctx.db);
    const version = last.rows[0].version;
    await sql`DELETE FROM schema_migrations WHERE version = ${version}`.execute(server.ctx.db);
    try {
      expect(await probe('/readyz')).toEqual({ status: 503, body: { status: 'unavailable', reason: 'migrations' }, cache: 'no-store' });
      expect((await probe('/healthz')).status).toBe(200);
    } finally {
      await sql`INSERT INTO schema_migrations (version) VALUES (${version})`.execute(server.ctx.db);
    }
    expect((await probe('/readyz')).status).toBe(200);
  });

  it('/readyz answers 503 when the database is gone, while /healthz still answers 200', async () => {
    const lonely = await startTestServer();
    try {
      await lonely.ctx.db.destroy();
      const ready = await fetch(`${lonely.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'database' });
      expect((await fetch(`${lonely.url}/healthz`)).status).toBe(200);
    } finally {
      await lonely.close().catch(() => undefined);
    }
  });
});
