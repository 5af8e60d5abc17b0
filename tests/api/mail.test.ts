import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Received {
  from: string;
  to: string[];
  data: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;
let server: TestServer;

beforeAll(async () => {
  // A real SMTP server on loopback receives what nodemailer sends.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as { port: number }).port;
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'ErgoPortal <no-reply@ergoportal.example>',
    PUBLIC_URL: 'https://portal.example',
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the password-reset e-mail through SMTP and records it as sent', async () => {
    const answer = await new Agent(server.url).post('/sendpasswordlink', { email: ACCOUNTS.manager });
    expect(answer.status).toBe(200);
    // The answer does not wait for SMTP (its timing must not tell whether the account exists): the
    // outbox worker delivers right after it.
    for (let waited = 0; received.length === 0 && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    for (let waited = 0; waited < 5_000; waited += 50) {
      const row = await server.ctx.db
        .selectFrom('mail_outbox')
        .select('status')
        .where('to_address', '=', ACCOUNTS.manager)
        .executeTakeFirst();
      if (row?.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([ACCOUNTS.manager]);
    expect(received[0].from).toBe('no-reply@ergoportal.example');
    expect(received[0].data).toMatch(/Subject: Reset your ErgoPortal password/);
    expect(received[0].data.replace(/=\r?\n/g, '')).toMatch(
      /https:\/\/portal\.example\/reset-password\?token=3D|https:\/\/portal\.example\/reset-password\?token=/,
    );
    const row = await server.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', ACCOUNTS.manager)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
  });
});
