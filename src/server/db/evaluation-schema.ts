import type { ColumnType, Generated } from 'kysely';
import type { Recommendation } from '../../shared/evaluations/observation-form';

/** Kysely types of migration 017 (one-to-one evaluations), joined into `Database` in schema.ts. */
type Json<T> = ColumnType<T, string, string>;
type Created = ColumnType<Date, Date | string | undefined, Date | string>;
type Maybe<T> = ColumnType<T | null, T | null | undefined, T | null>;
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type WorkArea = 'Office' | 'Home' | 'Anywhere' | 'Lab' | 'Travel';
export type RequestStatus = 'requested' | 'scheduled' | 'cancelled' | 'completed';

/** An administrator's assignment of an evaluator or client manager to a client. */
export interface StaffClientAssignmentsTable {
  user_id: number;
  client_id: number;
  assigned_by: number | null;
  assigned_at: Created;
}

/** A request for a one-to-one virtual evaluation (migrations 007 and 017). */
export interface EvaluationRequestsTable {
  id: Generated<number>;
  user_id: number;
  client_id: number;
  preferred_times: string;
  notes: string;
  status: ColumnType<RequestStatus, RequestStatus | undefined, RequestStatus>;
  created_at: Created;
  work_area: ColumnType<WorkArea, WorkArea | undefined, WorkArea>;
  discomfort: ColumnType<Record<string, unknown>, string | undefined, string>;
  time_zone: ColumnType<string, string | undefined, string>;
  assessment_attempt_id: Maybe<string>;
  evaluator_id: Maybe<number>;
  scheduled_at: MaybeTime;
  meeting_url: Maybe<string>;
  invitation_sequence: Generated<number>;
  cancelled_by: Maybe<number>;
  cancel_reason: Maybe<string>;
  updated_at: Created;
  scheduled_first_at: MaybeTime;
  cancelled_at: MaybeTime;
  completed_at: MaybeTime;
}

/** A workstation photo of a request, metadata removed before storing. */
export interface EvaluationRequestPhotosTable {
  id: Generated<string>;
  request_id: number;
  position: number;
  content_type: 'image/jpeg' | 'image/png';
  data: Uint8Array;
  sha256: string;
  size_bytes: number;
  created_at: Created;
}

/** An evaluation report; `status` is a state of manifest/workflows/evaluation.yaml. */
export interface EvaluationsTable {
  id: Generated<number>;
  client_id: number;
  employee_id: number;
  evaluator_id: number;
  request_id: Maybe<number>;
  status: ColumnType<string, string | undefined, string>;
  work_area: WorkArea;
  observations: ColumnType<Record<string, unknown>, string | undefined, string>;
  rosa: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Checked against the call's recommendation schema before each save (manifest/api/evaluations.yaml). */
  recommendations: ColumnType<Recommendation[], string | undefined, string>;
  /** Per language, the client's words by text key, copied when the evaluation starts. */
  client_wording: ColumnType<Record<string, Record<string, string>>, string | undefined, string>;
  version: Generated<number>;
  created_at: Created;
  updated_at: Created;
  submitted_at: MaybeTime;
  finalized_at: MaybeTime;
  /** The report's unguessable address in My Reports (migration 021). */
  report_token: Generated<string>;
}

export interface EvaluationVersionsTable {
  id: Generated<string>;
  evaluation_id: number;
  version: number;
  status: string;
  content: Json<Record<string, unknown>>;
  saved_by: number | null;
  saved_at: Created;
}

export interface EvaluationTransitionsTable {
  id: Generated<string>;
  evaluation_id: number;
  transition: string;
  from_status: string;
  to_status: string;
  actor_id: number | null;
  reason: ColumnType<string, string | undefined, string>;
  at: Created;
}

export interface FollowUpsTable {
  id: Generated<string>;
  evaluation_id: number;
  client_id: number;
  employee_id: number;
  due_at: ColumnType<Date, Date | string, Date | string>;
  reminders_sent: Generated<number>;
  last_reminder_at: MaybeTime;
  answered_at: MaybeTime;
  answers: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Created;
}

export interface EvaluationTables {
  staff_client_assignments: StaffClientAssignmentsTable;
  evaluation_requests: EvaluationRequestsTable;
  evaluation_request_photos: EvaluationRequestPhotosTable;
  evaluations: EvaluationsTable;
  evaluation_versions: EvaluationVersionsTable;
  evaluation_transitions: EvaluationTransitionsTable;
  follow_ups: FollowUpsTable;
}
