import { sql } from 'kysely';
import { actionsWaitingGrid, type ActionsWaitingGridSort } from '../../../../generated/grids';
import type { ActionState } from '../../../../generated/workflows';
import { actionTransition, LIVE_ACTION_STATES, WAITING_ACTION_STATES } from '../../../shared/actions/action-rules';
import { audit } from '../../audit/audit';
import { parseDeclaredGridQuery, parseId } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import { cancelJob } from '../../jobs/job-store';
import { NOT_FOUND, visibleClientIds } from '../../policies/client-scope';
import type { AreaHandlers } from '../../http/handler-types';
import { ACTION_REMINDER_JOB } from '../../domain/actions/reminder-job';

const MY_PAGE_DEFAULT = 20;
const MY_PAGE_MAX = 100;
const MOVED_ON = 'This action has already moved on; reload to see where it stands.';
const NOTE_NEEDED = 'Please say why in a note.';

/** Sort keys of manifest/grids/actions_waiting.yaml mapped to columns (a new key is a type error here). */
const WAITING_SORT: Record<ActionsWaitingGridSort, string> = {
  updated_at: 'a.updated_at',
  employee: 'lower(u.last_name || u.first_name)',
  due_at: 'a.due_at',
};

/** A whole number from `min` to `max`, the default when absent, or null. */
function wholeNumber(value: string | undefined, fallback: number, min: number, max: number): number | null {
  if (value === undefined) return fallback;
  const n = Number(value);
  return /^\d+$/.test(value) && n >= min && n <= max ? n : null;
}

/**
 * Corrective actions (SPEC §1 "from finding to fixed"; manifest/api/actions.yaml,
 * manifest/workflows/action.yaml). Every move is one conditional UPDATE (… WHERE state IN (from)
 * RETURNING): of two tabs moving the same action, one wins and the other is answered 409, never both.
 * An employee's action belongs to them and their client; a handler sees only the clients the client
 * scope policy gives them. Anything else answers 404, as if it did not exist.
 */
