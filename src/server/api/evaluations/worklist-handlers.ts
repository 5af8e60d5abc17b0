import type { NotNull } from 'kysely';
import { evaluationWorkflow } from '../../../../generated/workflows';
import { stateOf } from '../../../shared/workflow';
import type { AppContext } from '../../context';
import { ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { assignedClientIds, PROGRAMME_MANAGER_PERMISSION } from '../../policies/client-scope';
import { holds } from '../../context';
import { REVIEWER_PERMISSION, reviewQueueStates, statesActedOnBy } from '../../domain/evaluations/review-queue';
import type { Permission } from '../../../../generated/permissions';

const AUTHOR_PERMISSION: Permission = 'evaluator-start-new-evaluation';
const LIMIT = 200;

function reports(ctx: AppContext) {
  return ctx.db
    .selectFrom('evaluations as e')
    .innerJoin('users as u', 'u.id', 'e.employee_id')
    .innerJoin('users as a', 'a.id', 'e.evaluator_id')
    .innerJoin('clients as c', 'c.id', 'e.client_id')
    .select([
      'e.id',
      'e.client_id',
      'c.company_name',
      'e.employee_id',
      'u.first_name',
      'u.last_name',
      'a.email as author',
      'e.evaluator_id',
      'e.request_id',
      'e.work_area',
      'e.status',
      'e.version',
      'e.created_at',
      'e.updated_at',
      'e.submitted_at',
    ])
    .orderBy('e.updated_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(LIMIT);
}
type ReportRow = Awaited<ReturnType<ReturnType<typeof reports>['execute']>>[number];
const shown = ({ first_name, last_name, ...row }: ReportRow) => {
  const state = stateOf(evaluationWorkflow, row.status);
  return { ...row, employee: `${first_name} ${last_name}`, editable: Boolean(state?.editable) };
};

/**
 * SPEC §2 /user/evaluator, /editsurvey, /editclientreport: the lists a caller works from, one per
 * permission they hold (a list they may not see is null). Each lists at most 200 rows, latest first.
 */
export const worklistHandlers = {
  async evaluation_worklist(ctx, request, reply) {
    const caller = request.caller;
    const may = (permission: Permission) => holds(caller, permission);
    const assigned = may(AUTHOR_PERMISSION) || may(REVIEWER_PERMISSION) ? await assignedClientIds(ctx.db, caller.userId) : [];
    const [mine, meetings, review, approval] = await Promise.all([
      may(AUTHOR_PERMISSION) && assigned.length
        ? reports(ctx).where('e.evaluator_id', '=', caller.userId).where('e.client_id', 'in', assigned).execute()
        : null,
      // Booked meetings the caller claimed (SPEC §1): the report is written after the call.
      may(AUTHOR_PERMISSION) && assigned.length
        ? ctx.db
            .selectFrom('evaluation_requests as r')
            .innerJoin('users as u', 'u.id', 'r.user_id')
            .innerJoin('clients as c', 'c.id', 'r.client_id')
            .select([
              'r.id',
              'r.client_id',
              'c.company_name',
              'r.user_id as employee_id',
              'u.first_name',
              'u.last_name',
              'r.work_area',
              'r.scheduled_at',
              'r.meeting_url',
              'r.time_zone',
            ])
            .where('r.status', '=', 'scheduled')
            // Migration 017's CHECK evaluation_requests_scheduled: a scheduled request has its time and meeting.
            .$narrowType<{ scheduled_at: NotNull; meeting_url: NotNull }>()
            .where('r.evaluator_id', '=', caller.userId)
            .where('r.client_id', 'in', assigned)
            .orderBy('r.scheduled_at')
            .limit(LIMIT)
            .execute()
        : null,
      may(REVIEWER_PERMISSION) && assigned.length
        ? reports(ctx)
            .where('e.status', 'in', reviewQueueStates())
            .where('e.evaluator_id', '!=', caller.userId)
            .where('e.client_id', 'in', assigned)
            .execute()
        : null,
      may(PROGRAMME_MANAGER_PERMISSION)
        ? reports(ctx)
            .where('e.client_id', '=', caller.clientId)
            .where('e.status', 'in', statesActedOnBy(PROGRAMME_MANAGER_PERMISSION))
            .execute()
        : null,
    ]);
    const none = (held: boolean) => (held ? [] : null);
    return ok(reply, {
      mine: mine ? mine.map(shown) : none(may(AUTHOR_PERMISSION)),
      meetings: meetings
        ? meetings.map(({ first_name, last_name, ...m }) => ({ ...m, employee: `${first_name} ${last_name}` }))
        : none(may(AUTHOR_PERMISSION)),
      review: review ? review.map(shown) : none(may(REVIEWER_PERMISSION)),
      approval: approval ? approval.map(shown) : none(may(PROGRAMME_MANAGER_PERMISSION)),
    });
  },
} satisfies AreaHandlers<'evaluations'>;
