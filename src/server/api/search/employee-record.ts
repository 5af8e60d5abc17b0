import type { Kysely } from 'kysely';
import type { Caller } from '../../context';
import type { RequestStatus, WorkArea } from '../../db/evaluation-schema';
import type { Database } from '../../db/schema';
import { canSeeClient, isAssigned } from '../../policies/client-scope';
import { EMPLOYEE_PERMISSION } from '../../../shared/employee-permission';

/**
 * One employee's record (SPEC §2 /user/view-employee and /view-employee-prev, and the client-manager
 * and evaluator variants): profile basics, every submitted self-assessment with its report token,
 * every evaluation request, the evaluations the caller may see and their follow-ups with answers.
 *
 * Which evaluations (SPEC §6, manifest/workflows/evaluation.yaml): our staff assigned to the client
 * (evaluators, client managers) see every status, drafts and reviews included; the client's own
 * programme manager sees only reports that reached them: pending their approval, or finalized.
 */
export const CLIENT_VISIBLE_EVALUATION_STATUSES = ['pending_client_approval', 'finalized'] as const;

export interface EmployeeRecord {
  employee: {
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    region: string | null;
    status: string;
    client_id: number;
    company_name: string;
    created_at: string;
  };
  assessments: { url: string; area: string; submitted_at: string; score: number | null; band: string | null; status: string }[];
  requests: {
    id: number;
    status: RequestStatus;
    work_area: WorkArea;
    created_at: string;
    scheduled_at: string | null;
    completed_at: string | null;
    cancelled_at: string | null;
  }[];
  evaluations: {
    id: number;
    status: string;
    work_area: WorkArea;
    created_at: string;
    submitted_at: string | null;
    finalized_at: string | null;
  }[];
  follow_ups: { id: string; evaluation_id: number; due_at: string; answered_at: string | null; answers: unknown }[];
  /** Whether the caller sees every evaluation status (assigned staff) or only the client-facing ones. */
  all_evaluation_statuses: boolean;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The record, or null when there is no such employee or the caller may not see their client (404). */
export async function loadEmployeeRecord(
  db: Kysely<Database>,
  caller: Caller,
  id: number,
  namedClientId: number | null,
): Promise<EmployeeRecord | null> {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('clients as c', 'c.id', 'u.client_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.region', 'u.status', 'u.client_id', 'c.company_name', 'u.created_at'])
    .where('u.id', '=', id)
    .where('u.role_id', 'in', (eb) => eb.selectFrom('role_permissions').select('role_id').where('permission', '=', EMPLOYEE_PERMISSION))
    .executeTakeFirst();
  if (!user || (namedClientId !== null && namedClientId !== user.client_id) || !(await canSeeClient(db, caller, user.client_id)))
    return null;
  const staff = await isAssigned(db, caller.userId, user.client_id);
  const [assessments, requests, evaluations] = await Promise.all([
    db
      .selectFrom('assessment_attempts')
      .select(['report_token', 'area', 'submitted_at', 'overall_score', 'risk_band', 'report_status'])
      .where('user_id', '=', user.id)
      .where('client_id', '=', user.client_id)
      .where('status', '=', 'submitted')
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute(),
    db
      .selectFrom('evaluation_requests')
      .select(['id', 'status', 'work_area', 'created_at', 'scheduled_at', 'completed_at', 'cancelled_at'])
      .where('user_id', '=', user.id)
      .where('client_id', '=', user.client_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute(),
    db
      .selectFrom('evaluations')
      .select(['id', 'status', 'work_area', 'created_at', 'submitted_at', 'finalized_at'])
      .where('employee_id', '=', user.id)
      .where('client_id', '=', user.client_id)
      .$if(!staff, (qb) => qb.where('status', 'in', [...CLIENT_VISIBLE_EVALUATION_STATUSES]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute(),
  ]);
  const evaluationIds = evaluations.map((e) => e.id);
  const followUps = evaluationIds.length
    ? await db
        .selectFrom('follow_ups')
        .select(['id', 'evaluation_id', 'due_at', 'answered_at', 'answers'])
        .where('employee_id', '=', user.id)
        .where('evaluation_id', 'in', evaluationIds)
        .orderBy('due_at', 'desc')
        .execute()
    : [];
  return {
    employee: { ...user, created_at: iso(user.created_at)! },
    assessments: assessments
      .filter((a) => a.report_token)
      .map((a) => ({
        url: a.report_token!,
        area: a.area,
        submitted_at: iso(a.submitted_at as Date)!,
        score: a.overall_score === null ? null : Number(a.overall_score),
        band: a.risk_band,
        status: a.report_status ?? 'Finalized',
      })),
    requests: requests.map((r) => ({
      ...r,
      created_at: iso(r.created_at)!,
      scheduled_at: iso(r.scheduled_at),
      completed_at: iso(r.completed_at),
      cancelled_at: iso(r.cancelled_at),
    })),
    evaluations: evaluations.map((e) => ({
      ...e,
      created_at: iso(e.created_at)!,
      submitted_at: iso(e.submitted_at),
      finalized_at: iso(e.finalized_at),
    })),
    follow_ups: followUps.map((f) => ({
      id: String(f.id),
      evaluation_id: f.evaluation_id,
      due_at: iso(f.due_at)!,
      answered_at: iso(f.answered_at),
      answers: f.answered_at ? f.answers : null,
    })),
    all_evaluation_statuses: staff,
  };
}
