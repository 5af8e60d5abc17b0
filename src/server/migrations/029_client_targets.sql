-- The client's own targets for the Programme Overview's headline figures (SPEC §1 "what programme
-- managers see"): the share of eligible employees who should have taken a self-assessment in a
-- period, and the highest acceptable share of self-assessments with a high-risk result. Set in the
-- admin client form; the defaults are the programme's usual aims.
ALTER TABLE clients ADD COLUMN participation_target_pct smallint NOT NULL DEFAULT 60
  CHECK (participation_target_pct BETWEEN 0 AND 100);
ALTER TABLE clients ADD COLUMN high_risk_ceiling_pct smallint NOT NULL DEFAULT 15
  CHECK (high_risk_ceiling_pct BETWEEN 0 AND 100);
