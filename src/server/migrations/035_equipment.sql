-- Equipment (SPEC §1 "from finding to fixed"; manifest/workflows/equipment.yaml): each client's own
-- catalogue, kept in the admin center, and the employees' requests from a report's recommendation,
-- approved (automatically under the client's limit), ordered and delivered, or loaned and returned.
-- Money is kept in minor units (cents) with its ISO 4217 currency, never as a float.

-- The client's limits: requests whose total is under the automatic-approval amount skip the
-- manager; the yearly budget is what the manager's spend is compared with. NULL: none set.
ALTER TABLE clients
  ADD COLUMN equipment_currency char(3) NOT NULL DEFAULT 'EUR' CHECK (equipment_currency ~ '^[A-Z]{3}$'),
  ADD COLUMN equipment_auto_approve_cents integer CHECK (equipment_auto_approve_cents IS NULL OR equipment_auto_approve_cents >= 0),
  ADD COLUMN equipment_budget_cents bigint CHECK (equipment_budget_cents IS NULL OR equipment_budget_cents >= 0);

CREATE TABLE equipment_items (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  -- Stable per client; also the key the recommendations and findings name (answers below).
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
  -- One of EQUIPMENT_CATEGORIES (src/shared/equipment/equipment-rules.ts; tests/api/schema-drift.test.ts).
  category text NOT NULL CONSTRAINT equipment_items_category
    CHECK (category IN ('seating', 'desk', 'screen', 'input', 'laptop', 'lighting', 'lab', 'travel', 'other')),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  supplier_ref text NOT NULL DEFAULT '' CHECK (length(supplier_ref) <= 200),
  -- bought: the employee keeps it; loaned: lent from stock for loan_days and returned.
  mode text NOT NULL CHECK (mode IN ('bought', 'loaned')),
  stock integer CHECK (stock IS NULL OR stock >= 0),
  loan_days integer CHECK (loan_days IS NULL OR loan_days BETWEEN 1 AND 730),
  -- A picture: a site path (/images/…) or an https address.
  image text NOT NULL DEFAULT '' CHECK (length(image) <= 500),
  -- The findings (`<area>:<finding id>` or a bare finding id) and recommendation keys
  -- (`recommendation:<key>`) this item answers: the report offers it beside them.
  answers text[] NOT NULL DEFAULT '{}',
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, slug),
  CHECK (mode = 'bought' OR (stock IS NOT NULL AND loan_days IS NOT NULL))
);
CREATE INDEX equipment_items_answers ON equipment_items USING gin (answers);

-- The catalogue's own wording per client and language (SPEC §2 languages); English is required and
-- is what another language falls back to.
CREATE TABLE equipment_item_texts (
  item_id integer NOT NULL REFERENCES equipment_items (id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('en', 'es', 'pt', 'cn', 'ja', 'ko', 'fr', 'de')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 4000),
  PRIMARY KEY (item_id, language)
);

CREATE TABLE equipment_requests (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_id integer NOT NULL REFERENCES equipment_items (id) ON DELETE RESTRICT,
  -- The action (a finding or recommendation) the request answers, when made from one.
  action_id integer REFERENCES corrective_actions (id) ON DELETE SET NULL,
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 10),
  -- Price fixed when requested: a later catalogue change does not rewrite spend.
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  mode text NOT NULL CHECK (mode IN ('bought', 'loaned')),
  -- Where it goes: a delivery address (home) or a desk location (office); at least one.
  delivery_address text CHECK (delivery_address IS NULL OR length(delivery_address) BETWEEN 1 AND 1000),
  desk_location text CHECK (desk_location IS NULL OR length(desk_location) BETWEEN 1 AND 200),
  note text CHECK (note IS NULL OR length(note) <= 2000),
  -- The states of manifest/workflows/equipment.yaml, exactly (tests/api/schema-drift.test.ts).
  state text NOT NULL DEFAULT 'requested' CONSTRAINT equipment_requests_state
    CHECK (state IN ('requested', 'approved', 'declined', 'ordered', 'delivered', 'loaned', 'returned')),
  auto_approved boolean NOT NULL DEFAULT false,
  decided_by integer REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  decline_reason text CHECK (decline_reason IS NULL OR length(decline_reason) BETWEEN 1 AND 2000),
  fulfilled_by integer REFERENCES users (id) ON DELETE SET NULL,
  ordered_at timestamptz,
  delivered_at timestamptz,
  loaned_at timestamptz,
  loan_due_at timestamptz,
  returned_at timestamptz,
  -- The one reminder of an overdue loan (src/server/domain/equipment/): sent at most once.
  overdue_reminded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (delivery_address IS NOT NULL OR desk_location IS NOT NULL),
  CHECK (state <> 'declined' OR decline_reason IS NOT NULL)
);
-- The employee's own requests, newest first.
CREATE INDEX equipment_requests_user ON equipment_requests (user_id, created_at DESC, id DESC);
-- The manager's grid and spend: a client's requests by date.
CREATE INDEX equipment_requests_client ON equipment_requests (client_id, created_at DESC, id DESC);
-- Open requests waiting for the manager.
CREATE INDEX equipment_requests_waiting ON equipment_requests (client_id, created_at) WHERE state = 'requested';
-- Loans out, by due date (overdue loans and their reminder).
CREATE INDEX equipment_requests_loans ON equipment_requests (loan_due_at) WHERE state = 'loaned';
-- One open request per employee and item: a double click or a second tab adds nothing.
CREATE UNIQUE INDEX equipment_requests_live ON equipment_requests (user_id, item_id)
  WHERE state IN ('requested', 'approved', 'ordered');
