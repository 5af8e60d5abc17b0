import type { ColumnType, Generated } from 'kysely';

/** Kysely types of migrations 036 and 042 (training), joined into `Database` in schema.ts. */
type Json<T> = ColumnType<T, string, string>;
type Created = ColumnType<Date, Date | string | undefined, Date | string>;
type Maybe<T> = ColumnType<T | null, T | null | undefined, T | null>;
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** bigserial ids come back from the driver as strings. */
type BigId = ColumnType<string, string | number | undefined, string | number>;
type BigRef = ColumnType<string, string | number, string | number>;

export interface TrainingAssignmentsTable {
  id: Generated<number>;
  client_id: number;
  course_id: string;
  audience: 'everyone' | 'region' | 'work_area' | 'new_starters';
  audience_value: Maybe<string>;
  new_starter_days: Maybe<number>;
  mandatory: Generated<boolean>;
  due_days: Generated<number>;
  retrain_months: Maybe<number>;
  active: Generated<boolean>;
  created_at: Created;
  updated_at: Created;
}

export interface TrainingEnrolmentsTable {
  id: BigId;
  client_id: number;
  user_id: number;
  course_id: string;
  assignment_id: Maybe<number>;
  state: Generated<string>;
  mandatory: Generated<boolean>;
  due_at: Timestamp;
  position: Maybe<string>;
  lessons_done: ColumnType<string[], string[] | undefined, string[]>;
  started_at: MaybeTime;
  completed_at: MaybeTime;
  score: Maybe<number>;
  certificate_code: Maybe<string>;
  retrain_due_at: MaybeTime;
  reminders_sent: Generated<number>;
  last_reminded_at: MaybeTime;
  created_at: Created;
  updated_at: Created;
  /** Migration 042: the answers of each module's quiz attempt under way. */
  quiz_draft: ColumnType<Record<string, Record<string, string[]>>, string | undefined, string>;
}

export interface TrainingQuizAttemptsTable {
  id: BigId;
  enrolment_id: BigRef;
  module_id: string;
  answers: Json<Record<string, string[]>>;
  score: number;
  passed: boolean;
  created_at: Created;
}

export interface TrainingEventsTable {
  id: BigId;
  client_id: number;
  user_id: number;
  enrolment_id: BigRef;
  course_id: string;
  module_id: Maybe<string>;
  question_id: Maybe<string>;
  verb: 'started' | 'answered' | 'passed' | 'failed' | 'completed';
  score: Maybe<number>;
  success: Maybe<boolean>;
  created_at: Created;
}

export interface TrainingTables {
  training_assignments: TrainingAssignmentsTable;
  training_enrolments: TrainingEnrolmentsTable;
  training_quiz_attempts: TrainingQuizAttemptsTable;
  training_events: TrainingEventsTable;
  training_lrs_settings: TrainingLrsSettingsTable;
  training_xapi_outbox: TrainingXapiOutboxTable;
}

/** Migration 037: a client's Learning Record Store and the statements waiting for it. */
export interface TrainingLrsSettingsTable {
  client_id: number;
  enabled: Generated<boolean>;
  endpoint: string;
  auth_key: string;
  secret_encrypted: Maybe<string>;
  updated_at: Created;
  updated_by: Maybe<number>;
}

export interface TrainingXapiOutboxTable {
  event_id: BigRef;
  client_id: number;
  status: Generated<'queued' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: MaybeTime;
  locked_until: MaybeTime;
  locked_by: Maybe<string>;
  sent_at: MaybeTime;
  last_error: Maybe<string>;
  created_at: Created;
}
