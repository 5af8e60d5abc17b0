-- "Needs your attention" (SPEC §1 "what programme managers see"; src/server/api/dashboards/
-- overview-attention.ts) lists the corrective actions waiting for help one line per employee. With
-- the owner in migration 033's index, the client's waiting actions are grouped by employee from the
-- index alone, and only the five oldest employees are read for their names: joining every waiting
-- action to its account first read all 100,000 accounts of the big seed (tests/bench/
-- program-overview.ts). The handlers' list reads the same index as before.
DROP INDEX IF EXISTS corrective_actions_waiting;
CREATE INDEX corrective_actions_waiting ON corrective_actions (client_id, updated_at, id) INCLUDE (user_id)
  WHERE state IN ('need_help', 'not_possible');

-- The risk-reduction panel's open and overdue actions today (src/server/domain/dashboards/
-- outcome-figures.ts `liveActions`) count the client's live actions and the employees who own them.
-- Ordered by owner, the index hands them over employee by employee, so they are counted as they are
-- read instead of gathered in a hash table of every owner first (53,000 actions of 8,000 employees on
-- the big seed's largest client). Nothing else reads this index.
DROP INDEX IF EXISTS corrective_actions_client_live;
CREATE INDEX corrective_actions_client_live ON corrective_actions (client_id, user_id) INCLUDE (state, due_at)
  WHERE state IN ('open', 'done', 'not_possible', 'need_help');
