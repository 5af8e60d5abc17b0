-- Training (SPEC §1 "ergonomics training"; content/training/): each client assigns our courses to
-- its employees; an employee's enrolment records progress, quiz attempts, completion, the
-- certificate and when retraining falls due. Courses themselves are content, keyed by their id
-- (content/training/<course>/course.yaml), never rows.

-- Who must take which course, per client (the admin center's training page).
CREATE TABLE training_assignments (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  course_id text NOT NULL CHECK (course_id ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
  -- everyone; a region (audience_value = the region); a work area (audience_value = office, home,
  -- anywhere, lab or travel: the area of the employee's latest self-assessment); new starters
  -- (accounts created within new_starter_days).
  audience text NOT NULL CHECK (audience IN ('everyone', 'region', 'work_area', 'new_starters')),
  audience_value text CHECK (audience_value IS NULL OR length(audience_value) BETWEEN 1 AND 200),
  new_starter_days integer CHECK (new_starter_days IS NULL OR new_starter_days BETWEEN 1 AND 365),
  mandatory boolean NOT NULL DEFAULT true,
  -- Days from enrolment to due; months from completion to retraining (NULL: never).
  due_days integer NOT NULL DEFAULT 30 CHECK (due_days BETWEEN 1 AND 365),
  retrain_months integer CHECK (retrain_months IS NULL OR retrain_months BETWEEN 1 AND 60),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((audience IN ('region', 'work_area')) = (audience_value IS NOT NULL)),
  CHECK ((audience = 'new_starters') = (new_starter_days IS NOT NULL))
);
CREATE INDEX training_assignments_client ON training_assignments (client_id, course_id);

-- One employee's run through one course; a retraining starts a new enrolment.
CREATE TABLE training_enrolments (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  course_id text NOT NULL CHECK (course_id ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
  assignment_id integer REFERENCES training_assignments (id) ON DELETE SET NULL,
  -- assigned → in_progress → completed (TRAINING_STATES, src/shared/training/; schema-drift test).
  state text NOT NULL DEFAULT 'assigned' CONSTRAINT training_enrolments_state
    CHECK (state IN ('assigned', 'in_progress', 'completed')),
  mandatory boolean NOT NULL DEFAULT true,
  due_at timestamptz NOT NULL,
  -- Where the employee left off: the last lesson opened ("<module>/<lesson>"), and lessons read.
  position text CHECK (position IS NULL OR length(position) <= 200),
  lessons_done text[] NOT NULL DEFAULT '{}',
  started_at timestamptz,
  completed_at timestamptz,
  -- The course score: the mean of each module's best quiz score, in percent.
  score smallint CHECK (score IS NULL OR score BETWEEN 0 AND 100),
  -- The certificate's verification code (shown on the PDF; /verify confirms it).
  certificate_code text UNIQUE CHECK (certificate_code IS NULL OR certificate_code ~ '^[A-Z0-9-]{8,40}$'),
  retrain_due_at timestamptz,
  reminders_sent integer NOT NULL DEFAULT 0 CHECK (reminders_sent >= 0),
  last_reminded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (state <> 'completed' OR (completed_at IS NOT NULL AND certificate_code IS NOT NULL))
);
-- One live (not completed) enrolment per employee and course: a second assignment adds nothing.
CREATE UNIQUE INDEX training_enrolments_live ON training_enrolments (user_id, course_id) WHERE state <> 'completed';
CREATE INDEX training_enrolments_user ON training_enrolments (user_id, created_at DESC);
CREATE INDEX training_enrolments_client ON training_enrolments (client_id, course_id, state, due_at);

-- Every quiz attempt, with the answers given (question id → answer ids) and the score in percent.
CREATE TABLE training_quiz_attempts (
  id bigserial PRIMARY KEY,
  enrolment_id bigint NOT NULL REFERENCES training_enrolments (id) ON DELETE CASCADE,
  module_id text NOT NULL CHECK (length(module_id) BETWEEN 1 AND 80),
  answers jsonb NOT NULL,
  score smallint NOT NULL CHECK (score BETWEEN 0 AND 100),
  passed boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX training_quiz_attempts_enrolment ON training_quiz_attempts (enrolment_id, module_id, created_at);

-- What happened, in order, for a client's learning system (xAPI statements: started, answered,
-- passed, failed, completed), written in the transaction that records the step and sent by the
-- outbox (src/server/domain/training/).
CREATE TABLE training_events (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  enrolment_id bigint NOT NULL REFERENCES training_enrolments (id) ON DELETE CASCADE,
  course_id text NOT NULL,
  module_id text,
  question_id text,
  verb text NOT NULL CHECK (verb IN ('started', 'answered', 'passed', 'failed', 'completed')),
  score smallint CHECK (score IS NULL OR score BETWEEN 0 AND 100),
  success boolean,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX training_events_client ON training_events (client_id, id);

-- Client settings: tell the programme manager when an employee's answer to a key question (for
-- example, pain that lasts after work) suggests help is needed.
ALTER TABLE clients ADD COLUMN training_notify_manager boolean NOT NULL DEFAULT false;
