import { overviewAttemptsGrid, overviewRequestsGrid } from '../../../../generated/grids';
import { parseDeclaredGridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import { NOT_FOUND, visibleClientIds } from '../../policies/client-scope';
import type { AreaHandlers } from '../../http/handler-types';
import { drillQuery, drillRecords } from './overview-drill';
import { followUpFigures, overviewFigures, pipelineFigures } from './overview-figures';
import { overviewParams } from '../../domain/dashboards/overview-params';
import { attentionItems } from './overview-attention';
import { headlineFigures } from './overview-headline';
import { sharedFigures } from './overview-shared';
import { outcomeFigures } from './overview-outcomes';
import { trainingFigures } from './overview-training';

/** SPEC §2 /program-overview: the client's figures, and the records behind each figure. */
export const overviewHandlers = {
  async program_overview(ctx, request, reply) {
    const caller = request.caller;
    const params = await overviewParams(ctx.db, caller, request.query, ctx.now());
    if (params === null) return fail(reply, 404, NOT_FOUND);
    if (typeof params === 'string') return fail(reply, 400, params);
    const visible = await visibleClientIds(ctx.db, caller);
    const clients = visible.length
      ? await ctx.db
          .selectFrom('clients')
          .select(['id', 'company_name', 'regions'])
          .where('id', 'in', visible)
          .orderBy('company_name')
          .execute()
      : [];
    const client =
      clients.find((c) => c.id === params.clientId) ??
      (await ctx.db
        .selectFrom('clients')
        .select(['id', 'company_name', 'regions'])
        .where('id', '=', params.clientId)
        .executeTakeFirstOrThrow());
    const targets = await ctx.db
      .selectFrom('clients')
      .select(['participation_target_pct', 'high_risk_ceiling_pct'])
      .where('id', '=', params.clientId)
      .executeTakeFirstOrThrow();
    // Eligible employees, reports finalized and the period's totals are read once for all the parts.
    const shared = sharedFigures(ctx.db, params);
    const [selfAssessments, pipeline, followUps, headline, attention] = await Promise.all([
      overviewFigures(ctx.db, params, ctx.now(), shared),
      pipelineFigures(ctx.db, params, shared),
      followUpFigures(ctx.db, params),
      headlineFigures(ctx.db, params, { participation: targets.participation_target_pct, highRisk: targets.high_risk_ceiling_pct }, shared),
      attentionItems(ctx.db, caller, params, ctx.now()),
    ]);
    const regions =
      typeof client.regions === 'string' ? (JSON.parse(client.regions) as string[]) : ((client.regions as string[] | null) ?? []);
    return ok(reply, {
      client: { id: client.id, name: client.company_name, regions },
      clients: clients.map((c) => ({ id: c.id, name: c.company_name })),
      period: { from_month: params.fromMonth, to_month: params.toMonth, regions: params.regions },
      ...selfAssessments,
      pipeline,
      follow_ups: followUps,
      headline,
      attention,
    });
  },

  /** The risk-reduction panel (docs/product.md "Outcomes: the risk-reduction panel"), loaded beside the overview. */
  async program_overview_outcomes(ctx, request, reply) {
    const params = await overviewParams(ctx.db, request.caller, request.query, ctx.now());
    if (params === null) return fail(reply, 404, NOT_FOUND);
    if (typeof params === 'string') return fail(reply, 400, params);
    const targets = await ctx.db
      .selectFrom('clients')
      .select([
        'moved_out_target_pct',
        'rosa_drop_target',
        'discomfort_drop_target_pct',
        'overdue_ceiling_pct',
        'cost_per_move_target',
        'equipment_currency',
      ])
      .where('id', '=', params.clientId)
      .executeTakeFirstOrThrow();
    return ok(reply, await outcomeFigures(ctx.db, params, targets, ctx.now()));
  },

  /** The training panel (docs/product.md "Training: the programme manager's figures"), loaded beside the overview. */
  async program_overview_training(ctx, request, reply) {
    const params = await overviewParams(ctx.db, request.caller, request.query, ctx.now());
    if (params === null) return fail(reply, 404, NOT_FOUND);
    if (typeof params === 'string') return fail(reply, 400, params);
    return ok(reply, await trainingFigures(ctx.db, params, request.caller.profile.language, ctx.now()));
  },

  async program_overview_records(ctx, request, reply) {
    const query = request.query;
    const params = await overviewParams(ctx.db, request.caller, query, ctx.now());
    if (params === null) return fail(reply, 404, NOT_FOUND);
    if (typeof params === 'string') return fail(reply, 400, params);
    const drill = drillQuery(query);
    if (typeof drill === 'string') return fail(reply, 400, drill);
    // Only the declared order (newest first) is accepted (manifest/grids/overview_*.yaml).
    const declared = parseDeclaredGridQuery(query, drill.kind === 'request_status' ? overviewRequestsGrid : overviewAttemptsGrid);
    if (typeof declared === 'string') return fail(reply, 400, declared);
    return ok(reply, await drillRecords(ctx.db, params, drill));
  },
} satisfies AreaHandlers<'dashboards'>;
