import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { verifyAuditChain } from '../../src/server/audit/audit';
import { openDatabase } from '../../src/server/db/connect';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { freshDatabase, startServerProcess, startSmtpRecorder, until, type ServerProcess } from './support/server-process';

/** What the server answered 200 to before it was killed. */
interface Acknowledged {
  groups: { id: number; name: string }[];
  notifications: { id: string; subject: string }[];
  submitted: string[];
}
const RECIPIENTS = [ACCOUNTS.employee, ACCOUNTS.manager];

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Three writers at once until `stop()`: audited admin writes, notifications queueing mail, assessment submits. */
function writeLoad(admin: Agent, employee: Agent, clientId: number, questionnaire: Questionnaire, tag: string) {
  const acked: Acknowledged = { groups: [], notifications: [], submitted: [] };
  let stopped = false;
  const attempt = async (write: () => Promise<void>) => {
    while (!stopped) {
      // A refused or cut connection is a write that was never acknowledged: it may or may not be there.
      try {
        await write();
      } catch {
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  let n = 0;
  const loops = [
    attempt(async () => {
      const name = `${tag} group ${++n}`;
      const answer = await admin.post('/admin/user-groups', { name, client_id: clientId, members: ACCOUNTS.manager });
      if (answer.status === 200) acked.groups.push({ id: (answer.data as { id: number }).id, name });
    }),
    attempt(async () => {
      const subject = `${tag} desk check ${++n}`;
      const answer = await admin.post('/admin/notifications', {
        audience: 'users',
        recipients: RECIPIENTS.join(', '),
        subject,
        content: 'Please review your chair height.',
      });
      if (answer.status === 200) acked.notifications.push({ id: String((answer.data as { id: string }).id), subject });
    }),
    attempt(async () => {
      const started = await employee.post('/self-assessment/attempts', { area: 'office' });
      if (started.status !== 200) return;
      const { id } = (started.data as { attempt: { id: string } }).attempt;
      const submitted = await employee.post(`/self-assessment/attempts/${id}/submit`, { answers: completeAnswers(questionnaire) });
      if (submitted.status === 200) acked.submitted.push(String(id));
    }),
  ];
  return {
    acked,
    count: () => acked.groups.length + acked.notifications.length + acked.submitted.length,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

const targets = [
  {
    name: 'PGlite',
    database: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ergoportal-crash-'));
      return { url: '', dataDir: dir, drop: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    database: async () => {
      const db = await freshDatabase('ergoportal_crash');
      const dir = mkdtempSync(join(tmpdir(), 'ergoportal-crash-'));
      return {
        url: db.url,
        dataDir: dir,
        drop: async () => {
          await db.drop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(targets)('the server killed with SIGKILL under write load, on $name', ({ name, database }) => {
  it('keeps every acknowledged write, opens again, keeps its audit chain and delivers each queued message once', async () => {
    const smtp = await startSmtpRecorder();
    cleanups.push(() => smtp.close());
    const db = await database();
    cleanups.push(db.drop);
    const env = {
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.url,
      SESSION_SECRET: 'c'.repeat(48),
      SMTP_URL: smtp.url,
      WEB_DIR: join(db.dataDir, 'no-web'),
    };
    let server: ServerProcess = await startServerProcess(env);
    cleanups.push(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });

    const admin = await signedInAgent(server.url, ACCOUNTS.admin, PASSWORD);
    const employee = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
    const lookups = (await admin.get('/admin/notification-lookups')).data as { clients: { id: number; company_name: string }[] };
    const clientId = lookups.clients.find((c) => c.company_name.startsWith('Northwind'))!.id;
    const questionnaire = ((await employee.get('/self-assessment/questionnaire/office')).data as { questionnaire: Questionnaire })
      .questionnaire;

    const load = writeLoad(admin, employee, clientId, questionnaire, name);
    // Kill once every kind of write has been acknowledged and mail is on its way.
    await until(
      async () =>
        load.acked.groups.length >= 5 &&
        load.acked.notifications.length >= 5 &&
        load.acked.submitted.length >= 3 &&
        smtp.received.length >= 2,
      60_000,
      'writes under way',
    );
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe(null);
    await load.stop();
    const acked = load.acked;
    const writes = load.count();

    server = await startServerProcess(env);
    // Every acknowledged notification reaches both recipients (a dead sender's claims come back).
    const expected = acked.notifications.flatMap((n) => RECIPIENTS.map((to) => `${to} ${n.subject}`));
    await until(
      async () => {
        const got = new Set(smtp.received.map((m) => `${m.to.join(',')} ${m.subject}`));
        return expected.every((key) => got.has(key));
      },
      75_000,
      'queued mail after the restart',
    );
    const again = await signedInAgent(server.url, ACCOUNTS.admin, PASSWORD);
    await until(
      async () => {
        const list = (await again.get('/admin/notifications')).data as { rows: { recipient_count: number; sent: number }[] };
        return list.rows.every((row) => row.sent === row.recipient_count);
      },
      75_000,
      'the outbox to drain',
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // The database opens (on PGlite: after recovering from the kill) and holds every acknowledged write.
    const kysely = await openDatabase({ url: db.url || undefined, dataDir: db.dataDir });
    try {
      const groups = await kysely.selectFrom('user_groups').select(['id', 'name']).execute();
      const foundGroups = acked.groups.filter((g) => groups.some((row) => row.id === g.id && row.name === g.name));
      const notifications = await kysely.selectFrom('notifications').select(['id', 'subject']).execute();
      const foundNotifications = acked.notifications.filter((n) =>
        notifications.some((row) => String(row.id) === n.id && row.subject === n.subject),
      );
      const attempts = await kysely.selectFrom('assessment_attempts').select(['id', 'status']).where('status', '=', 'submitted').execute();
      const foundSubmitted = acked.submitted.filter((id) => attempts.some((row) => String(row.id) === id));
      const audited = new Set(
        (
          await kysely.selectFrom('audit_log').select('target').where('action', 'in', ['user_group.created', 'notification.sent']).execute()
        ).map((r) => r.target),
      );
      const found = foundGroups.length + foundNotifications.length + foundSubmitted.length;
      console.log(`${name}: writes acknowledged: ${writes}, found after restart: ${found}`);
      expect(found).toBe(writes);
      expect(acked.groups.every((g) => audited.has(`user_group:${g.id}`))).toBe(true);
      expect(acked.notifications.every((n) => audited.has(`notification:${n.id}`))).toBe(true);

      const chain = await verifyAuditChain(kysely);
      console.log(`${name}: audit chain ${chain.ok ? 'verifies' : `broken at ${chain.firstBadId}`} (${chain.checked} entries)`);
      expect(chain.ok).toBe(true);

      // Exactly once per recipient message: one Message-ID per outbox row, every row sent, and a
      // row resent only when the killed process had claimed it (in doubt), under the same Message-ID.
      const outbox = await kysely
        .selectFrom('mail_outbox')
        .select(['id', 'status', 'attempts'])
        .where('notification_id', 'is not', null)
        .execute();
      expect(outbox.every((row) => row.status === 'sent')).toBe(true);
      const perMessage = new Map<string, number>();
      for (const mail of smtp.received) perMessage.set(mail.messageId, (perMessage.get(mail.messageId) ?? 0) + 1);
      expect(perMessage.has('')).toBe(false);
      const resent = [...perMessage.values()].filter((count) => count > 1).length;
      const inDoubt = outbox.filter((row) => row.attempts > 1).length;
      console.log(
        `${name}: mail queued: ${outbox.length}, distinct messages received: ${perMessage.size}, received once: ${perMessage.size - resent}, resent in doubt with the same Message-ID: ${resent} (rows claimed when killed: ${inDoubt})`,
      );
      expect(perMessage.size).toBe(outbox.length);
      expect(resent).toBeLessThanOrEqual(inDoubt);
    } finally {
      await kysely.destroy();
    }
  });
});
