-- Monthly rollups of submitted self-assessments for the Programme Overview (SPEC §2 /program-overview,
-- §1 "what programme managers see"): a large client's overview sums a few hundred rollup rows
-- instead of reading hundreds of thousands of attempts. Every figure stays exactly what the raw
-- attempts give, because the rollups are kept by triggers in the same transaction as every write
-- to assessment_attempts (submit, seeders, imports) and to users.region, and additions go through
-- INSERT … ON CONFLICT DO UPDATE so server processes sharing one database never lose an update.
--
-- Dimensions: client (the attempt's), the employee's current region ('' for none), month of
-- submission (UTC), and kind/key: 'all' (one row per attempt), 'finding' (one per raised finding id)
-- and 'body' (one per Cornell region with a score).
CREATE TABLE dashboard_month_facts (
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('all', 'finding', 'body')),
  month date NOT NULL,
  region text NOT NULL,
  key text NOT NULL,
  attempts integer NOT NULL,
  -- Risk bands and scores of 5 and above (kind 'all' only).
  low integer NOT NULL,
  moderate integer NOT NULL,
  high integer NOT NULL,
  action integer NOT NULL,
  -- Values summed for the means: overall scores (kind 'all'), Cornell scores (kind 'body').
  scored integer NOT NULL,
  score_sum numeric NOT NULL,
  PRIMARY KEY (client_id, kind, month, region, key)
);

-- Distinct people over any range of whole months without reading attempts: each person counts once
-- per month they submitted in, with the previous month they did (prev_month, 0001-01-01 for none).
-- The people with a submission in months [A, B) are the rows of those months whose prev_month < A.
CREATE TABLE dashboard_month_people (
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('all', 'body')),
  month date NOT NULL,
  prev_month date NOT NULL,
  region text NOT NULL,
  key text NOT NULL,
  people integer NOT NULL,
  PRIMARY KEY (client_id, kind, month, prev_month, region, key)
);

-- The attempts whose contribution changes, +1 as they are after the write and -1 as they were
-- before it; each person's whole history is there, so prev_month is recomputed exactly.
CREATE FUNCTION dashboard_rollups_collect(person_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_temp.dashboard_rollup_src') IS NULL THEN
    CREATE TEMP TABLE dashboard_rollup_src (
      sign integer NOT NULL, attempt_id bigint, client_id integer NOT NULL, user_id integer NOT NULL, region text NOT NULL,
      submitted_at timestamptz NOT NULL, overall_score smallint, risk_band text, finding_ids text[], body_scores jsonb
    );
  END IF;
  DELETE FROM dashboard_rollup_src;
  IF person_ids IS NULL THEN
    INSERT INTO dashboard_rollup_src
    SELECT 1, a.id, a.client_id, a.user_id, coalesce(u.region, ''), a.submitted_at, a.overall_score, a.risk_band, a.finding_ids, a.body_scores
    FROM assessment_attempts a JOIN users u ON u.id = a.user_id WHERE a.status = 'submitted';
    RETURN;
  END IF;
  -- One writer at a time per person (ordered, so two writers never deadlock): the second sees the
  -- first's committed attempts when it reads the history below.
  PERFORM 1 FROM users WHERE id = ANY (person_ids) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO dashboard_rollup_src
  SELECT 1, a.id, a.client_id, a.user_id, coalesce(u.region, ''), a.submitted_at, a.overall_score, a.risk_band, a.finding_ids, a.body_scores
  FROM assessment_attempts a JOIN users u ON u.id = a.user_id WHERE a.status = 'submitted' AND a.user_id = ANY (person_ids);
END $$;

-- Adds the collected difference to the rollups, in key order (no deadlock between two writers).
CREATE FUNCTION dashboard_rollups_apply() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_month_facts AS t (client_id, kind, month, region, key, attempts, low, moderate, high, action, scored, score_sum)
  SELECT * FROM (
    SELECT s.client_id, x.kind, date_trunc('month', s.submitted_at AT TIME ZONE 'UTC')::date AS month, s.region, x.key, sum(s.sign) AS attempts,
      coalesce(sum(s.sign) FILTER (WHERE x.kind = 'all' AND s.risk_band = 'low'), 0) AS low,
      coalesce(sum(s.sign) FILTER (WHERE x.kind = 'all' AND s.risk_band = 'moderate'), 0) AS moderate,
      coalesce(sum(s.sign) FILTER (WHERE x.kind = 'all' AND s.risk_band = 'high'), 0) AS high,
      coalesce(sum(s.sign) FILTER (WHERE x.kind = 'all' AND s.overall_score >= 5), 0) AS action,
      coalesce(sum(s.sign) FILTER (WHERE x.value IS NOT NULL), 0) AS scored, coalesce(sum(s.sign * x.value), 0) AS score_sum
    FROM dashboard_rollup_src s CROSS JOIN LATERAL (
      SELECT 'all'::text, ''::text, s.overall_score::numeric
      UNION ALL SELECT 'finding', f, NULL::numeric FROM unnest(s.finding_ids) f
      UNION ALL SELECT 'body', b.key, b.value::numeric FROM jsonb_each_text(s.body_scores) b
    ) x (kind, key, value)
    GROUP BY 1, 2, 3, 4, 5
  ) g
  -- Unchanged history cancels out and is not written.
  WHERE (attempts, low, moderate, high, action, scored, score_sum) IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0::numeric)
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (client_id, kind, month, region, key) DO UPDATE SET attempts = t.attempts + excluded.attempts,
    low = t.low + excluded.low, moderate = t.moderate + excluded.moderate, high = t.high + excluded.high,
    action = t.action + excluded.action, scored = t.scored + excluded.scored, score_sum = t.score_sum + excluded.score_sum;

  INSERT INTO dashboard_month_people AS t (client_id, kind, month, prev_month, region, key, people)
  SELECT client_id, kind, month, prev_month, region, key, sum(sign) FROM (
    SELECT d.*, coalesce(lag(d.month) OVER (PARTITION BY d.sign, d.client_id, d.user_id, d.kind, d.key ORDER BY d.month), DATE '0001-01-01') AS prev_month
    FROM (
      SELECT DISTINCT s.sign, s.client_id, s.user_id, s.region, x.kind, x.key, date_trunc('month', s.submitted_at AT TIME ZONE 'UTC')::date AS month
      FROM dashboard_rollup_src s CROSS JOIN LATERAL (
        SELECT 'all'::text, ''::text UNION ALL SELECT 'body', b FROM jsonb_object_keys(s.body_scores) b
      ) x (kind, key)
    ) d
  ) c
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(sign) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (client_id, kind, month, prev_month, region, key) DO UPDATE SET people = t.people + excluded.people;
  DELETE FROM dashboard_rollup_src;
