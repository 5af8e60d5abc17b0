import { sql } from 'kysely';
import { evaluationWorkflow } from '../../../../generated/workflows';
import { stateOf } from '../../../shared/workflow';
import { coded, codedRefusal, englishOf } from '../../../shared/server-messages';
import { CLIENT_READABLE_EVALUATION_STATES, stateTerm } from '../../../shared/workflow-terms';
import { audit } from '../../audit/audit';
import type { AppContext, Caller } from '../../context';
import type { WorkArea } from '../../db/evaluation-schema';
import { parseId } from '../../http/grid-query';
import { fail, failWith, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { contentOf, keepVersion, lockEvaluation } from './evaluation-store';
import { fireTransition } from './fire-transition';
import { startRefusal } from './start-refusal';
import { canSeeClient, isAssigned, NOT_FOUND } from '../../policies/client-scope';
import { availableTransitions } from './workflow-engine';
import { observationProblem, recommendationProblem, rosaOf, type Observations } from '../../../shared/evaluations/observation-form';

type Refused = { status: 403 | 404 | 409; message: string };
type Started = { id: number; status: string; version: number; resumed: boolean };
/** States a client's programme manager may read: from the moment a report is sent to them. */
const CLIENT_READABLE = new Set<string>(CLIENT_READABLE_EVALUATION_STATES);

/** The evaluation as its reader may see it, or null (404) for a record of a client the caller does not serve. */
async function readable(ctx: AppContext, caller: Caller, id: number | null) {
  const row = id ? await ctx.db.selectFrom('evaluations').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) return null;
  if (await isAssigned(ctx.db, caller.userId, row.client_id)) return row;
  return CLIENT_READABLE.has(row.status) && (await canSeeClient(ctx.db, caller, row.client_id)) ? row : null;
}

/**
 * Evaluation reports (SPEC §2 /new-evaluation/:cid/:uid, /editsurvey; SPEC §3 statuses): an evaluator
 * starts one for an employee of an assigned client, with or without a request; the author saves the
 * draft (refused when someone saved since: lost-update check on `version`); transitions follow
 * manifest/workflows/evaluation.yaml (fire-transition.ts).
 */
