import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue, enqueueMail } from '../../src/server/mail/outbox-worker';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('outbox worker', () => {
  it('lets several workers drain one outbox without sending any message twice', async () => {
    const addresses = Array.from({ length: 60 }, (_, i) => `worker${i}@northwind.example`);
    await enqueueMail(
      server.ctx.db,
      addresses.map((to) => ({ to, subject: 'Hello', text: 'Body' })),
      server.ctx.now(),
    );
    const sent: string[] = [];
    // A slow transport keeps each claim open while the other workers look for rows.
    const transport = {
      sendMail: async (mail: { to?: unknown }) => {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(String(mail.to));
        return {} as never;
      },
    };
    const worker = async () => {
      while ((await deliverDue(server.ctx, transport, 5)) > 0) {
        /* keep draining */
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(sent.sort()).toEqual([...addresses].sort());
    const rows = await server.ctx.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('to_address', 'like', 'worker%')
      .execute();
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('takes back a message whose sender stopped half-way once its lease runs out', async () => {
    await enqueueMail(server.ctx.db, [{ to: 'stuck@northwind.example', subject: 'S', text: 'T' }], server.ctx.now());
    const crashing = {
      sendMail: async () => {
        throw Object.assign(new Error('process stopped'), { crash: true });
      },
    };
    // Simulate a crash: claim the row, then leave it in 'sending' as a dead process would.
    await server.ctx.db
      .updateTable('mail_outbox')
      .set({ status: 'sending', locked_until: new Date(server.ctx.now().getTime() + 120_000), attempts: 1 })
      .where('to_address', '=', 'stuck@northwind.example')
      .execute();
    expect(await deliverDue(server.ctx, crashing, 5)).toBe(0);
    server.advance(121_000);
    const sent: string[] = [];
    expect(
      await deliverDue(
        server.ctx,
        {
          sendMail: async (m: { to?: unknown }) => {
            sent.push(String(m.to));
            return {} as never;
          },
        },
        5,
      ),
    ).toBe(1);
    expect(sent).toEqual(['stuck@northwind.example']);
  });
});
