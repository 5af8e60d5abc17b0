-- Each employee's latest submitted self-assessment within each client, kept in the writing
-- transaction, for the Programme Overview's "needs your attention" panel (SPEC §1 "what programme
-- managers see": high-risk employees with no evaluation request or report since). Finding the latest
-- attempt of every employee of a large client read every one of its attempts (400,000 on the bench's
-- largest client); the high-risk ones are now an index range of this table.
CREATE TABLE latest_self_assessments (
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  attempt_id bigint NOT NULL,
  submitted_at timestamptz NOT NULL,
  risk_band text,
  PRIMARY KEY (user_id, client_id)
);
CREATE INDEX latest_self_assessments_high ON latest_self_assessments (client_id, submitted_at, user_id) WHERE risk_band = 'high';

-- Recomputes the rows of these people from their attempts. Under a lock per person (ordered, so two
-- writers never deadlock; the same lock as the rollups of migration 022) the second of two writers
-- reads the first one's committed attempts, so the latest is never lost. Above 500 people (a seeder,
-- a restore) the set is joined with hash joins instead of looked up one by one (as in migration 026).
CREATE FUNCTION latest_self_assessments_refresh(person_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  nestloop text;
BEGIN
  IF cardinality(person_ids) <= 500 THEN
    PERFORM 1 FROM users WHERE id = ANY (person_ids) ORDER BY id FOR NO KEY UPDATE;
    DELETE FROM latest_self_assessments WHERE user_id = ANY (person_ids);
    INSERT INTO latest_self_assessments (client_id, user_id, attempt_id, submitted_at, risk_band)
    SELECT DISTINCT ON (a.client_id, a.user_id) a.client_id, a.user_id, a.id, a.submitted_at, a.risk_band
    FROM assessment_attempts a WHERE a.status = 'submitted' AND a.user_id = ANY (person_ids)
    ORDER BY a.client_id, a.user_id, a.submitted_at DESC, a.id DESC;
    RETURN;
  END IF;
  nestloop := current_setting('enable_nestloop');
  PERFORM set_config('enable_nestloop', 'off', true);
  EXECUTE 'SELECT 1 FROM users u JOIN unnest($1) p (id) ON p.id = u.id ORDER BY u.id FOR NO KEY UPDATE OF u' USING person_ids;
  EXECUTE 'DELETE FROM latest_self_assessments l USING unnest($1) p (id) WHERE l.user_id = p.id' USING person_ids;
  EXECUTE 'INSERT INTO latest_self_assessments (client_id, user_id, attempt_id, submitted_at, risk_band)
    SELECT DISTINCT ON (a.client_id, a.user_id) a.client_id, a.user_id, a.id, a.submitted_at, a.risk_band
    FROM assessment_attempts a JOIN unnest($1) p (id) ON p.id = a.user_id WHERE a.status = ''submitted''
    ORDER BY a.client_id, a.user_id, a.submitted_at DESC, a.id DESC' USING person_ids;
  PERFORM set_config('enable_nestloop', nestloop, true);
END $$;

-- Attempts inserted, updated or deleted by any statement (the submit transaction, seeders, data fixes).
CREATE FUNCTION latest_self_assessments_on_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM new_rows WHERE status = 'submitted');
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM old_rows WHERE status = 'submitted');
  ELSE
    -- Saving answers and the like change no latest submission.
    touched := ARRAY(
      SELECT DISTINCT x.user_id FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.user_id), (o.user_id)) x (user_id)
      WHERE x.user_id IS NOT NULL AND (n.status = 'submitted' OR o.status = 'submitted')
        AND (n.id IS NULL OR o.id IS NULL OR (n.status, n.client_id, n.user_id, n.submitted_at, n.risk_band)
          IS DISTINCT FROM (o.status, o.client_id, o.user_id, o.submitted_at, o.risk_band)));
  END IF;
  IF cardinality(touched) > 0 THEN
    PERFORM latest_self_assessments_refresh(touched);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER latest_self_assessments_insert AFTER INSERT ON assessment_attempts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_attempts();
CREATE TRIGGER latest_self_assessments_update AFTER UPDATE ON assessment_attempts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_attempts();
CREATE TRIGGER latest_self_assessments_delete AFTER DELETE ON assessment_attempts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_attempts();

INSERT INTO latest_self_assessments (client_id, user_id, attempt_id, submitted_at, risk_band)
SELECT DISTINCT ON (a.client_id, a.user_id) a.client_id, a.user_id, a.id, a.submitted_at, a.risk_band
FROM assessment_attempts a WHERE a.status = 'submitted'
ORDER BY a.client_id, a.user_id, a.submitted_at DESC, a.id DESC;
