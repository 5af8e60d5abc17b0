-- Single sign-on with OpenID Connect (SPEC §1 "Single sign-on is supported", §2 Login routes).
-- One configuration per client; the client secret is stored only encrypted (AES-256-GCM, key
-- derived from SESSION_SECRET; ASVS V6.2) and never leaves the server.
CREATE TABLE sso_configurations (
  client_id integer PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  issuer text NOT NULL CHECK (length(issuer) BETWEEN 8 AND 500),
  oidc_client_id text NOT NULL CHECK (length(oidc_client_id) BETWEEN 1 AND 200),
  client_secret_encrypted text,
  domains jsonb NOT NULL DEFAULT '[]',
  default_role_id integer REFERENCES roles (id),
  enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Users are keyed by the provider's (issuer, subject), never by the e-mail claim alone.
CREATE TABLE sso_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX sso_identities_user ON sso_identities (user_id);

-- Sign-in attempts in flight: state, nonce and PKCE verifier stay on the server; the browser holds
-- only a random id in a short-lived HttpOnly cookie. A row is consumed once (single use).
CREATE TABLE sso_flows (
  id_hash text PRIMARY KEY,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  return_to text,
  address text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sso_flows_created ON sso_flows (created_at);
CREATE INDEX sso_flows_address ON sso_flows (address, created_at);
