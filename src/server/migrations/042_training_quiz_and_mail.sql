-- Training (docs/product.md "Training"), after migration 036.

-- The quiz of a module is answered question by question, with feedback after each answer: the
-- answers of the attempt under way are kept here ({"<module>": {"<question>": ["<answer>", …]}})
-- until the module's last question is answered, then scored into training_quiz_attempts and cleared.
-- An answer given is final for that attempt, so asking again never reveals another answer's verdict.
ALTER TABLE training_enrolments ADD COLUMN quiz_draft jsonb NOT NULL DEFAULT '{}';

-- A client may reword a course's texts per language like its other content (scope 'training', keys
-- "<course>:<text key>").
ALTER TABLE client_text_overrides DROP CONSTRAINT IF EXISTS client_text_overrides_scope_check;
ALTER TABLE client_text_overrides ADD CONSTRAINT client_text_overrides_scope_check
  CHECK (scope IN ('self-assessment', 'self-assessment-lab', 'ergo-eval', 'ergo-eval-lab', 'cms', 'training'));

INSERT INTO email_templates (name, subject, content) VALUES
  ('training_reminder', 'Your ergonomics training is overdue',
   E'Hello {{first_name}},\n\n"{{course}}" was due on {{due_date}} as part of {{company_name}}''s ergonomics programme. It takes about {{minutes}} minutes, and you can stop and carry on where you left off:\n{{link}}\n\nErgoPortal'),
  ('training_help_requested', 'An employee asked for ergonomics help during training',
   E'Hello {{first_name}},\n\n{{employee}} asked for help with their comfort at work while taking "{{course}}" on {{date}}. Their answers stay private; they were offered a self-assessment and a one-to-one evaluation. You may want to check in with them:\n{{link}}\n\nErgoPortal')
ON CONFLICT (name) DO NOTHING;
