-- The Programme Overview's other figures (SPEC §2 /program-overview, §1 evaluation pipeline, §9 the
-- 2–5 business day promise) on a large client: evaluations by creation and by finalization date read
-- from the index alone, and the eligible employees counted from an index that holds region, status
-- and role (no heap visit for tens of thousands of employees).
CREATE INDEX evaluations_client_created ON evaluations (client_id, created_at) INCLUDE (status);
CREATE INDEX evaluations_client_finalized ON evaluations (client_id, finalized_at) INCLUDE (request_id) WHERE finalized_at IS NOT NULL;
CREATE INDEX users_client_region_eligible ON users (client_id, region) INCLUDE (status, role_id);
