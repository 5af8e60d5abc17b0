import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';

/**
 * Delivery of queued mail (notifications, imported users' set-password links) with retries and
 * exponential backoff. The worker keeps no state of its own: each tick claims due rows in one
 * statement with SELECT … FOR UPDATE SKIP LOCKED, so any number of server processes on one
 * PostgreSQL can run it without sending a row twice (docs/architecture.md "Database": stateless API
 * processes). A claim is a lease (locked_until): a process that dies mid-send leaves the row to be
 * claimed again once the lease runs out. PGlite has one connection, so claims are serial there.
 *
 * Delivery is at least once, never at most once (src/server/README.md "What is durable"): a row is
 * marked sent only after the SMTP server accepted it, so a process killed between the two leaves the
 * row "in doubt" and it is sent again. Every send of one row carries the same Message-ID
 * (RFC 5322 §3.6.4), so a resend is recognisably the same message, not a new one.
 */
export const MAX_ATTEMPTS = 5;
/** A claim lasts 30 s and its live owner renews it every 10 s while sending: a dead owner's rows come back within 30 s. */
export const LEASE_MS = 30_000;
export const RENEW_MS = 10_000;
/** 30 s, 1 min, 2 min, 4 min between attempts (capped at an hour). */
export const backoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/** A mail to queue; `attachments` are the row's own files (a calendar invitation), beside a notification's shared one. */
export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  userId?: number | null;
  notificationId?: string | null;
  attachments?: readonly { filename: string; contentType: string; base64: string }[];
}

/** Puts mail in the outbox for the worker, inside the caller's transaction when given one. */
export async function enqueueMail(db: Kysely<Database> | Transaction<Database>, mails: readonly QueuedMail[], now: Date): Promise<void> {
  for (let i = 0; i < mails.length; i += 500) {
    await db
      .insertInto('mail_outbox')
      .values(
        mails.slice(i, i + 500).map((m) => ({
          to_address: m.to,
          subject: m.subject,
          body_text: m.text,
          status: 'queued',
          next_attempt_at: now,
          user_id: m.userId ?? null,
          notification_id: m.notificationId ?? null,
          attachments: m.attachments?.length ? JSON.stringify(m.attachments) : null,
        })),
      )
      .execute();
  }
}

interface Claimed {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  notification_id: string | null;
  attempts: number;
  created_at: Date;
  attachments: { filename: string; contentType: string; base64: string }[] | null;
}

/** The Message-ID of an outbox row: the same on every attempt, different for every row. */
export function outboxMessageId(row: { id: string; created_at: Date }, mailFrom: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'ergoportal.invalid';
  return `<outbox.${row.id}.${new Date(row.created_at).getTime()}@${domain}>`;
}

/** Claims up to `limit` due rows for `owner` and tries each once; returns how many were tried. */
export async function deliverDue(
  ctx: AppContext,
  transport: Pick<Transporter, 'sendMail'>,
  limit = 20,
  owner: string | null = null,
): Promise<number> {
  const now = ctx.now();
  const claimed = (
    await sql<Claimed>`
    UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, locked_until = ${new Date(now.getTime() + LEASE_MS)}, locked_by = ${owner}
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE (status = 'queued' AND next_attempt_at <= ${now}) OR (status = 'sending' AND locked_until < ${now})
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, to_address, subject, body_text, notification_id, attempts, created_at, attachments`.execute(ctx.db)
  ).rows;
  const attachments = new Map<string, { filename: string; content: Buffer; contentType: string }[]>();
  const filesOf = async (notificationId: string | null) => {
    if (!notificationId) return [];
    const key = String(notificationId);
    if (!attachments.has(key)) {
      const n = await ctx.db
        .selectFrom('notifications')
        .select(['attachment_name', 'attachment_type', 'attachment_base64'])
        .where('id', '=', key)
        .executeTakeFirst();
      attachments.set(
        key,
        n?.attachment_base64
          ? [
              {
                filename: n.attachment_name ?? 'attachment',
                content: Buffer.from(n.attachment_base64, 'base64'),
                contentType: n.attachment_type ?? 'application/octet-stream',
              },
            ]
          : [],
      );
    }
    return attachments.get(key)!;
  };
  // The batch goes out in parallel over the transport's connection pool.
  await Promise.all(
    claimed.map(async (mail) => {
      try {
        await transport.sendMail({
          from: ctx.config.mailFrom,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.body_text,
          attachments: [
            ...(await filesOf(mail.notification_id)),
            ...(mail.attachments ?? []).map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.base64, 'base64'),
            })),
          ],
          messageId: outboxMessageId(mail, ctx.config.mailFrom),
        });
        await ctx.db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: ctx.now(), locked_until: null, locked_by: null, last_error: null })
          .where('id', '=', mail.id)
          .execute();
      } catch (error) {
        const reason = ((error as Error).message || 'Delivery failed').slice(0, 500);
        const final = mail.attempts >= MAX_ATTEMPTS;
        await ctx.db
          .updateTable('mail_outbox')
          .set({
            status: final ? 'failed' : 'queued',
            last_error: reason,
            locked_until: null,
            locked_by: null,
            next_attempt_at: final ? null : new Date(ctx.now().getTime() + backoffMs(mail.attempts)),
          })
          .where('id', '=', mail.id)
          .execute();
      }
    }),
  );
  return claimed.length;
}

