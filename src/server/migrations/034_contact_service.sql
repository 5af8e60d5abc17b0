-- The service an enquiry is about, when a marketing page's "Book a demonstration" chose one (SPEC §1
-- public site); the form's manifest (manifest/forms/contact.yaml) lists the values the server accepts.
ALTER TABLE contact_enquiries ADD COLUMN service text;
