-- One-to-one virtual evaluations (SPEC §1, §2 /user/schedule_eval, /user/evaluator, /new-evaluation,
-- §3 report statuses), designed for the evaluator's work and for the programme dashboards
-- (SPEC §2 /client-request, /ergo-eval-activity, /follow-up-feedback) that read the same rows.

-- Our staff (evaluators, client managers) serve the clients an administrator assigns them
-- (docs/architecture.md "Who sees which client"); any other client's records answer 404.
CREATE TABLE staff_client_assignments (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  assigned_by integer REFERENCES users (id) ON DELETE SET NULL,
  assigned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, client_id)
);
CREATE INDEX staff_client_assignments_client ON staff_client_assignments (client_id);

-- Whether a finalized report waits for the client's programme manager (Pending Client Approval).
ALTER TABLE clients ADD COLUMN evaluation_approval_required boolean NOT NULL DEFAULT false;

-- The request as the employee fills it in, then as the evaluator schedules it. Times are stored in
-- UTC (timestamptz); the employee's IANA time zone is kept to show and invite in their own time.
ALTER TABLE evaluation_requests
  ADD COLUMN work_area text NOT NULL DEFAULT 'Office' CHECK (work_area IN ('Office', 'Home', 'Anywhere', 'Lab', 'Travel')),
  -- Cornell Musculoskeletal Discomfort Questionnaire answers by body region (src/shared/assessment/cmdq-regions.ts).
  ADD COLUMN discomfort jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC' CHECK (length(time_zone) BETWEEN 1 AND 64),
  -- The employee's latest submitted self-assessment for the same work area, when there is one.
  ADD COLUMN assessment_attempt_id bigint REFERENCES assessment_attempts (id) ON DELETE SET NULL,
  ADD COLUMN evaluator_id integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN scheduled_at timestamptz,
  ADD COLUMN meeting_url text CHECK (meeting_url IS NULL OR length(meeting_url) <= 500),
  -- RFC 5545 SEQUENCE of the calendar invitation: raised on every reschedule and on cancellation.
  ADD COLUMN invitation_sequence integer NOT NULL DEFAULT 0,
  ADD COLUMN cancelled_by integer REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN cancel_reason text CHECK (cancel_reason IS NULL OR length(cancel_reason) <= 1000),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN scheduled_first_at timestamptz,
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN completed_at timestamptz,
  ADD CONSTRAINT evaluation_requests_status CHECK (status IN ('requested', 'scheduled', 'cancelled', 'completed')),
  ADD CONSTRAINT evaluation_requests_scheduled CHECK (status <> 'scheduled' OR (evaluator_id IS NOT NULL AND scheduled_at IS NOT NULL AND meeting_url IS NOT NULL));
-- The evaluator queue: open requests of the assigned clients, oldest first.
CREATE INDEX evaluation_requests_open ON evaluation_requests (client_id, created_at) WHERE status = 'requested';
-- Per-client dashboard counts by status, and each employee's own list.
CREATE INDEX evaluation_requests_client_status ON evaluation_requests (client_id, status);
CREATE INDEX evaluation_requests_user ON evaluation_requests (user_id, created_at);
CREATE INDEX evaluation_requests_evaluator ON evaluation_requests (evaluator_id, scheduled_at) WHERE status = 'scheduled';

-- Up to five workstation photos per request, stored with their metadata removed (no GPS, camera or
-- time: OWASP ASVS V12.2, privacy of the employee's home).
CREATE TABLE evaluation_request_photos (
  id bigserial PRIMARY KEY,
  request_id integer NOT NULL REFERENCES evaluation_requests (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 5),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
  data bytea NOT NULL,
  sha256 text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (request_id, position)
);

-- The evaluation report (SPEC §3 report statuses; the workflow is manifest/workflows/evaluation.yaml).
CREATE TABLE evaluations (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  employee_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The author; reviewers are recorded in evaluation_transitions.
  evaluator_id integer NOT NULL REFERENCES users (id),
  request_id integer UNIQUE REFERENCES evaluation_requests (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'in_review', 're_review', 'evaluator_reviewed',
    'evaluator_qc_reviewed', 'pending_client_approval', 'finalized', 'declined', 'hidden')),
  work_area text NOT NULL CHECK (work_area IN ('Office', 'Home', 'Anywhere', 'Lab', 'Travel')),
  observations jsonb NOT NULL DEFAULT '{}',
  -- The evaluator's own ROSA inputs and the scores computed from them (Sonne, Villalta & Andrews 2012).
  rosa jsonb NOT NULL DEFAULT '{}',
  -- Each {catalogue_key or text, priority}.
  recommendations jsonb NOT NULL DEFAULT '[]',
  -- The client's own wording of the report's texts (ergo-eval scope), fixed when the report is finalized.
  client_wording jsonb NOT NULL DEFAULT '{}',
  -- Raised on every save and transition; a save naming an older version is refused (lost-update check).
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  finalized_at timestamptz
);
CREATE INDEX evaluations_client_status ON evaluations (client_id, status);
CREATE INDEX evaluations_evaluator ON evaluations (evaluator_id, status, updated_at);
CREATE INDEX evaluations_employee ON evaluations (employee_id, created_at);
-- Reports waiting for a reviewer (SPEC §6 evaluator-reports-in-review), oldest first.
CREATE INDEX evaluations_in_review ON evaluations (client_id, updated_at) WHERE status IN ('in_review', 'evaluator_reviewed');

-- The content as it stood after every save and every transition.
CREATE TABLE evaluation_versions (
  id bigserial PRIMARY KEY,
  evaluation_id integer NOT NULL REFERENCES evaluations (id) ON DELETE CASCADE,
  version integer NOT NULL,
  status text NOT NULL,
  content jsonb NOT NULL,
  saved_by integer REFERENCES users (id) ON DELETE SET NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (evaluation_id, version)
);

-- Every move of the workflow: who, when, why (also in the audit log, in the same transaction).
CREATE TABLE evaluation_transitions (
  id bigserial PRIMARY KEY,
  evaluation_id integer NOT NULL REFERENCES evaluations (id) ON DELETE CASCADE,
  transition text NOT NULL,
  from_status text NOT NULL,
  to_status text NOT NULL,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 2000),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evaluation_transitions_evaluation ON evaluation_transitions (evaluation_id, at);

-- Follow-up questions to the employee after a finalized evaluation (SPEC §2 /follow-up-feedback).
CREATE TABLE follow_ups (
  id bigserial PRIMARY KEY,
  evaluation_id integer NOT NULL REFERENCES evaluations (id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  employee_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL,
  reminders_sent integer NOT NULL DEFAULT 0,
  last_reminder_at timestamptz,
  answered_at timestamptz,
  answers jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX follow_ups_client ON follow_ups (client_id, answered_at);
CREATE INDEX follow_ups_due ON follow_ups (due_at) WHERE answered_at IS NULL;

-- Mail may carry its own files (a calendar invitation); notification mail keeps its shared attachment.
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb;
