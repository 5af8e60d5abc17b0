-- Bulk writes to assessment_attempts (seeders, restores, data fixes) reach the rollup triggers of
-- migration 022 with tens of thousands of people in one statement. Looked up with `= ANY (array)`,
-- PostgreSQL may walk an index whose first column is not user_id once per person, which is
-- quadratic: 100,000 people took minutes. Above a few hundred people the set is joined instead,
-- planned for that one statement (EXECUTE) with hash joins, so a bulk write costs one pass over the
-- attempts. A submit, one person, keeps the indexed lookup.
CREATE OR REPLACE FUNCTION dashboard_rollups_collect(person_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  nestloop text;
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
  IF cardinality(person_ids) <= 500 THEN
    PERFORM 1 FROM users WHERE id = ANY (person_ids) ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO dashboard_rollup_src
    SELECT 1, a.id, a.client_id, a.user_id, coalesce(u.region, ''), a.submitted_at, a.overall_score, a.risk_band, a.finding_ids, a.body_scores
    FROM assessment_attempts a JOIN users u ON u.id = a.user_id WHERE a.status = 'submitted' AND a.user_id = ANY (person_ids);
    RETURN;
  END IF;
  nestloop := current_setting('enable_nestloop');
  PERFORM set_config('enable_nestloop', 'off', true);
  EXECUTE 'SELECT 1 FROM users u JOIN unnest($1) p (id) ON p.id = u.id ORDER BY u.id FOR NO KEY UPDATE OF u' USING person_ids;
  EXECUTE 'INSERT INTO dashboard_rollup_src
    SELECT 1, a.id, a.client_id, a.user_id, coalesce(u.region, ''''), a.submitted_at, a.overall_score, a.risk_band, a.finding_ids, a.body_scores
    FROM assessment_attempts a JOIN users u ON u.id = a.user_id JOIN unnest($1) p (id) ON p.id = a.user_id
    WHERE a.status = ''submitted''' USING person_ids;
  PERFORM set_config('enable_nestloop', nestloop, true);
END $$;
