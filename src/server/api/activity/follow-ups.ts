import { sql, type Kysely } from 'kysely';
import { suppressed } from '../../../shared/dashboards/small-groups';
import type { Database } from '../../db/schema';
import { activityFollowUpsGrid, type ActivityFollowUpsGridSort } from '../../../../generated/grids';
import { parseDeclaredGridQuery } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { clientOf, n, oneOf, pickableClients, rangeDays, rangeOf, type Range } from '../../domain/dashboards/scope';
import { ANSWER_WINDOW_DAYS } from '../../domain/dashboards/figure-definitions';

/**
 * SPEC §2 /user/follow-up-feedback and /client-followups/:id?: the follow-up questions sent to
 * employees after a finalized evaluation, and what they answered.
 *
 * A follow-up is *scheduled* before its due date, *due* for ANSWER_WINDOW_DAYS from it, *overdue*
 * after that without an answer, *answered* once the employee has answered.
 *
 * The page's period (`from`, `to`, `tz`: scope.ts `rangeOf`, as on the other activity pages): an
 * answered follow-up counts in the period its answer arrived in ("Follow-ups answered" of
 * figure-definitions.ts), one not yet answered in the period it was set up in (its report's
 * finalization), so the period's scheduled, due and overdue follow-ups are the ones it started.
 */
export const FOLLOW_UP_STATES = ['scheduled', 'due', 'overdue', 'answered'] as const;
type State = (typeof FOLLOW_UP_STATES)[number];
const DAY = 86_400_000;
const OUTCOMES = ['done', 'in_progress', 'not_done'] as const;

/**
 * The answers as the employee's follow-up answer stores them (follow_ups.answers): { recommendations:
 * [{ label, priority, status: done|in_progress|not_done }] in the report's order (older rows name an
 * `index` instead of a label), discomfort: { Cornell region: { frequency, discomfort, interference } },
 * comment }. Read defensively: a missing part is simply absent.
 */
interface AnsweredRecommendation {
  index?: number;
  label?: string;
  status: (typeof OUTCOMES)[number];
}
export interface FollowUpAnswers {
  readonly recommendations: AnsweredRecommendation[];
  readonly discomfort: Record<string, { frequency?: number; discomfort?: number; interference?: number }>;
  readonly comment: string;
}
export function readAnswers(raw: unknown): FollowUpAnswers | null {
  if (!raw || typeof raw !== 'object') return null;
  const a = raw as Record<string, unknown>;
  const recommendations = Array.isArray(a.recommendations)
    ? a.recommendations.filter(
        (r): r is AnsweredRecommendation =>
          !!r && typeof r === 'object' && (OUTCOMES as readonly string[]).includes((r as { status?: string }).status ?? ''),
      )
    : [];
  const discomfort =
    a.discomfort && typeof a.discomfort === 'object' && !Array.isArray(a.discomfort) ? (a.discomfort as FollowUpAnswers['discomfort']) : {};
  return { recommendations, discomfort, comment: typeof a.comment === 'string' ? a.comment.slice(0, 2000) : '' };
}

function followUps(db: Kysely<Database>, clientId: number, state: State | undefined, now: Date, range: Range) {
  let q = db
    .selectFrom('follow_ups as f')
    .innerJoin('users as u', 'u.id', 'f.employee_id')
    .innerJoin('evaluations as v', 'v.id', 'f.evaluation_id')
    .where('f.client_id', '=', clientId)
    .where((eb) =>
      eb.or([
        eb.and([eb('f.answered_at', '>=', range.from), eb('f.answered_at', '<', range.to)]),
        eb.and([eb('f.answered_at', 'is', null), eb('f.created_at', '>=', range.from), eb('f.created_at', '<', range.to)]),
      ]),
    );
  const windowStart = new Date(now.getTime() - ANSWER_WINDOW_DAYS * DAY);
  if (state === 'answered') q = q.where('f.answered_at', 'is not', null);
  if (state === 'scheduled') q = q.where('f.answered_at', 'is', null).where('f.due_at', '>', now);
  if (state === 'due') q = q.where('f.answered_at', 'is', null).where('f.due_at', '<=', now).where('f.due_at', '>=', windowStart);
  if (state === 'overdue') q = q.where('f.answered_at', 'is', null).where('f.due_at', '<', windowStart);
  return q;
}

function stateOf(row: { answered_at: Date | null; due_at: Date }, now: Date): State {
  if (row.answered_at) return 'answered';
  const due = new Date(row.due_at).getTime();
  if (due > now.getTime()) return 'scheduled';
  return due >= now.getTime() - ANSWER_WINDOW_DAYS * DAY ? 'due' : 'overdue';
}

