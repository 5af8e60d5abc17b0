import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { DEMO_CLIENTS } from '../../src/server/db/demo-data';

/**
 * The seeded demo clients are data an administrator can work with: each opens in the client form
 * and saves back unchanged through the server's own validation (SPEC §5: menu texts at most 20
 * characters, logo and banner required and checked by their bytes).
 */
let server: TestServer;
let admin: Agent;
beforeAll(async () => {
  server = await startTestServer();
  admin = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('demo clients', () => {
  it.each(DEMO_CLIENTS.map((c) => [c.name, c.code]))(
    '%s opens and saves unchanged, and serves its SVG logo and banner',
    async (_name, code) => {
      const { id } = await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', code).executeTakeFirstOrThrow();
      const form = ((await admin.get(`/admin/clients/${id}`)).data as { client: Record<string, unknown> }).client;
      expect(form.logo_file).toMatch(/^data:image\/svg\+xml;name=logo\.svg;base64,/);
      expect(form.banner_image).toMatch(/^data:image\/svg\+xml;name=banner\.svg;base64,/);
      const saved = await admin.post(`/admin/clients/${id}`, form);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const again = ((await admin.get(`/admin/clients/${id}`)).data as { client: Record<string, unknown> }).client;
      expect(again).toEqual(form);
      const row = await server.ctx.db.selectFrom('clients').select(['logo', 'banner']).where('id', '=', id).executeTakeFirstOrThrow();
      for (const url of [row.logo!, row.banner!]) {
        const image = await admin.raw('GET', url);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/svg+xml');
      }
    },
  );
});
