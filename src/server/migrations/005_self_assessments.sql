-- Self-assessments (SPEC §1, §9: taken any number of times; a report the moment one is submitted).
-- One row per attempt: answers are saved section by section (resumable) until submitted; the stored
-- result is what the report shows, so a report never changes when questionnaires are revised later.
CREATE TABLE assessment_attempts (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The client the attempt was taken for (a user who switches clients keeps each client's own).
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  area text NOT NULL CHECK (area IN ('office', 'home', 'anywhere', 'lab', 'travel')),
  language text NOT NULL CHECK (language IN ('en', 'es', 'pt', 'cn', 'ja', 'ko', 'fr', 'de')),
  questionnaire_version integer NOT NULL,
  answers jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'submitted')),
  -- Section ids saved so far, in the order they were completed.
  sections_done jsonb NOT NULL DEFAULT '[]',
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  result jsonb,
  -- The unguessable part of /user/my-reports/viewreport/:url (192 random bits).
  report_token text UNIQUE,
  -- SPEC §3 report status label; self-assessment reports are final when submitted.
  report_status text,
  CHECK ((status = 'submitted') = (result IS NOT NULL AND report_token IS NOT NULL AND submitted_at IS NOT NULL))
);
CREATE INDEX assessment_attempts_user ON assessment_attempts (user_id, area, submitted_at);
CREATE INDEX assessment_attempts_client ON assessment_attempts (client_id, submitted_at);

-- Reports imported from the external survey tool (SPEC §2 alchemer routes), one per response.
CREATE TABLE survey_reports (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  survey_name text NOT NULL CHECK (length(survey_name) BETWEEN 1 AND 200),
  response_id text NOT NULL CHECK (length(response_id) BETWEEN 1 AND 100),
  submitted_at timestamptz NOT NULL,
  -- [{question, answer}] in the export's column order.
  answers jsonb NOT NULL,
  report_token text NOT NULL UNIQUE,
  imported_by integer REFERENCES users(id) ON DELETE SET NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, response_id)
);
CREATE INDEX survey_reports_user ON survey_reports (user_id, submitted_at);
