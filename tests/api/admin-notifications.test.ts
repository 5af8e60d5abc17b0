import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { backoffMs } from '../../src/server/mail/outbox-worker';

interface Received {
  to: string[];
  data: string;
}
const received: Received[] = [];
let refuseNext = 0;
let smtp: SMTPServer;
let server: TestServer;
let admin: Agent;
let employee: Agent;
let northwind = 0;

const PDF = `data:application/pdf;name=guide.pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF').toString('base64')}`;
const EXTENSION_MESSAGE = 'Please upload the file with a valid extension: doc, pdf, png, jpg, svg.';

async function until<T>(probe: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const outboxRow = (email: string) =>
  server.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('notification_id', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();

beforeAll(async () => {
  // A real SMTP server on loopback; it can be told to refuse the next deliveries (451, try later).
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext--;
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  admin = new Agent(server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  employee = new Agent(server.url);
  expect((await employee.login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
  northwind = (await server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('send notification', () => {
  it('delivers to selected users with the attachment and shows each recipient as sent', async () => {
    const answer = await admin.post('/admin/notifications', {
      audience: 'users',
      recipients: `${ACCOUNTS.employee}, ${ACCOUNTS.manager}`,
      subject: 'Desk check for {{first_name}}',
      content: 'Hello {{first_name}}, see the guide.',
      attachment: PDF,
    });
    expect(answer.status).toBe(200);
    const { id } = answer.data as { id: string };
    const mail = await until(async () => received.find((r) => r.to.includes(ACCOUNTS.manager)));
    expect(mail.data).toMatch(/Subject: Desk check for Maya/);
    expect(mail.data).toMatch(/filename=guide\.pdf/);
    expect(mail.data).toMatch(/Content-Type: application\/pdf/);
    const page = await until(async () => {
      const p = (await admin.get(`/admin/notifications/${id}/recipients?sort=to_address`)).data as {
        rows: { to_address: string; status: string }[];
      };
      return p.rows.every((r) => r.status === 'sent') && p;
    });
    expect(page.rows.map((r) => r.to_address)).toEqual([ACCOUNTS.employee, ACCOUNTS.manager]);
    const list = (await admin.get('/admin/notifications')).data as { rows: { id: string; sent: number; recipient_count: number }[] };
    expect(list.rows[0]).toMatchObject({ id, sent: 2, recipient_count: 2 });
    const logged = await server.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'notification.sent')
      .executeTakeFirstOrThrow();
    expect(logged.details).toMatchObject({ after: { recipients: 2, attachment: 'guide.pdf' } });
  });

  it('retries after an SMTP failure with backoff, then reports it as sent', async () => {
    refuseNext = 1;
    const answer = await admin.post('/admin/notifications', {
      audience: 'users',
      recipients: ACCOUNTS.evaluator,
      subject: 'Retry me',
      content: 'Body',
    });
    expect(answer.status).toBe(200);
    const waiting = await until(async () => {
      const r = await outboxRow(ACCOUNTS.evaluator);
      return r?.attempts === 1 && r.status === 'queued' && r;
    });
    expect(waiting.last_error).toMatch(/Mailbox busy/);
    expect(new Date(waiting.next_attempt_at!).getTime()).toBeGreaterThan(Date.now() + 20_000);
    server.advance(31_000);
    const sent = await until(async () => {
      const r = await outboxRow(ACCOUNTS.evaluator);
      return r?.status === 'sent' && r;
    });
    expect(sent.attempts).toBe(2);
  });

  it('gives up after five attempts and shows the reason', async () => {
    refuseNext = 5;
    const { id } = (
      await admin.post('/admin/notifications', {
        audience: 'users',
        recipients: ACCOUNTS.videoViewer,
        subject: 'Never arrives',
        content: 'Body',
      })
    ).data as { id: string };
    for (let attempt = 1; attempt < 5; attempt++) {
      await until(async () => {
        const r = await outboxRow(ACCOUNTS.videoViewer);
        return r?.attempts === attempt && r.status === 'queued';
      });
      server.advance(backoffMs(attempt) + 1000);
    }
    // The clock moved past the sessions' lifetime: sign in again.
    expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
    expect((await employee.login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
    const page = await until(async () => {
      const p = (await admin.get(`/admin/notifications/${id}/recipients`)).data as {
        rows: { status: string; attempts: number; last_error: string }[];
      };
      return p.rows[0]?.status === 'failed' && p;
    });
    expect(page.rows[0]).toMatchObject({ attempts: 5, last_error: expect.stringMatching(/Mailbox busy/) });
  });

  it("sends to a group and to a whole client's active users", async () => {
    const group = (await admin.post('/admin/user-groups', { name: 'Leads', client_id: northwind, members: ACCOUNTS.manager })).data as {
      id: number;
    };
    const toGroup = await admin.post('/admin/notifications', { audience: 'group', group_id: group.id, subject: 'Group', content: 'Body' });
    expect(toGroup.data).toMatchObject({ recipients: 1 });
    const toClient = await admin.post('/admin/notifications', {
      audience: 'client',
      client_id: northwind,
      subject: 'Client',
      content: 'Body',
    });
    const count = await server.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('c'))
      .where('client_id', '=', northwind)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect((toClient.data as { recipients: number }).recipients).toBe(Number(count.c));
  });

  it('refuses every payload the browser would refuse, and attachments disguised by name', async () => {
    const base = { audience: 'users', recipients: ACCOUNTS.employee, subject: 'S', content: 'C' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, subject: '' }, 'Subject field is required'],
      [{ ...base, content: '' }, 'Content field is required'],
      [{ ...base, recipients: '' }, 'Recipients field is required'],
      [{ ...base, recipients: 'a@b.example, nope' }, 'These e-mail addresses are not valid: nope'],
      [{ ...base, audience: 'group' }, 'User group is required'],
      [
        { ...base, attachment: `data:application/x-msdownload;name=tool.exe;base64,${Buffer.from('MZ').toString('base64')}` },
        EXTENSION_MESSAGE,
      ],
      [
        { ...base, attachment: `data:application/pdf;name=invoice.pdf;base64,${Buffer.from('MZ\x90\x00 not a pdf').toString('base64')}` },
        'The attachment is not a real doc, pdf, png, jpg or svg file.',
      ],
      [
        {
          ...base,
          attachment: `data:image/svg+xml;name=logo.svg;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`,
        },
        'The attachment is refused: the SVG contains a script.',
      ],
      [
        {
          ...base,
          attachment: `data:image/png;name=big.png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2 * 1024 * 1024)]).toString('base64')}`,
        },
        'The attachment may not be greater than 2 MB.',
      ],
      [{ ...base, sender_id: 1 }, 'Unknown field: sender_id.'],
    ];
    for (const [payload, message] of cases) {
      const answer = await admin.post('/admin/notifications', payload);
      expect(answer.status, message).toBe(400);
      expect(answer.body.errors, message).toBe(message);
    }
    expect((await admin.post('/admin/notifications', { ...base, recipients: 'stranger@elsewhere.example' })).body.errors).toBe(
      'These e-mail addresses are not active users: stranger@elsewhere.example',
    );
    expect((await admin.post('/admin/notifications', { ...base, audience: 'group', group_id: 999999 })).status).toBe(404);
    expect((await admin.post('/admin/notifications', { ...base, audience: 'client', client_id: 999999 })).status).toBe(404);
    expect((await admin.get('/admin/notifications/999999/recipients')).status).toBe(404);
  });

  it('needs a session and send-notification-view on every call', async () => {
    const payload = { audience: 'users', recipients: ACCOUNTS.employee, subject: 'S', content: 'C' };
    const anonymous = new Agent(server.url);
    for (const agent of [anonymous, employee]) {
      const expected = agent === anonymous ? 401 : 403;
      expect((await agent.post('/admin/notifications', payload)).status).toBe(expected);
      expect((await agent.get('/admin/notifications')).status).toBe(expected);
      expect((await agent.get('/admin/notifications/1/recipients')).status).toBe(expected);
      expect((await agent.get('/admin/notification-lookups')).status).toBe(expected);
    }
  });
});
