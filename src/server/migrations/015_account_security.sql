-- Registering an address that already has an account answers exactly like a new registration
-- (ASVS V2.2.1 / V3.2: no account enumeration) and e-mails the address's owner this instead.
INSERT INTO email_templates (name, subject, content) VALUES
  ('account_exists', 'Someone tried to register with your e-mail address',
   E'Hello {{first_name}},\n\nSomeone asked to register a new ErgoPortal account with this e-mail address, which already has one. No new account was created and your password is unchanged.\n\nIf it was you, sign in here:\n{{login_link}}\n\nIf you have forgotten your password, choose a new one here:\n{{password_link}}\n\nIf it was not you, you can ignore this e-mail.\n\nErgoPortal')
ON CONFLICT (name) DO NOTHING;

-- A new reset link, or a used one, ends the user's other unused links: found by this index.
CREATE INDEX password_resets_unused_by_user ON password_resets (user_id) WHERE used_at IS NULL;
