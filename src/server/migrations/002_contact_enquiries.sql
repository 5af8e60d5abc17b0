-- Enquiries sent from the public contact form (/learn-more, /contact).
CREATE TABLE contact_enquiries (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  company text NOT NULL DEFAULT '',
  message text NOT NULL,
  address text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
