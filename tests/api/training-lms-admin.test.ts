import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret } from '../../src/server/auth/secret-box';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * /admin/training-lms through the real server (docs/product.md "Training: learning systems"): the
 * LRS secret is stored sealed and never comes back; a bad address is refused; the SCORM package of a
 * course comes as a zip; nobody without clients-edit reaches any of it.
 */
let server: TestServer;
let admin: Agent;
let clientId: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAgent(server.url, ACCOUNTS.admin, PASSWORD);
  clientId = (await server.ctx.db.selectFrom('users').select('client_id').where('email', '=', ACCOUNTS.employee).executeTakeFirstOrThrow())
    .client_id!;
});
afterAll(async () => {
  await server?.close();
});

describe('learning systems page', () => {
  it('stores the LRS secret sealed and answers only whether one is set', async () => {
    const body = {
      client_id: clientId,
      enabled: true,
      endpoint: 'https://lrs.example.com/xapi/',
      auth_key: 'key-1',
      secret: 'top-secret-value',
    };
    const saved = await admin.post('/admin/training-lms', body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.data).toMatchObject({ enabled: true, endpoint: 'https://lrs.example.com/xapi/', auth_key: 'key-1', has_secret: true });
    expect(JSON.stringify(saved.body) + JSON.stringify(saved.data)).not.toContain('top-secret-value');
    const row = await server.ctx.db
      .selectFrom('training_lrs_settings')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain('top-secret-value');
    expect(openSecret(server.ctx.secret, row.secret_encrypted!)).toBe('top-secret-value');
    // Saving again without a secret keeps it.
    const again = await admin.post('/admin/training-lms', { ...body, secret: '', auth_key: 'key-2' });
    expect(again.status).toBe(200);
    const kept = await server.ctx.db
      .selectFrom('training_lrs_settings')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(openSecret(server.ctx.secret, kept.secret_encrypted!)).toBe('top-secret-value');
    const page = await admin.get(`/admin/training-lms?client_id=${clientId}`);
    expect(page.status).toBe(200);
    expect((page.data as { settings: unknown }).settings).toMatchObject({ auth_key: 'key-2', has_secret: true, enabled: true });
    expect(JSON.stringify(page.data)).not.toContain('top-secret-value');
    const audit = await server.ctx.db.selectFrom('audit_log').select('details').where('action', '=', 'training_lms.updated').execute();
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('top-secret-value');
  });

  it('refuses an address that is not https, or that carries credentials', async () => {
    for (const endpoint of ['http://lrs.example.com/xapi/', 'https://user:pw@lrs.example.com/', 'ftp://lrs.example.com/']) {
      const answer = await admin.post('/admin/training-lms', { client_id: clientId, enabled: false, endpoint, auth_key: 'k' });
      expect(answer.status, endpoint).toBe(400);
    }
  });

  it('refuses an address in the server’s own network, written as a number or as a name, and changes nothing', async () => {
    const before = await admin.get(`/admin/training-lms?client_id=${clientId}`);
    for (const endpoint of [
      'https://127.0.0.1/xapi/',
      'https://10.1.2.3/xapi/',
      'https://192.168.0.10/',
      'https://169.254.169.254/latest/',
      'https://[::1]/xapi/',
      'https://[::ffff:127.0.0.1]/',
      'https://[fd00::1]/',
      'https://localhost:8443/xapi/',
      'http://127.0.0.1:8080/xapi/',
    ]) {
      const answer = await admin.post('/admin/training-lms', { client_id: clientId, enabled: false, endpoint, auth_key: 'k' });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.errors, endpoint).toMatch(/on the internet|must use https/);
    }
    const after = await admin.get(`/admin/training-lms?client_id=${clientId}`);
    expect((after.data as { settings: unknown }).settings).toEqual((before.data as { settings: unknown }).settings);
  });

  it('refuses switching sending on without any secret', async () => {
    const other = (
      await server.ctx.db.selectFrom('users').select('client_id').where('email', '=', ACCOUNTS.contosoEmployee).executeTakeFirstOrThrow()
    ).client_id!;
    const answer = await admin.post('/admin/training-lms', {
      client_id: other,
      enabled: true,
      endpoint: 'https://lrs.example.com/',
      auth_key: 'k',
    });
    expect(answer.status).toBe(400);
  });

  it('gives a course as a SCORM zip, and a 404 for a course that does not exist', async () => {
    const zip = await admin.raw('GET', '/blogs/api/admin/training-lms/scorm/display-screen?language=fr');
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename="ergoportal-display-screen-v\d+-fr-scorm12\.zip"$/);
    expect(String(zip.body.text).slice(0, 2)).toBe('PK');
    expect((await admin.raw('GET', '/blogs/api/admin/training-lms/scorm/no-such-course')).status).toBe(404);
    expect((await admin.raw('GET', '/blogs/api/admin/training-lms/scorm/display-screen?language=xx')).status).toBe(400);
  });

  it('is closed to a programme manager and an employee', async () => {
    for (const email of [ACCOUNTS.manager, ACCOUNTS.employee]) {
      const agent = await signedInAgent(server.url, email, PASSWORD);
      expect((await agent.get('/admin/training-lms')).status, email).toBe(403);
      expect((await agent.raw('GET', '/blogs/api/admin/training-lms/scorm/display-screen')).status, email).toBe(403);
      expect(
        (await agent.post('/admin/training-lms', { client_id: clientId, enabled: false, endpoint: 'https://x.example/', auth_key: 'k' }))
          .status,
        email,
      ).toBe(403);
    }
  });
});
