-- Roles added by administrators (SPEC §6 role-add): two roles may not share a name told apart only
-- by letter case; the server checks first, this index settles two administrators saving at once.
CREATE UNIQUE INDEX roles_display_name_lower ON roles (lower(display_name));

-- A client's e-mail domains have one home: its SSO configuration, which uses them to find the
-- company at SSO sign-in. The client form's copy was never read; keep what an administrator typed
-- there for clients whose SSO configuration has none yet, then drop the column.
UPDATE sso_configurations SET domains = clients.email_domains
  FROM clients
  WHERE clients.id = sso_configurations.client_id AND sso_configurations.domains = '[]'::jsonb AND clients.email_domains <> '[]'::jsonb;
ALTER TABLE clients DROP COLUMN email_domains;
