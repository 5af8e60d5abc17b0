-- The Programme Overview on a large client (SPEC §2 /program-overview, §1 "what programme managers
-- see"): every query reads an index range of the client and no more.
--
-- 1. "Needs your attention" lists high-risk employees with no evaluation request or report since
--    their latest self-assessment. Checking that for every high-risk employee of a 40,000-employee
--    client probed requests and reports 20,000 times per call; each latest self-assessment now
--    carries whether a request or report followed it (`handled`), kept in the writing transaction
--    by the triggers of migration 031 (new self-assessments) and by triggers on evaluation_requests
--    and evaluations (requests and reports made, moved or deleted), under the same lock per
--    employee, so a request and a self-assessment written at the same moment never leave it stale.
--    The rule also needs the employee's account active and their region (the region filter): both are
--    copied beside it, kept by a trigger on users, so the panel's counts read this table alone.
ALTER TABLE latest_self_assessments ADD COLUMN handled boolean NOT NULL DEFAULT false,
  ADD COLUMN active boolean NOT NULL DEFAULT false, ADD COLUMN region text;

-- A request or report for this employee of this client made at or after `since`.
CREATE FUNCTION latest_self_assessment_handled(client integer, person integer, since timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM evaluation_requests r WHERE r.user_id = person AND r.client_id = client AND r.created_at >= since)
    OR EXISTS (SELECT 1 FROM evaluations e WHERE e.employee_id = person AND e.client_id = client AND e.created_at >= since)
$$;

-- Recomputes `handled` for these people under the per-person lock of migrations 022 and 031
-- (ordered, so two writers never deadlock; the second reads the first one's committed rows).
CREATE FUNCTION latest_self_assessments_mark(person_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  nestloop text;
BEGIN
  IF cardinality(person_ids) <= 500 THEN
    PERFORM 1 FROM users WHERE id = ANY (person_ids) ORDER BY id FOR NO KEY UPDATE;
  ELSE
    nestloop := current_setting('enable_nestloop');
    PERFORM set_config('enable_nestloop', 'off', true);
    EXECUTE 'SELECT 1 FROM users u JOIN unnest($1) p (id) ON p.id = u.id ORDER BY u.id FOR NO KEY UPDATE OF u' USING person_ids;
    PERFORM set_config('enable_nestloop', nestloop, true);
  END IF;
  UPDATE latest_self_assessments l SET handled = h.handled
  FROM (SELECT l2.user_id, l2.client_id, latest_self_assessment_handled(l2.client_id, l2.user_id, l2.submitted_at) AS handled
        FROM latest_self_assessments l2 WHERE l2.user_id = ANY (person_ids)) h
  WHERE l.user_id = h.user_id AND l.client_id = h.client_id AND l.handled <> h.handled;
END $$;

-- Migration 031's refresh, now also setting `handled` of the rows it writes.
CREATE OR REPLACE FUNCTION latest_self_assessments_refresh(person_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  nestloop text;
BEGIN
  IF cardinality(person_ids) <= 500 THEN
    PERFORM 1 FROM users WHERE id = ANY (person_ids) ORDER BY id FOR NO KEY UPDATE;
    DELETE FROM latest_self_assessments WHERE user_id = ANY (person_ids);
    INSERT INTO latest_self_assessments (client_id, user_id, attempt_id, submitted_at, risk_band, handled, active, region)
    SELECT d.client_id, d.user_id, d.id, d.submitted_at, d.risk_band, latest_self_assessment_handled(d.client_id, d.user_id, d.submitted_at),
      u.status = 'active', u.region
    FROM (SELECT DISTINCT ON (a.client_id, a.user_id) a.client_id, a.user_id, a.id, a.submitted_at, a.risk_band
      FROM assessment_attempts a WHERE a.status = 'submitted' AND a.user_id = ANY (person_ids)
      ORDER BY a.client_id, a.user_id, a.submitted_at DESC, a.id DESC) d JOIN users u ON u.id = d.user_id;
    RETURN;
  END IF;
  nestloop := current_setting('enable_nestloop');
  PERFORM set_config('enable_nestloop', 'off', true);
  EXECUTE 'SELECT 1 FROM users u JOIN unnest($1) p (id) ON p.id = u.id ORDER BY u.id FOR NO KEY UPDATE OF u' USING person_ids;
  EXECUTE 'DELETE FROM latest_self_assessments l USING unnest($1) p (id) WHERE l.user_id = p.id' USING person_ids;
  EXECUTE 'INSERT INTO latest_self_assessments (client_id, user_id, attempt_id, submitted_at, risk_band, active, region)
    SELECT d.client_id, d.user_id, d.id, d.submitted_at, d.risk_band, u.status = ''active'', u.region
    FROM (SELECT DISTINCT ON (a.client_id, a.user_id) a.client_id, a.user_id, a.id, a.submitted_at, a.risk_band
      FROM assessment_attempts a JOIN unnest($1) p (id) ON p.id = a.user_id WHERE a.status = ''submitted''
      ORDER BY a.client_id, a.user_id, a.submitted_at DESC, a.id DESC) d JOIN users u ON u.id = d.user_id' USING person_ids;
  PERFORM set_config('enable_nestloop', nestloop, true);
  -- Probed by index per row written (evaluation_requests_user, evaluations_employee).
  UPDATE latest_self_assessments l SET handled = true
  WHERE l.user_id = ANY (person_ids) AND latest_self_assessment_handled(l.client_id, l.user_id, l.submitted_at);
END $$;

-- Requests made, moved to another person, client or time, or deleted.
CREATE FUNCTION latest_self_assessments_on_requests() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM old_rows);
  ELSE
    -- Booking, cancelling and completing a request change nothing here.
    touched := ARRAY(
      SELECT DISTINCT x.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.user_id), (o.user_id)) x (user_id)
      WHERE (n.user_id, n.client_id, n.created_at) IS DISTINCT FROM (o.user_id, o.client_id, o.created_at));
  END IF;
  IF cardinality(touched) > 0 THEN
    PERFORM latest_self_assessments_mark(touched);
  END IF;
  RETURN NULL;
END $$;

-- Reports started, moved to another person, client or time, or deleted.
CREATE FUNCTION latest_self_assessments_on_evaluations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT employee_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT employee_id FROM old_rows);
  ELSE
    -- The workflow's transitions (status, texts, dates of review) change nothing here.
    touched := ARRAY(
      SELECT DISTINCT x.employee_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.employee_id), (o.employee_id)) x (employee_id)
      WHERE (n.employee_id, n.client_id, n.created_at) IS DISTINCT FROM (o.employee_id, o.client_id, o.created_at));
  END IF;
  IF cardinality(touched) > 0 THEN
    PERFORM latest_self_assessments_mark(touched);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER latest_self_assessments_requests_insert AFTER INSERT ON evaluation_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_requests();
