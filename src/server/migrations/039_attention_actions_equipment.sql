-- "Needs your attention" (SPEC §1 "what programme managers see"; docs/product.md): a high-risk
-- employee has had something done since their latest self-assessment (`handled`, migration 032) when,
-- at or after it,
--   * they asked for an evaluation, or an evaluator started a report for them (as before);
--   * one of their corrective actions (migration 033) moved out of `open`: marked done, not possible
--     or needing help by the employee, or closed by the programme (`verified` does not count: a later
--     self-assessment fires it, and that self-assessment is then the latest one);
--   * they asked for equipment (migration 035).
-- The flag stays in the writing transaction, under migration 032's lock per employee, by triggers on
-- both tables, as for requests and reports.
CREATE OR REPLACE FUNCTION latest_self_assessment_handled(client integer, person integer, since timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM evaluation_requests r WHERE r.user_id = person AND r.client_id = client AND r.created_at >= since)
    OR EXISTS (SELECT 1 FROM evaluations e WHERE e.employee_id = person AND e.client_id = client AND e.created_at >= since)
    OR EXISTS (SELECT 1 FROM corrective_actions a WHERE a.user_id = person AND a.client_id = client
      AND a.state IN ('done', 'not_possible', 'need_help', 'closed') AND a.updated_at >= since)
    OR EXISTS (SELECT 1 FROM equipment_requests q WHERE q.user_id = person AND q.client_id = client AND q.created_at >= since)
$$;

-- Actions raised, moved or deleted: the people whose actions changed state, owner, client or time.
CREATE FUNCTION latest_self_assessments_on_actions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM new_rows WHERE state <> 'open');
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM old_rows WHERE state <> 'open');
  ELSE
    -- Reminders sent and notes edited change nothing here.
    touched := ARRAY(
      SELECT DISTINCT x.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.user_id), (o.user_id)) x (user_id)
      WHERE (n.user_id, n.client_id, n.state, n.updated_at) IS DISTINCT FROM (o.user_id, o.client_id, o.state, o.updated_at));
  END IF;
  IF cardinality(touched) > 0 THEN
    PERFORM latest_self_assessments_mark(touched);
  END IF;
  RETURN NULL;
END $$;

-- Equipment requests made, moved to another person, client or time, or deleted.
CREATE FUNCTION latest_self_assessments_on_equipment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT user_id FROM old_rows);
  ELSE
    -- Approving, ordering, delivering and returning change nothing here.
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

CREATE TRIGGER latest_self_assessments_actions_insert AFTER INSERT ON corrective_actions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_actions();
CREATE TRIGGER latest_self_assessments_actions_update AFTER UPDATE ON corrective_actions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_actions();
CREATE TRIGGER latest_self_assessments_actions_delete AFTER DELETE ON corrective_actions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_actions();
CREATE TRIGGER latest_self_assessments_equipment_insert AFTER INSERT ON equipment_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_equipment();
CREATE TRIGGER latest_self_assessments_equipment_update AFTER UPDATE ON equipment_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_equipment();
CREATE TRIGGER latest_self_assessments_equipment_delete AFTER DELETE ON equipment_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION latest_self_assessments_on_equipment();

UPDATE latest_self_assessments l SET handled = latest_self_assessment_handled(l.client_id, l.user_id, l.submitted_at)
WHERE NOT l.handled;

-- The Programme Overview's region filter (SPEC §2 /program-overview) joins each period's rows to the
-- accounts of the regions chosen: read from this index alone rather than by scanning every account of
-- every client (the 24-month, one-region overview of a 40,000-employee client: tests/bench/program-overview.ts).
CREATE INDEX users_region_id ON users (region, id);
