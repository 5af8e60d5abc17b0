-- The e-mails of one-to-one evaluations (SPEC §1; manifest/workflows/evaluation.yaml names the
-- template each transition sends). Editable in the admin center; variables are written {{name}}.
INSERT INTO email_templates (name, subject, content) VALUES
  ('evaluation_scheduled', 'Your ergonomics evaluation is booked for {{when}}',
   E'Hello {{first_name}},\n\n{{evaluator_name}} will meet you by video on {{when}} ({{time_zone}}) for your one-to-one ergonomics evaluation.\n\nJoin here: {{meeting_url}}\n\nThe attached invitation adds the meeting to your calendar. Please sit at the workstation you asked about, with your camera able to show your chair, desk and screen. Your report follows within 2 to 5 business days.\n\nErgoPortal'),
  ('evaluation_rescheduled', 'Your ergonomics evaluation has moved to {{when}}',
   E'Hello {{first_name}},\n\nYour one-to-one ergonomics evaluation with {{evaluator_name}} is now on {{when}} ({{time_zone}}).\n\nJoin here: {{meeting_url}}\n\nThe attached invitation updates the meeting in your calendar.\n\nErgoPortal'),
  ('evaluation_cancelled', 'Your ergonomics evaluation on {{when}} is cancelled',
   E'Hello {{first_name}},\n\nYour one-to-one ergonomics evaluation planned for {{when}} ({{time_zone}}) has been cancelled.\n\nReason: {{reason}}\n\nThe attached notice removes the meeting from your calendar. You can ask for a new evaluation at any time from the portal.\n\nErgoPortal'),
  ('evaluation_submitted', 'An evaluation report for {{company_name}} is ready for review',
   E'Hello {{first_name}},\n\n{{author_name}} has submitted the evaluation report of {{employee_name}} ({{company_name}}) for review.\n\nOpen your evaluator dashboard to review it.\n\nErgoPortal'),
  ('evaluation_returned', 'Your evaluation report of {{employee_name}} needs changes',
   E'Hello {{first_name}},\n\n{{actor_name}} has sent the evaluation report of {{employee_name}} back for re-review.\n\nComments: {{reason}}\n\nErgoPortal'),
  ('evaluation_reviewed', 'Your evaluation report of {{employee_name}} has been reviewed',
   E'Hello {{first_name}},\n\n{{actor_name}} has reviewed the evaluation report of {{employee_name}} ({{state}}).\n\nErgoPortal'),
  ('evaluation_pending_approval', 'An evaluation report awaits your approval',
   E'Hello {{first_name}},\n\nThe evaluation report of {{employee_name}} is ready for {{company_name}}''s approval. Open your programme dashboard to approve or decline it.\n\nErgoPortal'),
  ('evaluation_declined', 'The evaluation report of {{employee_name}} was declined',
   E'Hello {{first_name}},\n\n{{actor_name}} declined the evaluation report of {{employee_name}} for {{company_name}}.\n\nReason: {{reason}}\n\nErgoPortal'),
  ('evaluation_finalized', 'Your ergonomics evaluation report is ready',
   E'Hello {{first_name}},\n\nThe report of your one-to-one ergonomics evaluation is ready. Sign in and open My Reports to read it and its recommendations.\n\nErgoPortal'),
  ('evaluation_hidden', 'An evaluation report was withdrawn',
   E'Hello {{first_name}},\n\n{{actor_name}} withdrew the evaluation report of {{employee_name}} from the employee''s view.\n\nReason: {{reason}}\n\nErgoPortal')
ON CONFLICT (name) DO NOTHING;