export const actionHandlers = {
  async my_actions_list(ctx, request, reply) {
    const caller = request.caller;
    const start = wholeNumber(request.query.start, 0, 0, 1_000_000);
    const size = wholeNumber(request.query.size, MY_PAGE_DEFAULT, 1, MY_PAGE_MAX);
    if (start === null) return fail(reply, 400, 'start must be a whole number from 0 to 1000000.');
    if (size === null) return fail(reply, 400, `size must be a whole number from 1 to ${MY_PAGE_MAX}.`);
    const state = request.query.state;
    const now = ctx.now();
    const rows = await ctx.db
      .selectFrom('corrective_actions')
      .select([
        'id',
        'title',
        'detail',
        'priority',
        'state',
        'source',
        'due_at',
        'created_at',
        'updated_at',
        'note',
        'close_reason',
        'finding_key',
        sql<string>`count(*) OVER ()`.as('total'),
      ])
      .where('user_id', '=', caller.userId)
      .where('client_id', '=', caller.clientId)
      .$if(state === 'live', (q) => q.where('state', 'in', [...LIVE_ACTION_STATES]))
      .$if(state !== undefined && state !== 'live', (q) => q.where('state', '=', state!))
      // Live ones first, the soonest due first; then the rest, newest first.
      .orderBy(
        sql`CASE WHEN state = 'open' THEN 0 WHEN state IN ('need_help', 'not_possible') THEN 1 WHEN state = 'done' THEN 2 ELSE 3 END`,
      )
      .orderBy(sql`CASE WHEN state = 'open' THEN due_at END`)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .offset(start)
      .limit(size)
      .execute();
    return ok(reply, {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.map(({ total: _total, ...r }) => ({
        ...r,
        state: r.state as ActionState,
        overdue: r.state === 'open' && new Date(r.due_at).getTime() < now.getTime(),
      })),
    });
  },

  async my_action_move(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    if (!id) return fail(reply, 404, NOT_FOUND);
    const transition = actionTransition(request.payload.transition);
    const note = (request.payload.note ?? '').trim();
    if (transition.requires.includes('reason') && !note) return fail(reply, 400, NOTE_NEEDED, { note: NOTE_NEEDED });
    const now = ctx.now();
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('corrective_actions')
        .set({ state: transition.to, note: note || null, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', caller.userId)
        .where('client_id', '=', caller.clientId)
        .where('state', 'in', [...transition.from])
        .returning(['id', 'state', 'updated_at'])
        .executeTakeFirst();
      if (!moved) {
        const mine = await trx
          .selectFrom('corrective_actions')
          .select('id')
          .where('id', '=', id)
          .where('user_id', '=', caller.userId)
          .where('client_id', '=', caller.clientId)
          .executeTakeFirst();
        return mine ? 409 : 404;
      }
      // The owner has answered: no reminder is due any more.
      await cancelJob(trx, `${ACTION_REMINDER_JOB}:${id}`);
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: caller.clientId,
          action: `action.${transition.name}`,
          target: `action:${id}`,
          address: request.ip,
          details: { before: { state: transition.from.join('|') }, after: { state: transition.to }, note },
        },
        now,
      );
      return moved;
    });
    if (outcome === 404) return fail(reply, 404, NOT_FOUND);
    if (outcome === 409) return fail(reply, 409, MOVED_ON);
    return ok(reply, { id: outcome.id, state: outcome.state as 'done' | 'not_possible' | 'need_help', updated_at: outcome.updated_at });
  },

  async actions_clients(ctx, request, reply) {
    const ids = await visibleClientIds(ctx.db, request.caller);
    const clients =
      ids.length === 0
        ? []
        : await ctx.db.selectFrom('clients').select(['id', 'company_name']).where('id', 'in', ids).orderBy('company_name').execute();
    return ok(reply, { clients });
  },

  /**
   * The grid manifest/grids/actions_waiting.yaml: actions needing help or not possible of the clients
   * the caller serves (their own as its programme manager, those assigned to them as our staff).
   */
  async actions_waiting_list(ctx, request, reply) {
    const q = parseDeclaredGridQuery(request.query, actionsWaitingGrid);
    if (typeof q === 'string') return fail(reply, 400, q);
    const visible = await visibleClientIds(ctx.db, request.caller);
    const clientId = q.filters.client_id === undefined ? null : parseId(q.filters.client_id);
    if (clientId !== null && !visible.includes(clientId)) return fail(reply, 404, NOT_FOUND);
    const clients = clientId === null ? visible : [clientId];
    const states = q.filters.state ? [q.filters.state] : [...WAITING_ACTION_STATES];
    if (clients.length === 0) return ok(reply, { rows: [], total: 0 });
    const rows = await ctx.db
      .selectFrom('corrective_actions as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .innerJoin('clients as c', 'c.id', 'a.client_id')
      .select([
        'a.id',
        'a.client_id',
        'c.company_name',
        sql<string>`u.first_name || ' ' || u.last_name`.as('employee'),
        'u.email',
        'a.title',
        'a.priority',
        'a.state',
        'a.note',
        'a.due_at',
        'a.updated_at',
        sql<string>`count(*) OVER ()`.as('total'),
      ])
      .where('a.client_id', 'in', clients)
      .where('a.state', 'in', states)
      .orderBy(sql.raw(WAITING_SORT[q.sort]), q.dir)
      .orderBy('a.id', q.dir)
      .offset(q.start)
      .limit(q.size)
      .execute();
    return ok(reply, {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.map(({ total: _total, ...r }) => ({ ...r, state: r.state as 'need_help' | 'not_possible' })),
    });
  },

  async action_close(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    if (!id) return fail(reply, 404, NOT_FOUND);
    const transition = actionTransition('close');
    const reason = request.payload.reason.trim();
    const now = ctx.now();
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const visible = await visibleClientIds(trx, caller);
      if (visible.length === 0) return 404;
      const before = await trx
        .selectFrom('corrective_actions')
        .select(['id', 'client_id'])
        .where('id', '=', id)
        .where('client_id', 'in', visible)
        .executeTakeFirst();
      if (!before) return 404;
      // The state is checked by the update itself: of two handlers closing at once, one wins.
      const moved = await trx
        .updateTable('corrective_actions as a')
        .from(trx.selectFrom('corrective_actions').select(['id', 'state']).where('id', '=', id).forUpdate().as('old'))
        .set({ state: transition.to, close_reason: reason, closed_by: caller.userId, updated_at: now })
        .whereRef('a.id', '=', 'old.id')
        .where('a.state', 'in', [...transition.from])
        .returning(['a.id', 'a.updated_at', 'old.state as before'])
        .executeTakeFirst();
      if (!moved) return 409;
      await audit(
        trx,
        {
          actorId: caller.userId,
          actorEmail: caller.email,
          clientId: before.client_id,
          action: `action.${transition.name}`,
          target: `action:${id}`,
          address: request.ip,
          details: { before: { state: moved.before }, after: { state: transition.to }, reason },
        },
        now,
      );
      return moved;
    });
    if (outcome === 404) return fail(reply, 404, NOT_FOUND);
    if (outcome === 409) return fail(reply, 409, MOVED_ON);
    return ok(reply, { id: outcome.id, state: 'closed', updated_at: outcome.updated_at });
  },
} satisfies AreaHandlers<'actions'>;
