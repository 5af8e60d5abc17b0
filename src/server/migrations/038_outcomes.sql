-- Outcomes the programme can prove (SPEC §1 "from finding to fixed"; docs/product.md "Outcomes: the
-- risk-reduction panel"): the client's targets for the Programme Overview's risk-reduction panel, set
-- in the admin client form, and the indexes its figures read. The defaults are the programme's usual
-- aims: half of the high-risk employees who retake after their actions leave high risk, the median
-- ROSA score falls by at least one point, the share reporting discomfort falls by ten points, at most
-- a fifth of the open actions are overdue, and an employee moved out of high risk costs at most 500 of
-- the client's equipment currency in equipment.
ALTER TABLE clients
  ADD COLUMN moved_out_target_pct smallint NOT NULL DEFAULT 50 CHECK (moved_out_target_pct BETWEEN 0 AND 100),
  ADD COLUMN rosa_drop_target smallint NOT NULL DEFAULT 1 CHECK (rosa_drop_target BETWEEN 0 AND 9),
  ADD COLUMN discomfort_drop_target_pct smallint NOT NULL DEFAULT 10 CHECK (discomfort_drop_target_pct BETWEEN 0 AND 100),
  ADD COLUMN overdue_ceiling_pct smallint NOT NULL DEFAULT 20 CHECK (overdue_ceiling_pct BETWEEN 0 AND 100),
  ADD COLUMN cost_per_move_target integer NOT NULL DEFAULT 500 CHECK (cost_per_move_target BETWEEN 0 AND 1000000);

-- Each employee's first action in a period: a range of the client's actions by date, the owner in
-- the index (src/server/domain/dashboards/outcome-figures.ts).
CREATE INDEX corrective_actions_client_created ON corrective_actions (client_id, created_at) INCLUDE (user_id);
-- Open and overdue actions today: the client's live actions with their state, due date and owner.
CREATE INDEX corrective_actions_client_live ON corrective_actions (client_id, state, due_at) INCLUDE (user_id)
  WHERE state IN ('open', 'done', 'not_possible', 'need_help');
-- Equipment that reached an employee (the cost per employee moved out of high risk), by employee.
CREATE INDEX equipment_requests_user_received ON equipment_requests (user_id, created_at)
  INCLUDE (quantity, unit_price_cents, currency) WHERE state IN ('delivered', 'loaned', 'returned');