END $$;

-- Attempts inserted, updated or deleted by any statement (the submit transaction, seeders).
CREATE FUNCTION dashboard_rollups_on_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM new_rows WHERE status = 'submitted');
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM old_rows WHERE status = 'submitted');
  ELSE
    -- Saving answers, report states and the like change no figure.
    touched := ARRAY(
      SELECT DISTINCT x.user_id FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.user_id), (o.user_id)) x (user_id)
      WHERE x.user_id IS NOT NULL AND (n.status = 'submitted' OR o.status = 'submitted')
        AND (n.id IS NULL OR o.id IS NULL OR (n.status, n.client_id, n.user_id, n.submitted_at, n.overall_score, n.risk_band, n.finding_ids, n.body_scores)
          IS DISTINCT FROM (o.status, o.client_id, o.user_id, o.submitted_at, o.overall_score, o.risk_band, o.finding_ids, o.body_scores)));
  END IF;
  IF cardinality(touched) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM dashboard_rollups_collect(touched);
  -- Before the write: the rows as they are now, except the written ones, plus the old versions.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_rollup_src SELECT -1, s.attempt_id, s.client_id, s.user_id, s.region, s.submitted_at, s.overall_score, s.risk_band, s.finding_ids, s.body_scores
    FROM dashboard_rollup_src s WHERE s.sign = 1 AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = s.attempt_id);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO dashboard_rollup_src SELECT -1, s.attempt_id, s.client_id, s.user_id, s.region, s.submitted_at, s.overall_score, s.risk_band, s.finding_ids, s.body_scores
    FROM dashboard_rollup_src s WHERE s.sign = 1 AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = s.attempt_id);
    INSERT INTO dashboard_rollup_src SELECT -1, o.id, o.client_id, o.user_id, coalesce(u.region, ''), o.submitted_at, o.overall_score, o.risk_band, o.finding_ids, o.body_scores
    FROM old_rows o JOIN users u ON u.id = o.user_id WHERE o.status = 'submitted';
  ELSE
    INSERT INTO dashboard_rollup_src SELECT -1, s.attempt_id, s.client_id, s.user_id, s.region, s.submitted_at, s.overall_score, s.risk_band, s.finding_ids, s.body_scores
    FROM dashboard_rollup_src s WHERE s.sign = 1;
    INSERT INTO dashboard_rollup_src SELECT -1, o.id, o.client_id, o.user_id, coalesce(u.region, ''), o.submitted_at, o.overall_score, o.risk_band, o.finding_ids, o.body_scores
    FROM old_rows o JOIN users u ON u.id = o.user_id WHERE o.status = 'submitted';
  END IF;
  PERFORM dashboard_rollups_apply();
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_rollups_insert AFTER INSERT ON assessment_attempts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_rollups_on_attempts();
CREATE TRIGGER dashboard_rollups_update AFTER UPDATE ON assessment_attempts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_rollups_on_attempts();
CREATE TRIGGER dashboard_rollups_delete AFTER DELETE ON assessment_attempts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_rollups_on_attempts();

-- An employee moved to another region takes their history along (region filter and results by region).
CREATE FUNCTION dashboard_rollups_on_region() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_rollups_collect(ARRAY[NEW.id]);
  INSERT INTO dashboard_rollup_src SELECT -1, s.attempt_id, s.client_id, s.user_id, coalesce(OLD.region, ''), s.submitted_at, s.overall_score, s.risk_band, s.finding_ids, s.body_scores
  FROM dashboard_rollup_src s WHERE s.sign = 1;
  PERFORM dashboard_rollups_apply();
  RETURN NULL;
END $$;

CREATE TRIGGER dashboard_rollups_region AFTER UPDATE OF region ON users FOR EACH ROW
  WHEN (coalesce(OLD.region, '') IS DISTINCT FROM coalesce(NEW.region, '')) EXECUTE FUNCTION dashboard_rollups_on_region();

-- An employee deleted takes their history along: their attempts go first, while their region is known
-- (the cascade would delete them after the employee's row, too late to find it).
CREATE FUNCTION dashboard_rollups_on_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM assessment_attempts WHERE user_id = OLD.id;
  RETURN OLD;
END $$;

CREATE TRIGGER dashboard_rollups_user_delete BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION dashboard_rollups_on_user_delete();

-- Recomputes the rollups from the attempts: the backfill below, and a repair by hand
-- (`SELECT dashboard_rollups_rebuild()`; tests/api/dashboard-rollups.test.ts compares it with the triggers).
CREATE FUNCTION dashboard_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_month_facts;
  DELETE FROM dashboard_month_people;
  PERFORM dashboard_rollups_collect(NULL);
  PERFORM dashboard_rollups_apply();
END $$;

SELECT dashboard_rollups_rebuild();
