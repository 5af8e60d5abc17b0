import { sql } from 'kysely';
import { audit } from '../../audit/audit';
import { notificationRecipientsGrid, notificationsGrid } from '../../../../generated/grids';
import { parseDeclaredGridQuery, parseId } from '../../http/grid-query';
import { fail, failCoded, ok } from '../../http/replies';
import { enqueueMail, kickOutbox } from '../../mail/outbox-worker';
import { renderTemplate } from '../../mail/templates';
import { ATTACHMENT_MIME, attachmentProblem } from '../../../shared/validation/attachments';
import { parseDataUrl } from '../../../shared/validation/images';
import { coded } from '../../../shared/server-messages';
import type { AreaHandlers } from '../../http/handler-types';

/**
 * Send notification (SPEC §2 /admin/send_notification; §6 send-notification-view). Recipients are
 * users of the portal only (never arbitrary addresses: the portal is no open relay), chosen by
 * e-mail, by group or as a whole client's active users. Each gets a mail_outbox row that the worker
 * delivers with retries; its status is what the admin sees.
 */
export const MAX_RECIPIENTS = 20_000;
interface Recipient {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
}

export const adminNotificationHandlers = {
  async admin_notification_lookups(ctx, _request, reply) {
    const [clients, groups, templates] = await Promise.all([
      ctx.db.selectFrom('clients').select(['id', 'company_name']).orderBy('company_name').execute(),
      ctx.db
        .selectFrom('user_groups')
        .innerJoin('clients', 'clients.id', 'user_groups.client_id')
        .select(['user_groups.id', 'user_groups.name', 'clients.company_name'])
        .orderBy('user_groups.name')
        .limit(1000)
        .execute(),
      ctx.db.selectFrom('email_templates').select(['id', 'name', 'subject', 'content']).orderBy('name').execute(),
    ]);
    return ok(reply, { clients, groups, templates });
  },

  async admin_notification_send(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    // The form's rules already checked the attachment in decodeBody; the stored type comes from the
    // checked extension, never from what the browser claimed.
    let attachment: { name: string; type: string; base64: string } | null = null;
    if (body.attachment) {
      const file = parseDataUrl(body.attachment);
      const problem = file
        ? attachmentProblem(file.name ?? '', file.bytes)
        : 'Please upload the file with a valid extension: doc, pdf, png, jpg, svg.';
      // Beside the field, where the form words the rule's message in the reader's language.
      if (!file || problem) return fail(reply, 400, problem, { attachment: problem });
      const extension = (file.name ?? '').split('.').pop()!.toLowerCase() as keyof typeof ATTACHMENT_MIME;
      attachment = {
        name: (file.name ?? 'attachment').replace(/[\r\n"\\/]/g, '_').slice(0, 200),
        type: ATTACHMENT_MIME[extension],
        base64: Buffer.from(file.bytes).toString('base64'),
      };
    }
    const people = ctx.db
      .selectFrom('users')
      .innerJoin('clients', 'clients.id', 'users.client_id')
      .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'clients.company_name'])
      .where('users.status', '=', 'active');
    let recipients: Recipient[];
    let audience: string;
    if (body.audience === 'users') {
      const emails = [
        ...new Set(
          (body.recipients ?? '')
            .split(',')
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      recipients = emails.length ? await people.where((eb) => eb(eb.fn('lower', ['users.email']), 'in', emails)).execute() : [];
      const known = new Set(recipients.map((r) => r.email.toLowerCase()));
      const unknown = emails.filter((e) => !known.has(e));
      if (unknown.length) return failCoded(reply, 400, coded('notify.unknown_recipients', { emails: unknown.join(', ') }));
      audience = `users:${emails.length}`;
    } else if (body.audience === 'group') {
      const group = body.group_id
        ? await ctx.db.selectFrom('user_groups').select(['id', 'name']).where('id', '=', body.group_id).executeTakeFirst()
        : undefined;
      if (!group) return fail(reply, 404, 'User group not found.');
      recipients = await people
        .innerJoin('user_group_members', 'user_group_members.user_id', 'users.id')
        .where('user_group_members.group_id', '=', group.id)
        .execute();
      audience = `group:${group.id}`;
    } else {
      const client = body.client_id
        ? await ctx.db.selectFrom('clients').select('id').where('id', '=', body.client_id).executeTakeFirst()
        : undefined;
      if (!client) return fail(reply, 404, 'Client not found.');
      recipients = await people
        .where('users.client_id', '=', client.id)
        .limit(MAX_RECIPIENTS + 1)
        .execute();
      audience = `client:${client.id}`;
    }
    if (!recipients.length) return fail(reply, 400, 'There is nobody to send this to: the group or client has no active users.');
    if (recipients.length > MAX_RECIPIENTS) return failCoded(reply, 400, coded('notify.too_many_recipients', { max: MAX_RECIPIENTS }));
    const now = ctx.now();
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('notifications')
        .values({
          sender_id: caller.userId,
          audience,
          subject: body.subject,
          content: body.content,
          attachment_name: attachment?.name ?? null,
          attachment_type: attachment?.type ?? null,
          attachment_base64: attachment?.base64 ?? null,
          recipient_count: recipients.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Template variables ({{first_name}} …) are filled per recipient; the subject stays one line.
      await enqueueMail(
        trx,
        recipients.map((r) => {
          const mail = renderTemplate(body, { first_name: r.first_name, last_name: r.last_name, company_name: r.company_name });
          return { to: r.email, subject: mail.subject, text: mail.text, userId: r.id, notificationId: String(row.id) };
        }),
        now,
      );
      // The queued mail and its audit entry commit together or not at all (ASVS V7.3).
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: body.client_id ?? null,
          action: 'notification.sent',
          target: `notification:${row.id}`,
          address: request.ip,
          details: {
            before: null,
            after: { audience, subject: body.subject, recipients: recipients.length, attachment: attachment?.name ?? null },
          },
        },
        ctx.now(),
      );
      return String(row.id);
    });
    kickOutbox(ctx);
    return ok(
      reply,
      { id, recipients: recipients.length },
      `The notification has been queued for ${recipients.length} recipient${recipients.length === 1 ? '' : 's'}.`,
    );
  },

  async admin_notifications(ctx, request, reply) {
    const q = parseDeclaredGridQuery(request.query, notificationsGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const count = (status: string) =>
      sql<string>`(SELECT count(*) FROM mail_outbox WHERE mail_outbox.notification_id = notifications.id AND status = ${status})`;
    const rows = await ctx.db
      .selectFrom('notifications')
      .select([
        'id',
        'subject',
        'audience',
        'attachment_name',
        'recipient_count',
        'created_at',
        count('sent').as('sent'),
        count('failed').as('failed'),
      ])
      .orderBy(q.sort, q.dir)
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset(q.start)
      .execute();
    const total = await ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return ok(reply, {
      rows: rows.map((r) => ({ ...r, id: String(r.id), sent: Number(r.sent), failed: Number(r.failed) })),
      total: Number(total.count),
    });
  },

  async admin_notification_recipients(ctx, request, reply) {
    const id = parseId(request.params.id);
    const exists = id ? await ctx.db.selectFrom('notifications').select('id').where('id', '=', String(id)).executeTakeFirst() : undefined;
    if (!id || !exists) return fail(reply, 404, 'Notification not found.');
    const q = parseDeclaredGridQuery(request.query, notificationRecipientsGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    let base = ctx.db.selectFrom('mail_outbox').where('notification_id', '=', String(id));
    if (q.filters.status) base = base.where('status', '=', q.filters.status);
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'to_address', 'status', 'attempts', 'last_error', 'sent_at', 'next_attempt_at'])
        .orderBy(q.sort, q.dir)
        .orderBy('id')
        .limit(q.size)
        .offset(q.start)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return ok(reply, { rows: rows.map((r) => ({ ...r, id: String(r.id) })), total: Number(total.count) });
  },
} satisfies AreaHandlers<'notifications'>;
