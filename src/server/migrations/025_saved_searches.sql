-- Custom search (SPEC §1, §2 /user/custom-search-*): each user's own saved searches. A definition is
-- the checked JSON of src/shared/search/validate.ts; it is checked again whenever it is run, so a
-- field withdrawn later makes a saved search answer 400 rather than run something else.
CREATE TABLE saved_searches (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('self-assessment', 'ergo-eval', 'schedule-request', 'follow-up')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  definition jsonb NOT NULL,
  -- The client the search was saved for; loading it for another client is allowed only when visible.
  client_id integer REFERENCES clients (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A name is unique per owner and kind, compared case-insensitively.
CREATE UNIQUE INDEX saved_searches_owner_kind_name ON saved_searches (owner_id, kind, lower(name));

-- Self-assessment searches by risk band or score within one client's date range: a partial index so
-- the common "high risk since …" searches read only the matching rows (covering the grid's columns).
CREATE INDEX assessment_attempts_client_band ON assessment_attempts (client_id, risk_band, submitted_at)
  INCLUDE (user_id, area, overall_score) WHERE status = 'submitted';