export const evaluationHandlers = {
  async evaluation_start(ctx, request, reply) {
    const caller = request.caller;
    const body = request.payload;
    // Only an employee of the client (a user of the employee site, SPEC §6 site-ergo-ally-site-view) is evaluated.
    const employee = await ctx.db
      .selectFrom('users as u')
      .select(['u.id', 'u.client_id'])
      .where('u.id', '=', body.employee_id)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('role_permissions as p')
            .select('p.role_id')
            .whereRef('p.role_id', '=', 'u.role_id')
            .where('p.permission', '=', 'site-ergo-ally-site-view'),
        ),
      )
      .executeTakeFirst();
    // The page's address names the client (/user/new-evaluation/:cid/:uid): an employee of another client is not found.
    if (!employee || (body.client_id !== undefined && body.client_id !== employee.client_id)) return fail(reply, 404, NOT_FOUND);
    const now = ctx.now();
    const outcome = await ctx.db.transaction().execute(async (trx): Promise<Refused | Started> => {
      let clientId = employee.client_id;
      let workArea: WorkArea = body.work_area ?? 'Office';
      if (body.request_id) {
        const linked = await trx
          .selectFrom('evaluation_requests')
          .select(['id', 'user_id', 'client_id'])
          .where('id', '=', body.request_id)
          .executeTakeFirst();
        if (!linked || linked.user_id !== employee.id || !(await isAssigned(trx, caller.userId, linked.client_id)))
          return { status: 404, message: NOT_FOUND };
        // Starting is idempotent: the caller's own report for this request is reopened.
        const own = await trx
          .selectFrom('evaluations')
          .select(['id', 'status', 'version'])
          .where('request_id', '=', linked.id)
          .where('evaluator_id', '=', caller.userId)
          .executeTakeFirst();
        if (own) return { ...own, resumed: true };
        // Taking the request off the shared queue is one conditional UPDATE: of two evaluators pressing
        // Start at once, exactly one changes the row and the other is told who has it (409).
        const taken = await trx
          .updateTable('evaluation_requests')
          .set({ status: 'completed', completed_at: now, updated_at: now })
          .where('id', '=', linked.id)
          .where((eb) =>
            eb.or([eb('status', '=', 'requested'), eb.and([eb('status', '=', 'scheduled'), eb('evaluator_id', '=', caller.userId)])]),
          )
          .returning(['client_id', 'work_area'])
          .executeTakeFirst();
        if (!taken) return startRefusal(trx, linked.id, caller.userId);
        clientId = taken.client_id;
        workArea = body.work_area ?? taken.work_area;
      } else if (!(await isAssigned(trx, caller.userId, clientId))) {
        return { status: 404, message: NOT_FOUND };
      } else {
        // Without a request, a reload must not make a second draft: the employee's row is locked so
        // two starts queue, then the caller's open draft is reopened.
        await trx.selectFrom('users').select('id').where('id', '=', employee.id).forUpdate().execute();
        const draft = await trx
          .selectFrom('evaluations')
          .select(['id', 'status', 'version'])
          .where('employee_id', '=', employee.id)
          .where('evaluator_id', '=', caller.userId)
          .where('request_id', 'is', null)
          .where('status', '=', evaluationWorkflow.initial)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (draft) return { ...draft, resumed: true };
      }
      const row = await trx
        .insertInto('evaluations')
        .values({
          client_id: clientId,
          employee_id: employee.id,
          evaluator_id: caller.userId,
          request_id: body.request_id ?? null,
          status: evaluationWorkflow.initial,
          work_area: workArea,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'version'])
        .executeTakeFirstOrThrow();
      await keepVersion(
        trx,
        row.id,
        row.version,
        evaluationWorkflow.initial,
        contentOf({ work_area: workArea, observations: {}, rosa: {}, recommendations: [], client_wording: {} }),
        caller.userId,
        now,
      );
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId,
          action: 'evaluation.started',
          target: `evaluation:${row.id}`,
          address: request.ip,
          details: { employee_id: employee.id, request_id: body.request_id ?? null },
        },
        now,
      );
      return { id: row.id, status: evaluationWorkflow.initial, version: row.version, resumed: false };
    });
    if (!('id' in outcome)) return failWith(reply, outcome);
    return ok(reply, outcome, outcome.resumed ? 'Your draft has been reopened.' : 'The evaluation has been started.');
  },

  async evaluation_get(ctx, request, reply) {
    const caller = request.caller;
    const row = await readable(ctx, caller, parseId(request.params.id));
    if (!row) return fail(reply, 404, NOT_FOUND);
    const [client, transitions, versions, people] = await Promise.all([
      ctx.db
        .selectFrom('clients')
        .select(['company_name', 'evaluation_approval_required'])
        .where('id', '=', row.client_id)
        .executeTakeFirstOrThrow(),
      ctx.db
        .selectFrom('evaluation_transitions')
        .leftJoin('users', 'users.id', 'evaluation_transitions.actor_id')
        .select([
          'evaluation_transitions.transition',
          'evaluation_transitions.from_status',
          'evaluation_transitions.to_status',
          'evaluation_transitions.reason',
          'evaluation_transitions.at',
          // People by name, as the report names them (an address is not what a reader knows them by).
          sql<string | null>`users.first_name || ' ' || users.last_name`.as('actor'),
        ])
        .where('evaluation_id', '=', row.id)
        .orderBy('evaluation_transitions.id')
        .execute(),
      ctx.db
        .selectFrom('evaluation_versions as v')
        .leftJoin('users', 'users.id', 'v.saved_by')
        .select(['v.version', 'v.status', 'v.saved_at', sql<string | null>`users.first_name || ' ' || users.last_name`.as('saved_by')])
        .where('v.evaluation_id', '=', row.id)
        .orderBy('v.version')
        .execute(),
      ctx.db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('id', 'in', [row.employee_id, row.evaluator_id])
        .execute(),
    ]);
    const person = (id: number) => {
      const p = people.find((u) => u.id === id);
      return p ? { name: `${p.first_name} ${p.last_name}`, email: p.email } : null;
    };
    const state = stateOf(evaluationWorkflow, row.status);
    const facts = {
      status: row.status,
      evaluatorId: row.evaluator_id,
      clientId: row.client_id,
      recommendations: row.recommendations,
      approvalRequired: client.evaluation_approval_required,
    };
    return ok(reply, {
      evaluation: {
        ...row,
        company_name: client.company_name,
        employee: person(row.employee_id),
        author: person(row.evaluator_id),
        state: state ? { colour: state.colour, editable: state.editable } : null,
      },
      can_edit: Boolean(state?.editable) && row.evaluator_id === caller.userId,
      transitions: availableTransitions(facts, caller),
      history: transitions,
      versions,
    });
  },

  async evaluation_save(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    const body = request.payload;
    // Observations and catalogue keys as declared in content/evaluations/ (src/shared/evaluations/observation-form.ts).
    const problem = observationProblem(body.observations ?? {}) ?? recommendationProblem(body.recommendations ?? []);
    if (problem) return fail(reply, 400, problem);
    const now = ctx.now();
    const outcome = await ctx.db.transaction().execute(async (trx): Promise<Refused | { id: number; version: number }> => {
      const row = id ? await lockEvaluation(trx, id) : undefined;
      if (!row || !(await isAssigned(trx, caller.userId, row.client_id))) return { status: 404, message: NOT_FOUND };
      if (row.evaluator_id !== caller.userId) return { status: 403, message: 'Only the evaluator who wrote the report can change it.' };
      if (!stateOf(evaluationWorkflow, row.status)?.editable)
        return codedRefusal(
          409,
          coded('evaluation.locked', {
            state: stateTerm(row.status),
          }),
        );
      if (body.version !== row.version)
        return { status: 409, message: 'The report was changed since you opened it; reload it and make your changes again.' };
      // The evaluator's ROSA is scored here from the observations saved, so the stored score always matches them.
      const rosa = body.observations ? rosaOf(body.observations as Observations) : (body.rosa ?? row.rosa);
      const next = {
        ...row,
        work_area: body.work_area ?? row.work_area,
        observations: body.observations ?? row.observations,
        rosa,
        recommendations: body.recommendations ?? row.recommendations,
      };
      const version = row.version + 1;
      await trx
        .updateTable('evaluations')
        .set({
          work_area: next.work_area,
          observations: JSON.stringify(next.observations),
          rosa: JSON.stringify(next.rosa),
          recommendations: JSON.stringify(next.recommendations),
          version,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute();
      await keepVersion(trx, row.id, version, row.status, contentOf(next), caller.userId, now);
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: row.client_id,
          action: 'evaluation.saved',
          target: `evaluation:${row.id}`,
          address: request.ip,
          details: { version },
        },
        now,
      );
      return { id: row.id, version };
    });
    if ('status' in outcome) return failWith(reply, outcome);
    return ok(reply, { id: outcome.id, version: outcome.version }, 'The draft has been saved.');
  },

  async evaluation_transition(ctx, request, reply) {
    const body = request.payload;
    const outcome = await fireTransition(ctx, request, parseId(request.params.id), body);
    if ('status' in outcome) return failWith(reply, outcome);
    // The English sentence for API clients (SPEC §8); the web app words `outcome.state` itself.
    return ok(reply, outcome, englishOf(coded('evaluation.now_in_state', { state: stateTerm(outcome.state) })));
  },
} satisfies AreaHandlers<'evaluations'>;
