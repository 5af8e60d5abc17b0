-- Admin operations (SPEC §2 Admin routes, §6): user groups, permissions added at run time,
-- notifications delivered through the mail outbox, and the indexes the users grid needs.

-- Named groups of users within one client (/admin/all_user_group, /admin/user_group).
CREATE TABLE user_groups (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 255),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_groups_client_name ON user_groups (client_id, lower(name));
CREATE TABLE user_group_members (
  group_id integer NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX user_group_members_user ON user_group_members (user_id);

-- Permissions added in the admin (/admin/add_Permission). The catalogue of manifest/permissions.yaml
-- is not stored here: it is fixed at build time and cannot be renamed or removed.
CREATE TABLE custom_permissions (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z][a-z0-9-]*$' AND length(name) <= 100),
  permission_group text NOT NULL DEFAULT 'custom',
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 255),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A notification sent from /admin/send_notification; one mail_outbox row per recipient.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  sender_id integer REFERENCES users (id) ON DELETE SET NULL,
  audience text NOT NULL,
  subject text NOT NULL,
  content text NOT NULL,
  attachment_name text,
  attachment_type text,
  attachment_base64 text,
  recipient_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_created ON notifications (created_at DESC);

-- Outbox delivery with retries: a worker claims due rows (status queued, next_attempt_at passed)
-- with SELECT ... FOR UPDATE SKIP LOCKED, so several server processes never send a row twice.
ALTER TABLE mail_outbox ADD COLUMN notification_id bigint REFERENCES notifications (id) ON DELETE CASCADE;
ALTER TABLE mail_outbox ADD COLUMN user_id integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE mail_outbox ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE mail_outbox ADD COLUMN locked_until timestamptz;
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status IN ('queued', 'sending');
CREATE INDEX mail_outbox_notification ON mail_outbox (notification_id, id) WHERE notification_id IS NOT NULL;

-- The users grid (/admin/all_users) sorts by a column and pages with OFFSET/LIMIT, usually filtered
-- by client or status; these let PostgreSQL read one page in index order instead of sorting every
-- row (measured by `npm run bench`). The id tie-breaker matches the query's ORDER BY.
CREATE INDEX users_last_name_id ON users (last_name, id);
CREATE INDEX users_first_name_id ON users (first_name, id);
CREATE INDEX users_email_id ON users (email, id);
CREATE INDEX users_created_id ON users (created_at, id);
CREATE INDEX users_client_last_name_id ON users (client_id, last_name, id);
CREATE INDEX users_client_email_id ON users (client_id, email, id);
CREATE INDEX users_client_status ON users (client_id, status);

-- The grid's search box matches any part of a name or e-mail (lower(x) LIKE '%text%'); trigram
-- indexes answer that without reading every row. pg_trgm ships with PostgreSQL and PGlite; where the
-- database role may not create it, the grid still works, by scanning.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
  CREATE INDEX users_email_trgm ON users USING gin (lower(email) public.gin_trgm_ops);
  CREATE INDEX users_first_name_trgm ON users USING gin (lower(first_name) public.gin_trgm_ops);
  CREATE INDEX users_last_name_trgm ON users USING gin (lower(last_name) public.gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): the users search scans', SQLERRM;
END $$;