/**
 * Runs deliverDue every `intervalMs` while SMTP is configured (without SMTP_URL mail stays in the
 * outbox, as README "Configuration" says). `kick()` runs a tick at once after mail is queued.
 */
export function startOutboxWorker(ctx: AppContext, intervalMs = 1000): { kick(): void; stop(): Promise<void> } {
  if (!ctx.config.smtpUrl) return { kick() {}, async stop() {} };
  const worker = runWorker(ctx, ctx.config.smtpUrl, intervalMs);
  kicks.set(ctx, worker.kick);
  return worker;
}

/** This process's worker for a context, so a handler can ask for delivery right after queueing. */
const kicks = new WeakMap<AppContext, () => void>();
export function kickOutbox(ctx: AppContext): void {
  kicks.get(ctx)?.();
}

function runWorker(ctx: AppContext, smtpUrl: string, intervalMs: number): { kick(): void; stop(): Promise<void> } {
  // A small pool of SMTP connections (nodemailer reads pool options from the URL's query).
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) {
    url.searchParams.set('pool', 'true');
    url.searchParams.set('maxConnections', '4');
  }
  const transport = nodemailer.createTransport(url.toString());
  const owner = randomUUID();
  let running: Promise<void> | null = null;
  let stopped = false;
  // PGlite belongs to this one process: a row another worker left in 'sending' was claimed by a
  // process that has died, so it is due again now rather than when its lease runs out.
  let recovered: Promise<unknown> = ctx.config.databaseUrl
    ? Promise.resolve()
    : ctx.db
        .updateTable('mail_outbox')
        .set({
          status: 'queued',
          next_attempt_at: ctx.now(),
          locked_until: null,
          locked_by: null,
          last_error: 'In doubt: the sending process stopped; sent again with the same Message-ID',
        })
        .where('status', '=', 'sending')
        .execute()
        .catch(() => undefined);
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      await recovered;
      try {
        while (!stopped && (await deliverDue(ctx, transport, 20, owner)) > 0) {
          /* drain what is due */
        }
      } catch {
        /* the next tick retries */
      }
    })().finally(() => {
      running = null;
    });
  };
  // The live owner keeps its claims: a slow SMTP server never lets a second process take them.
  const renew = () => {
    recovered = recovered
      .then(() =>
        ctx.db
          .updateTable('mail_outbox')
          .set({ locked_until: new Date(ctx.now().getTime() + LEASE_MS) })
          .where('status', '=', 'sending')
          .where('locked_by', '=', owner)
          .execute(),
      )
      .catch(() => undefined);
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const renewal = setInterval(renew, RENEW_MS);
  renewal.unref();
  return {
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(renewal);
      await running;
      await recovered;
      transport.close();
    },
  };
}
