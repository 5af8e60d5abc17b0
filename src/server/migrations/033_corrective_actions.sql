-- Corrective actions (SPEC §1 "from finding to fixed"; manifest/workflows/action.yaml): each finding of
-- a finalized self-assessment and each recommendation of a finalized evaluation report becomes an
-- action its employee owns, written in the transaction that finalizes (src/server/api/actions/).
CREATE TABLE corrective_actions (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- What the action is about: `<work area>:<finding id>` for a self-assessment finding (a later
  -- attempt of that area verifies it), `recommendation:<catalogue key>` or
  -- `evaluation:<id>:<n>` for a report's recommendation.
  finding_key text NOT NULL CHECK (length(finding_key) BETWEEN 1 AND 200),
  source text NOT NULL CHECK (source IN ('self_assessment', 'evaluation')),
  attempt_id bigint REFERENCES assessment_attempts (id) ON DELETE SET NULL,
  evaluation_id integer REFERENCES evaluations (id) ON DELETE SET NULL,
  -- Words fixed when the action was raised, in the language of the report that raised it.
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 500),
  detail text NOT NULL DEFAULT '' CHECK (length(detail) <= 4000),
  priority text NOT NULL CHECK (priority IN ('high', 'moderate', 'low')),
  -- The states of manifest/workflows/action.yaml, exactly (tests/api/schema-drift.test.ts).
  state text NOT NULL DEFAULT 'open'
    CONSTRAINT corrective_actions_state CHECK (state IN ('open', 'done', 'not_possible', 'need_help', 'closed', 'verified')),
  due_at timestamptz NOT NULL,
  -- The employee's note with their move, and the handler's reason for closing.
  note text CHECK (note IS NULL OR length(note) <= 2000),
  close_reason text CHECK (close_reason IS NULL OR length(close_reason) <= 2000),
  closed_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Overdue reminders sent (src/server/api/actions/reminder-job.ts): how many, and the last one.
  reminders_sent integer NOT NULL DEFAULT 0 CHECK (reminders_sent >= 0),
  last_reminded_at timestamptz
);

-- One live action per employee and finding: a retake that raises the finding again adds nothing
-- while the earlier action is not closed or verified.
CREATE UNIQUE INDEX corrective_actions_live ON corrective_actions (user_id, finding_key)
  WHERE state IN ('open', 'done', 'not_possible', 'need_help');
-- The employee's list, newest first.
CREATE INDEX corrective_actions_user ON corrective_actions (user_id, created_at DESC, id DESC);
-- The handlers' list: a client's actions needing help or not possible, oldest first.
CREATE INDEX corrective_actions_waiting ON corrective_actions (client_id, updated_at, id) WHERE state IN ('need_help', 'not_possible');

-- Reminders of overdue actions: every N days, at most M times; NULL means the product's defaults
-- (src/shared/actions/action-rules.ts).
ALTER TABLE client_assessment_settings
  ADD COLUMN action_reminder_days integer CHECK (action_reminder_days IS NULL OR action_reminder_days BETWEEN 1 AND 90),
  ADD COLUMN action_reminder_limit integer CHECK (action_reminder_limit IS NULL OR action_reminder_limit BETWEEN 0 AND 20);

INSERT INTO email_templates (name, subject, content) VALUES
  ('action_reminder', 'An action from your ergonomics assessment is overdue',
   E'Hello {{first_name}},\n\n"{{title}}" was due on {{due_date}} as part of {{company_name}}''s ergonomics programme. Small changes to a workstation make the biggest difference when they are made early. Please open your actions, make the change, and mark it done; if it cannot be done, or you need help, say so there and your programme team will follow up:\n{{link}}\n\nErgoPortal')
ON CONFLICT (name) DO NOTHING;
