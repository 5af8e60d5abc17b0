import { audit } from '../../audit/audit';
import { fail, ok } from '../../http/replies';
import { offeredAreas } from '../../../shared/assessment/offered-areas';
import type { AreaHandlers } from '../../http/handler-types';
import { REMINDER_DEFAULTS } from '../../../shared/actions/action-rules';

const DEFAULT_FOLLOW_UP_DAYS = 30;

/**
 * /admin/self_assesment (clients-edit): per client, the work areas offered (clients.work_area, shared
 * with the client form), the reassessment interval and reminder, and the evaluation follow-up delay
 * (client_assessment_settings, migration 016; a client without a row has no interval, no reminder and
 * a 30-day follow-up), and how often and how many times an overdue corrective action is reminded
 * (migration 033; without a value the product's REMINDER_DEFAULTS). The list shows which areas are actually offered once content access is applied.
 */
export const adminAssessmentSettingsHandlers = {
  async admin_assessment_settings(ctx, _request, reply) {
    const rows = await ctx.db
      .selectFrom('clients')
      .leftJoin('client_assessment_settings as s', 's.client_id', 'clients.id')
      .select([
        'clients.id',
        'clients.company_name',
        'clients.work_area',
        'clients.access_list',
        's.reassessment_days',
        's.reminder_enabled',
        's.follow_up_days',
        's.action_reminder_days',
        's.action_reminder_limit',
      ])
      .orderBy('clients.company_name')
      .orderBy('clients.id')
      .execute();
    return ok(reply, {
      clients: rows.map((r) => ({
        id: r.id,
        company_name: r.company_name,
        access_list: r.access_list,
        offered: offeredAreas(r.work_area, r.access_list),
        settings: {
          work_area: r.work_area,
          ...(r.reassessment_days ? { reassessment_days: r.reassessment_days } : {}),
          reminder_enabled: r.reminder_enabled ?? false,
          follow_up_days: r.follow_up_days ?? DEFAULT_FOLLOW_UP_DAYS,
          action_reminder_days: r.action_reminder_days ?? REMINDER_DEFAULTS.everyDays,
          action_reminder_limit: r.action_reminder_limit ?? REMINDER_DEFAULTS.limit,
        },
      })),
    });
  },

  async admin_assessment_settings_save(ctx, request, reply) {
    const caller = request.caller;
    const id = Number(request.params.id);
    const client =
      Number.isInteger(id) && id > 0 && id < 2 ** 31
        ? await ctx.db.selectFrom('clients').select('id').where('id', '=', id).executeTakeFirst()
        : undefined;
    if (!client) return fail(reply, 404, 'Client not found.');
    const body = request.payload;
    const values = {
      reassessment_days: body.reassessment_days ?? null,
      reminder_enabled: body.reminder_enabled,
      follow_up_days: body.follow_up_days,
      // Absent: the product's defaults (REMINDER_DEFAULTS), kept as NULL so a change of them reaches the client.
      action_reminder_days: body.action_reminder_days ?? null,
      action_reminder_limit: body.action_reminder_limit ?? null,
      updated_at: ctx.now(),
    };
    // "before" is read under the client row's lock (the settings row may not exist yet) in the writing
    // transaction, and the audit entry commits with the change, so edits arriving at once each record
    // the settings they replaced (ASVS V7.3).
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('clients').select('work_area').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!current) return false;
      const before = await trx
        .selectFrom('client_assessment_settings')
        .select(['reassessment_days', 'reminder_enabled', 'follow_up_days', 'action_reminder_days', 'action_reminder_limit'])
        .where('client_id', '=', id)
        .executeTakeFirst();
      await trx
        .updateTable('clients')
        .set({ work_area: JSON.stringify(body.work_area) })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('client_assessment_settings')
        .values({ client_id: id, ...values })
        .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
        .execute();
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: id,
          action: 'client.assessment_settings.updated',
          target: `client:${id}`,
          address: request.ip,
          details: { before: { work_area: current.work_area, ...(before ?? {}) }, after: { ...body } },
        },
        ctx.now(),
      );
      return true;
    });
    if (!saved) return fail(reply, 404, 'Client not found.');
    return ok(reply, { id }, 'The self-assessment settings have been saved.');
  },
} satisfies AreaHandlers<'clients'>;
