-- The risk-reduction panel (docs/product.md "Outcomes: the risk-reduction panel";
-- src/server/domain/dashboards/outcome-figures.ts) reads, for each employee with an action in the
-- period, the latest self-assessment before it and after it with their body regions. Migration 024's
-- index held the band and score but not the body regions, so each of those two look-ups went to the
-- table as well: with body_scores included both are answered from the index alone (about half the
-- panel's time on the big seed's largest client). Employee search reads the same index as before.
DROP INDEX IF EXISTS assessment_attempts_client_user_latest;
CREATE INDEX assessment_attempts_client_user_latest ON assessment_attempts (client_id, user_id, submitted_at DESC, id DESC)
  INCLUDE (area, overall_score, risk_band, body_scores) WHERE status = 'submitted';
