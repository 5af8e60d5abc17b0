-- The e-mails that ask someone to act on an evaluation report lead straight to the page that acts on
-- it (SPEC §2 /user/editsurvey/:url, /user/editclientreport/:url; fire-transition.ts fills
-- {{report_url}}). A template an administrator has already edited keeps its own wording.
UPDATE email_templates SET content = E'Hello {{first_name}},\n\nThe evaluation report of {{employee_name}} is ready for {{company_name}}''s approval. Open it to approve or decline it:\n\n{{report_url}}\n\nReports waiting for your approval: {{approval_list_url}}\n\nErgoPortal'
WHERE name = 'evaluation_pending_approval'
  AND content = E'Hello {{first_name}},\n\nThe evaluation report of {{employee_name}} is ready for {{company_name}}''s approval. Open your programme dashboard to approve or decline it.\n\nErgoPortal';

UPDATE email_templates SET content = E'Hello {{first_name}},\n\n{{author_name}} has submitted the evaluation report of {{employee_name}} ({{company_name}}) for review.\n\nReview it here: {{report_url}}\n\nErgoPortal'
WHERE name = 'evaluation_submitted'
  AND content = E'Hello {{first_name}},\n\n{{author_name}} has submitted the evaluation report of {{employee_name}} ({{company_name}}) for review.\n\nOpen your evaluator dashboard to review it.\n\nErgoPortal';
