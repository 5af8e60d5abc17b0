-- Client administration (SPEC §2 /admin/add_client, /admin/edit_client/:id; §3 client; §5 client form):
-- the form's remaining fields, and the logo and banner kept in the database so one PostgreSQL is the
-- whole state (docs/architecture.md "Database": stateless API processes).
ALTER TABLE clients
  ADD COLUMN client_type text NOT NULL DEFAULT 'Enterprise',
  ADD COLUMN default_role_id integer REFERENCES roles (id),
  ADD COLUMN report_type text NOT NULL DEFAULT 'Summary',
  ADD COLUMN banner text,
  ADD COLUMN work_area jsonb NOT NULL DEFAULT '["Office","Home","Anywhere"]',
  ADD COLUMN billable_cost numeric(12, 2);

-- One row per client and image kind; the bytes as base64 text (one encoding for PGlite and pg),
-- the SHA-256 names the version in URLs and in the audit log (images are audited by hash).
CREATE TABLE client_images (
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('logo', 'banner')),
  content_type text NOT NULL,
  file_name text NOT NULL,
  data_base64 text NOT NULL,
  sha256 text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, kind)
);

-- Requests for a one-to-one virtual evaluation (SPEC §1, /user/schedule_eval): the employee's
-- availability and notes; the client is the one the employee was signed in to.
CREATE TABLE evaluation_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  preferred_times text NOT NULL CHECK (length(preferred_times) BETWEEN 1 AND 500),
  notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 2000),
  status text NOT NULL DEFAULT 'requested',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evaluation_requests_client ON evaluation_requests (client_id, created_at);