CREATE TRIGGER latest_self_assessments_requests_update AFTER UPDATE ON evaluation_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_requests();
CREATE TRIGGER latest_self_assessments_requests_delete AFTER DELETE ON evaluation_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_requests();
CREATE TRIGGER latest_self_assessments_evaluations_insert AFTER INSERT ON evaluations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_evaluations();
CREATE TRIGGER latest_self_assessments_evaluations_update AFTER UPDATE ON evaluations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_evaluations();
CREATE TRIGGER latest_self_assessments_evaluations_delete AFTER DELETE ON evaluations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_evaluations();

-- An account switched off or on, or moved to another region (the row is locked by the update itself,
-- so a refresh above waits for it and reads the new values).
CREATE FUNCTION latest_self_assessments_on_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE latest_self_assessments SET active = NEW.status = 'active', region = NEW.region WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER latest_self_assessments_user AFTER UPDATE OF status, region ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.region IS DISTINCT FROM NEW.region) EXECUTE FUNCTION latest_self_assessments_on_user();

UPDATE latest_self_assessments l SET handled = latest_self_assessment_handled(l.client_id, l.user_id, l.submitted_at),
  active = u.status = 'active', region = u.region FROM users u WHERE u.id = l.user_id;

-- The high-risk employees still waiting, oldest first, read from the index alone.
DROP INDEX latest_self_assessments_high;
CREATE INDEX latest_self_assessments_unhandled ON latest_self_assessments (client_id, submitted_at, user_id) INCLUDE (attempt_id, region)
  WHERE risk_band = 'high' AND NOT handled AND active;

