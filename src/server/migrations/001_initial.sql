-- Clients (SPEC §1, §3): company code unique case-insensitively, brand colours with their defaults.
CREATE TABLE clients (
  id serial PRIMARY KEY,
  company_name text NOT NULL,
  company_code text NOT NULL,
  logo text,
  hex_color text NOT NULL DEFAULT '#FF9500',
  secondary_hex_color text NOT NULL DEFAULT '#1A191C',
  site_footer text NOT NULL DEFAULT '',
  regions jsonb NOT NULL DEFAULT '[]',
  access_list jsonb NOT NULL DEFAULT '[]',
  site_menu_details jsonb NOT NULL DEFAULT '{}',
  email_domains jsonb NOT NULL DEFAULT '[]',
  seats integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX clients_company_code_ci ON clients (lower(company_code));

-- Roles and their permission strings (SPEC §6); Super_admin is one of them.
CREATE TABLE roles (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  display_name text NOT NULL,
  description text NOT NULL DEFAULT ''
);
CREATE TABLE role_permissions (
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  permission text NOT NULL,
  PRIMARY KEY (role_id, permission)
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  password_hash text,
  client_id integer NOT NULL REFERENCES clients (id),
  role_id integer NOT NULL REFERENCES roles (id),
  region text,
  status text NOT NULL DEFAULT 'active',
  sso_status smallint NOT NULL DEFAULT 0,
  admin_sso_status smallint NOT NULL DEFAULT 0,
  language text NOT NULL DEFAULT 'en',
  login_type smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz
);
CREATE UNIQUE INDEX users_email_ci ON users (lower(email));
CREATE INDEX users_client ON users (client_id);

-- The other clients a user may switch to (SPEC §4 Client switch).
CREATE TABLE user_clients (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, client_id)
);

-- Sessions: one refresh-token family per sign-in; tokens stored as SHA-256 hashes only.
CREATE TABLE refresh_families (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients (id),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX refresh_families_user ON refresh_families (user_id);
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL REFERENCES refresh_families (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  rotated_at timestamptz
);

-- Append-only, hash-chained audit log (ASVS V7.3): each row's hash covers the previous hash.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  actor_id integer,
  actor_email text,
  client_id integer,
  action text NOT NULL,
  target text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}',
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TABLE email_templates (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  subject text NOT NULL,
  content text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE page_views (
  id bigserial PRIMARY KEY,
  user_id integer,
  path text NOT NULL,
  viewed_at timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-in counters per account and per client address (kept in the database so that every
-- API instance sees the same counts).
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL
);
