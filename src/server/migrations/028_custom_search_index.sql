-- Custom search of self-assessments (SPEC §2 /user/custom-search-self-assessment) on a large client:
-- a condition no index can answer (a finding's words, a body region, an area) is checked on every
-- submitted attempt of the client. This index holds every searchable figure, and the report address
-- the grid links to, in the grid's default order (newest first, ties by id), so the search reads the
-- index alone (about a fifth of the table's bytes, which carry each attempt's answers and result)
-- and a page of the newest matches stops after its 100 rows. Measured: tests/bench/custom-search.ts.
CREATE INDEX assessment_attempts_client_search ON assessment_attempts (client_id, submitted_at DESC NULLS LAST, id DESC)
  INCLUDE (user_id, area, overall_score, risk_band, finding_ids, body_scores, report_token) WHERE status = 'submitted';
