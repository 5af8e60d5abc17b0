-- Evaluation delivery and follow-up (SPEC §1 "the employee receives the report"; SPEC §2 /user/my-reports,
-- /follow-up-feedback). The data model is migration 017; this adds only what delivery needs.

-- The report's address in My Reports (/user/my-reports/evaluation/:url): unguessable like a
-- self-assessment's report_token (122 random bits; OWASP ASVS V8.3 "no predictable identifiers"),
-- so a report's existence is not revealed by counting ids. Every row gets its own value.
ALTER TABLE evaluations ADD COLUMN report_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX evaluations_report_token ON evaluations (report_token);
-- The employee's finalized reports (My Reports), newest first.
CREATE INDEX evaluations_employee_finalized ON evaluations (employee_id, finalized_at) WHERE status = 'finalized';

-- One follow-up per evaluation: the job that creates it may run again after a crash without doubling it.
CREATE UNIQUE INDEX follow_ups_evaluation ON follow_ups (evaluation_id);
CREATE INDEX follow_ups_employee ON follow_ups (employee_id, created_at);

-- The evaluator queue across many clients (GET /evaluator/queue), read oldest first: walking this
-- index in order stops after the first 500 open requests instead of sorting every open request.
CREATE INDEX evaluation_requests_open_by_age ON evaluation_requests (created_at, id) WHERE status = 'requested';

-- The follow-up e-mails (editable in the admin center; variables are written {{name}}).
INSERT INTO email_templates (name, subject, content) VALUES
  ('evaluation_follow_up', 'How are the changes from your ergonomics evaluation going?',
   E'Hello {{first_name}},\n\nIt is {{days}} days since your ergonomics evaluation report was finalized. Please take two minutes to tell us which recommendations you have put in place and how your discomfort is now:\n\n{{link}}\n\nYour answers help {{company_name}} see what works and what still needs support.\n\nErgoPortal'),
  ('evaluation_follow_up_reminder', 'Reminder: a two-minute follow-up on your ergonomics evaluation',
   E'Hello {{first_name}},\n\nWe have not yet heard how the recommendations from your ergonomics evaluation are going. Please answer the short follow-up here:\n\n{{link}}\n\nThis is reminder {{reminder}} of {{reminders_max}}.\n\nErgoPortal')
ON CONFLICT (name) DO NOTHING;
