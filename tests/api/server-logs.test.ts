import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** One parsed pino line as the server writes it. */
type LogLine = { level: number; reqId?: string; msg?: string; err?: { type: string; message: string; stack: string } };

let server: TestServer;
const lines: LogLine[] = [];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' }, { logDestination: { write: (line) => lines.push(JSON.parse(line) as LogLine) } });
});
afterAll(async () => {
  await server?.close();
});

describe('server logs', () => {
  it('logs a 5xx with its stack under the request id, and the caller reads only the generic sentence', async () => {
    // The blog's public list loses its table: the handler's query fails inside the server.
    await sql`ALTER TABLE blog_posts RENAME TO blog_posts_gone`.execute(server.ctx.db);
    try {
      const answer = await fetch(`${server.url}/blogs/api/blog/posts`);
      expect(answer.status).toBe(500);
      const text = await answer.text();
      expect(JSON.parse(text)).toEqual({ success: false, errors: 'Something went wrong. Please try again.' });
      expect(text).not.toMatch(/blog_posts|stack|at .*\.ts/);
      const requestId = answer.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

      const failure = lines.find((l) => l.level === 50 && l.reqId === requestId);
      expect(failure?.msg).toBe('request failed');
      expect(failure?.err?.message).toMatch(/blog_posts/);
      expect(failure?.err?.stack).toMatch(/\n\s+at /);
      // The request's own lines carry the same id, by method and path only.
      const incoming = lines.find((l) => l.reqId === requestId && l.msg === 'incoming request') as LogLine & { req?: unknown };
      expect(incoming?.req).toEqual({ method: 'GET', path: '/blogs/api/blog/posts' });
    } finally {
      await sql`ALTER TABLE blog_posts_gone RENAME TO blog_posts`.execute(server.ctx.db);
    }
  });

  it('never logs a query string (reset tokens, SSO codes)', async () => {
    await fetch(`${server.url}/blogs/api/blog/posts?token=secret-reset-token`);
    expect(JSON.stringify(lines)).not.toContain('secret-reset-token');
    expect(lines.some((l) => JSON.stringify(l).includes('/blogs/api/blog/posts'))).toBe(true);
  });
});
