-- The equipment grids (docs/product.md "Equipment"; src/server/api/equipment/request-rows.ts) on a
-- client with tens of thousands of requests: a page of 100 and the filter's count, each read from one
-- index without visiting the table. The grid filters a category by the request's item id and
-- searches by the ids of the matching employees and items, so none of its filters needs a join.

-- Newest first (the default sort) and any category or search: the item and employee ids, and the
-- state, ride along in the index, so the walk to the page and the count are index-only.
DROP INDEX IF EXISTS equipment_requests_client;
CREATE INDEX equipment_requests_client ON equipment_requests (client_id, created_at DESC, id DESC)
  INCLUDE (user_id, item_id, state);

-- One state (the state filter), newest first, and its count.
CREATE INDEX equipment_requests_client_state ON equipment_requests (client_id, state, created_at DESC, id DESC)
  INCLUDE (user_id, item_id);

-- Sorted by amount, the grid's `total_cents` (quantity times the unit price fixed when requested): the
-- page is the first entries of this index that pass the filter, not a sort of every request.
CREATE INDEX equipment_requests_client_amount ON equipment_requests (client_id, (quantity * unit_price_cents) DESC, id DESC)
  INCLUDE (item_id, user_id, state);

-- The search box matches any part of "first last" (lower(…) LIKE '%text%'); the e-mail has its
-- trigram index since migration 008. Where pg_trgm may not be created the search still works, by
-- scanning the employees.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
  CREATE INDEX users_full_name_trgm ON users USING gin (lower(first_name || ' ' || last_name) public.gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): the equipment search scans the employees', SQLERRM;
END $$;
