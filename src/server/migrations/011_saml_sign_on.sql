-- SAML 2.0 single sign-on beside OpenID Connect (SPEC §1, §2 Login routes, §4, §8). A client picks
-- one protocol; for SAML, `issuer` holds the IdP entity id, and the IdP's single sign-on URL and
-- signing certificate (PEM) are kept here. SAML needs no client id or secret.
ALTER TABLE sso_configurations ADD COLUMN protocol text NOT NULL DEFAULT 'oidc' CHECK (protocol IN ('oidc', 'saml'));
ALTER TABLE sso_configurations ADD COLUMN saml_sso_url text CHECK (saml_sso_url IS NULL OR length(saml_sso_url) BETWEEN 8 AND 500);
ALTER TABLE sso_configurations ADD COLUMN saml_certificate text CHECK (saml_certificate IS NULL OR length(saml_certificate) <= 20000);
ALTER TABLE sso_configurations ALTER COLUMN oidc_client_id DROP NOT NULL;
ALTER TABLE sso_configurations ADD CONSTRAINT sso_configurations_protocol_fields CHECK (
  (protocol = 'oidc' AND oidc_client_id IS NOT NULL) OR (protocol = 'saml' AND saml_sso_url IS NOT NULL AND saml_certificate IS NOT NULL)
);

-- A SAML attempt keeps its AuthnRequest ID in `state` (the value InResponseTo must echo) and has no
-- nonce or PKCE verifier (stored empty). The protocol keeps each callback to its own attempts.
ALTER TABLE sso_flows ADD COLUMN protocol text NOT NULL DEFAULT 'oidc' CHECK (protocol IN ('oidc', 'saml'));

-- Assertions already accepted, kept until they expire, so each is accepted once (SAML 2.0 Profiles
-- §4.1.4.5: the SP must not accept a bearer assertion twice within its validity).
CREATE TABLE saml_assertions (
  issuer text NOT NULL,
  assertion_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (issuer, assertion_id)
);
CREATE INDEX saml_assertions_expires ON saml_assertions (expires_at);
