-- The e-mails the portal sends, editable in the admin center. Variables are written {{name}}.
INSERT INTO email_templates (name, subject, content) VALUES
  ('password_reset', 'Reset your ErgoPortal password',
   E'Hello {{first_name}},\n\nUse this link within the next hour to choose a new password:\n{{link}}\n\nIf you did not ask for this, you can ignore this e-mail; your password stays the same.\n\nErgoPortal'),
  ('account_created', 'Your ErgoPortal account',
   E'Hello {{first_name}},\n\nAn account has been created for you at {{company_name}}''s ergonomics programme. Choose your password here (the link works once, for 7 days):\n{{link}}\n\nErgoPortal')
ON CONFLICT (name) DO NOTHING;
