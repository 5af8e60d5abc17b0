-- Per-client self-assessment settings, set on /admin/self_assesment (clients-edit). The work areas
-- offered stay in clients.work_area (the client form's "Work form area"); these are the rest.
CREATE TABLE client_assessment_settings (
  client_id integer PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  -- Days after a submitted self-assessment when the employee should take it again; NULL: no interval.
  reassessment_days integer CHECK (reassessment_days IS NULL OR reassessment_days BETWEEN 1 AND 730),
  -- Whether the employee is e-mailed a reminder once that interval has passed.
  reminder_enabled boolean NOT NULL DEFAULT false,
  -- Days after an evaluation before its follow-up (used by the evaluation follow-up reminders).
  follow_up_days integer NOT NULL DEFAULT 30 CHECK (follow_up_days BETWEEN 1 AND 365),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT reminder_enabled OR reassessment_days IS NOT NULL)
);

-- Scheduled work (src/server/jobs/, ARCHITECTURE "Scheduled work"): one row per job, due at run_at,
-- claimed with SELECT … FOR UPDATE SKIP LOCKED under a lease (locked_until), so it survives restarts
-- and runs once when several servers share one PostgreSQL. A job with a dedupe_key replaces the
-- pending job with the same key (a newer self-assessment moves its reminder).
CREATE TABLE scheduled_jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 100),
  dedupe_key text CHECK (dedupe_key IS NULL OR length(dedupe_key) <= 200),
  payload jsonb NOT NULL DEFAULT '{}',
  run_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX scheduled_jobs_due ON scheduled_jobs (run_at) WHERE status IN ('pending', 'running');
CREATE UNIQUE INDEX scheduled_jobs_pending_key ON scheduled_jobs (dedupe_key) WHERE status = 'pending' AND dedupe_key IS NOT NULL;

-- The reminder an employee gets once the client's reassessment interval has passed.
INSERT INTO email_templates (name, subject, content) VALUES
  ('reassessment_reminder', 'Time to check your workstation again',
   E'Hello {{first_name}},\n\nIt is {{days}} days since you took the {{area}} self-assessment for {{company_name}}''s ergonomics programme. Workstations drift: chairs get readjusted, screens move, laptops come and go, and new aches are easiest to fix early. Please take a few minutes to take the self-assessment again and see what has changed:\n{{link}}\n\nErgoPortal')
ON CONFLICT (name) DO NOTHING;