-- 2. Eligible employees (figure-definitions.ts: a client's active accounts whose role makes them
--    employees) by region, counted from a rollup of accounts by client, region, role and status kept
--    by triggers on users in the writing transaction (INSERT … ON CONFLICT DO UPDATE, in key order,
--    so concurrent writers neither lose a change nor deadlock), instead of 40,000 index entries per
--    call. Which roles count is read at query time (role_permissions), so a permission granted or
--    withdrawn counts at once. `has_region` keeps an account without a region apart from one whose
--    region is ''.
CREATE TABLE user_counts (
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  role_id integer NOT NULL,
  status text NOT NULL,
  has_region boolean NOT NULL,
  region text NOT NULL,
  people integer NOT NULL,
  PRIMARY KEY (client_id, role_id, status, has_region, region)
);

-- Adds the accounts given (+1) and takes away the ones given with -1, in key order.
CREATE FUNCTION user_counts_add(clients integer[], roles integer[], statuses text[], regions text[], signs integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO user_counts AS t (client_id, role_id, status, has_region, region, people)
  SELECT c, r, s, g IS NOT NULL, coalesce(g, ''), sum(n) FROM unnest(clients, roles, statuses, regions, signs) x (c, r, s, g, n)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (client_id, role_id, status, has_region, region) DO UPDATE SET people = t.people + excluded.people
$$;

-- Rows inserted or deleted, or one row's old and new values.
CREATE FUNCTION user_counts_on_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_counts_add(array_agg(client_id), array_agg(role_id), array_agg(status), array_agg(region), array_agg(1)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM user_counts_add(array_agg(client_id), array_agg(role_id), array_agg(status), array_agg(region), array_agg(-1)) FROM old_rows;
  ELSE
    PERFORM user_counts_add(ARRAY[OLD.client_id, NEW.client_id], ARRAY[OLD.role_id, NEW.role_id], ARRAY[OLD.status, NEW.status],
      ARRAY[OLD.region, NEW.region], ARRAY[-1, 1]);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER user_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_on_users();
CREATE TRIGGER user_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_on_users();
-- Only a change of what is counted: a sign-in or a new name writes nothing here.
CREATE TRIGGER user_counts_update AFTER UPDATE OF client_id, role_id, status, region ON users FOR EACH ROW
  WHEN ((OLD.client_id, OLD.role_id, OLD.status, OLD.region) IS DISTINCT FROM (NEW.client_id, NEW.role_id, NEW.status, NEW.region))
  EXECUTE FUNCTION user_counts_on_users();

INSERT INTO user_counts (client_id, role_id, status, has_region, region, people)
SELECT client_id, role_id, status, region IS NOT NULL, coalesce(region, ''), count(*) FROM users GROUP BY 1, 2, 3, 4, 5;

-- 3. Overdue follow-ups: the client's unanswered ones by due date (counted and the oldest named).
CREATE INDEX follow_ups_client_unanswered ON follow_ups (client_id, due_at, id) WHERE answered_at IS NULL;

-- 4. The pipeline, reports finalized and follow-ups answered over a period count rows and distinct
--    employees: the indexes on the period's column hold the status and the employee, so no row is
--    visited (the earlier indexes on the same columns go).
CREATE INDEX evaluation_requests_client_created ON evaluation_requests (client_id, created_at) INCLUDE (status, user_id);
DROP INDEX evaluation_requests_client;
CREATE INDEX evaluations_client_created_people ON evaluations (client_id, created_at) INCLUDE (status, employee_id);
DROP INDEX evaluations_client_created;
CREATE INDEX evaluations_client_finalized_reports ON evaluations (client_id, finalized_at) INCLUDE (employee_id, request_id, created_at)
  WHERE status = 'finalized';
CREATE INDEX follow_ups_client_answered ON follow_ups (client_id, answered_at) INCLUDE (employee_id);
DROP INDEX follow_ups_client;
-- The request behind each finalized report, for the wait from request to report.
CREATE UNIQUE INDEX evaluation_requests_id_created ON evaluation_requests (id) INCLUDE (created_at);
