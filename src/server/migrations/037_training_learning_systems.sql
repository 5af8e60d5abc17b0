-- Learning systems (docs/product.md "Training: learning systems"): each client may send its
-- employees' training steps to its own Learning Record Store as xAPI statements. The key and the
-- encrypted secret are the LRS's HTTP Basic credentials; the secret is sealed like single sign-on
-- secrets (AES-256-GCM under a key derived from SESSION_SECRET) and never leaves the server.
CREATE TABLE training_lrs_settings (
  client_id integer PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  endpoint text NOT NULL CHECK (endpoint ~ '^https?://' AND length(endpoint) <= 500),
  auth_key text NOT NULL CHECK (length(auth_key) BETWEEN 1 AND 200),
  secret_encrypted text CHECK (secret_encrypted IS NULL OR length(secret_encrypted) <= 1000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL
);

-- One row per training event a client's LRS is to receive, written in the transaction that wrote
-- the event (the trigger below), so no step is lost and none is queued twice. Delivered by the
-- statement outbox worker under a lease, in the manner of mail_outbox.
CREATE TABLE training_xapi_outbox (
  event_id bigint PRIMARY KEY REFERENCES training_events (id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  locked_until timestamptz,
  locked_by text,
  sent_at timestamptz,
  last_error text CHECK (last_error IS NULL OR length(last_error) <= 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX training_xapi_outbox_due ON training_xapi_outbox (next_attempt_at) WHERE status IN ('queued', 'sending');
CREATE INDEX training_xapi_outbox_client ON training_xapi_outbox (client_id, status);

-- Steps are queued only while the client's LRS is switched on: what happened before it was
-- switched on is not sent afterwards (docs/product.md "Training: learning systems").
CREATE FUNCTION training_events_queue_xapi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO training_xapi_outbox (event_id, client_id, next_attempt_at)
  SELECT NEW.id, NEW.client_id, now()
  FROM training_lrs_settings s
  WHERE s.client_id = NEW.client_id AND s.enabled;
  RETURN NULL;
END;
$$;
CREATE TRIGGER training_events_queue_xapi AFTER INSERT ON training_events
  FOR EACH ROW EXECUTE FUNCTION training_events_queue_xapi();
