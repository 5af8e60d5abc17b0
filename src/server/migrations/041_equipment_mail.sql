-- Equipment (docs/product.md "Equipment"; manifest/workflows/equipment.yaml): the e-mail the employee
-- receives at every step of a request, and the one reminder of a loan not returned by its date.
INSERT INTO email_templates (name, subject, content) VALUES
  ('equipment_requested', 'Your equipment request: {{item}}',
   E'Hello {{first_name}},\n\nWe have your request for {{item}}. It is waiting for {{company_name}}''s programme manager to approve it; you will hear from us as soon as it is decided. You can follow it here:\n{{link}}\n\nErgoPortal'),
  ('equipment_approved', 'Approved: {{item}}',
   E'Hello {{first_name}},\n\nYour request for {{item}} has been approved. We will order it, or lend it from stock, and let you know when it is on its way. You can follow it here:\n{{link}}\n\nErgoPortal'),
  ('equipment_declined', 'Your equipment request was declined: {{item}}',
   E'Hello {{first_name}},\n\nYour request for {{item}} was declined by {{company_name}}''s programme manager, who gave this reason:\n\n{{reason}}\n\nIf you have a question, reply to your programme team. Your requests:\n{{link}}\n\nErgoPortal'),
  ('equipment_ordered', 'Ordered: {{item}}',
   E'Hello {{first_name}},\n\n{{item}} has been ordered for you. We will tell you when it has been delivered. You can follow it here:\n{{link}}\n\nErgoPortal'),
  ('equipment_delivered', 'Delivered: {{item}}',
   E'Hello {{first_name}},\n\n{{item}} has been delivered. The set-up guides show how to adjust it so it does its job; a new self-assessment afterwards shows what it changed:\n{{link}}\n\nErgoPortal'),
  ('equipment_loaned', 'On loan to you until {{due_date}}: {{item}}',
   E'Hello {{first_name}},\n\n{{item}} is lent to you until {{due_date}}. Please return it by then so a colleague can use it next. Your requests:\n{{link}}\n\nErgoPortal'),
  ('equipment_returned', 'Returned: {{item}}',
   E'Hello {{first_name}},\n\nThank you: {{item}} has been returned. Your requests:\n{{link}}\n\nErgoPortal'),
  ('equipment_loan_overdue', 'Please return {{item}}: it was due on {{due_date}}',
   E'Hello {{first_name}},\n\n{{item}} was lent to you until {{due_date}} as part of {{company_name}}''s ergonomics programme, and we have not had it back. Please return it, or ask your programme team if you need it for longer. Your requests:\n{{link}}\n\nErgoPortal')
ON CONFLICT (name) DO NOTHING;
