-- The figures the programme dashboards and custom search read (SPEC §2 /program-overview,
-- /self-assessment-activity, custom search), copied out of each submitted attempt's stored result so
-- that a large client's overview is an index range scan rather than a walk through JSON documents.
-- They are written in the submit transaction (src/server/assessments/attempt-handlers.ts) and never
-- change afterwards, like the result they are copied from.
ALTER TABLE assessment_attempts
  -- The headline score (ROSA final score 1–10 where ROSA applies) and its plain-language band.
  ADD COLUMN overall_score smallint,
  ADD COLUMN risk_band text CHECK (risk_band IS NULL OR risk_band IN ('low', 'moderate', 'high')),
  -- Ids of the findings raised (HSE checklist items failed, ROSA and Cornell findings).
  ADD COLUMN finding_ids text[],
  -- Cornell discomfort score by body region (0–90), only regions with a score above 0.
  ADD COLUMN body_scores jsonb;

UPDATE assessment_attempts SET
  overall_score = round((result->'overall'->>'score')::numeric)::smallint,
  risk_band = result->'overall'->>'band',
  finding_ids = ARRAY(SELECT jsonb_array_elements(result->'findings')->>'id'),
  body_scores = COALESCE((SELECT jsonb_object_agg(b->>'region', (b->>'score')::numeric)
    FROM jsonb_array_elements(result->'bodyMap') b WHERE (b->>'score')::numeric > 0), '{}'::jsonb)
WHERE status = 'submitted';

-- A client's submitted attempts by date with the figures the overview groups by (covering index).
CREATE INDEX assessment_attempts_client_facts ON assessment_attempts (client_id, submitted_at)
  INCLUDE (user_id, area, overall_score, risk_band) WHERE status = 'submitted';