export async function followUpFigures(db: Kysely<Database>, clientId: number, now: Date, range: Range) {
  const counts = Object.fromEntries(
    await Promise.all(
      FOLLOW_UP_STATES.map(
        async (s) =>
          [
            s,
            // SPEC §1 small groups: a state's count is about the employees in it.
            await followUps(db, clientId, s, now, range)
              .select((eb) => [eb.fn.countAll<string>().as('c'), sql<string>`count(DISTINCT f.employee_id)`.as('people')])
              .executeTakeFirst()
              .then((r) => suppressed(n(r?.people), n(r?.c))),
          ] as const,
      ),
    ),
  );
  const answered = await followUps(db, clientId, 'answered', now, range).select(['f.answers', 'f.employee_id']).execute();
  const outcomes = { done: 0, in_progress: 0, not_done: 0 };
  let better = 0;
  let comments = 0;
  for (const row of answered) {
    const a = readAnswers(row.answers);
    if (!a) continue;
    for (const r of a.recommendations) outcomes[r.status] += 1;
    if (a.comment.trim()) comments += 1;
    if (Object.keys(a.discomfort).length === 0) better += 1;
  }
  const employees = new Set(answered.map((r) => r.employee_id)).size;
  return {
    range: rangeDays(range),
    counts: counts as Record<State, number | null>,
    answer_window_days: ANSWER_WINDOW_DAYS,
    // Outcomes are about the employees who answered; fewer than five could be told apart (SPEC §1).
    outcomes: {
      answered: answered.length > 0,
      employees: suppressed(employees, employees),
      recommendations: suppressed(employees, outcomes),
      without_discomfort: suppressed(employees, better),
      comments: suppressed(employees, comments),
    },
  };
}

/** Each sort key of manifest/grids/ to its column: a key added there is a type error here until it can be sorted by. */
const SORTABLE: Record<ActivityFollowUpsGridSort, string> = { due_at: 'f.due_at', answered_at: 'f.answered_at', employee: 'u.last_name' };

export const followUpActivityHandlers = {
  async activity_follow_ups(ctx, request, reply) {
    const range = rangeOf(request.query, ctx.now());
    if (typeof range === 'string') return fail(reply, 400, range);
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    return ok(reply, {
      client_id: clientId,
      clients: await pickableClients(ctx, request),
      ...(await followUpFigures(ctx.db, clientId, ctx.now(), range)),
    });
  },
  async activity_follow_up_rows(ctx, request, reply) {
    const range = rangeOf(request.query, ctx.now());
    if (typeof range === 'string') return fail(reply, 400, range);
    const clientId = await clientOf(ctx, request, reply);
    if (clientId === null) return reply;
    const query = request.query;
    const state = oneOf(query.state, FOLLOW_UP_STATES, 'state');
    if (typeof state === 'object') return fail(reply, 400, state.error);
    const grid = parseDeclaredGridQuery(query, activityFollowUpsGrid);
    if (typeof grid === 'string') return fail(reply, 400, grid);
    const now = ctx.now();
    const rows = await followUps(ctx.db, clientId, state, now, range)
      .select([
        'f.id',
        'f.due_at',
        'f.answered_at',
        'f.answers',
        'f.reminders_sent',
        'u.first_name',
        'u.last_name',
        'u.email',
        'v.work_area',
        'v.recommendations',
      ])
      .orderBy(sql.ref(SORTABLE[grid.sort]), sql.raw(`${query.sort ? grid.dir : 'desc'} NULLS LAST`))
      .orderBy('f.id', 'desc')
      .limit(grid.size)
      .offset(grid.start)
      .execute();
    const total = n(
      (
        await followUps(ctx.db, clientId, state, now, range)
          .select((eb) => eb.fn.countAll<string>().as('c'))
          .executeTakeFirst()
      )?.c,
    );
    return ok(reply, {
      total,
      rows: rows.map((r) => {
        const answers = readAnswers(r.answers);
        const recs = Array.isArray(r.recommendations) ? (r.recommendations as { text?: string; catalogue_key?: string }[]) : [];
        return {
          id: String(r.id),
          employee: `${r.first_name} ${r.last_name}`,
          email: r.email,
          area: r.work_area,
          due_at: r.due_at,
          answered_at: r.answered_at,
          reminders_sent: r.reminders_sent,
          state: stateOf(r, now),
          recommendations:
            answers?.recommendations.map((a, i) => {
              const rec = recs[a.index ?? i];
              return {
                status: a.status,
                text:
                  typeof a.label === 'string'
                    ? a.label.slice(0, 500)
                    : (rec?.text ?? rec?.catalogue_key ?? `Recommendation ${(a.index ?? i) + 1}`),
              };
            }) ?? [],
          discomfort_regions: answers ? Object.keys(answers.discomfort) : [],
          comment: answers?.comment ?? '',
        };
      }),
    });
  },
} satisfies AreaHandlers<'activity'>;
