-- Issue 16: Phase A.5 gated no-capture pre-orders. Invitations on reservations, designer commerce
-- terms, caps the database enforces, one setup intent per reservation, the pre-orders themselves,
-- and the payment provider's events stored durably before they are acknowledged.

-- The conversion invitation lives on the reservation (modules/interest owns the table).
ALTER TABLE interest_reservations
  ADD COLUMN invited_at timestamptz,
  ADD COLUMN invite_expires_at timestamptz,
  ADD COLUMN invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD CONSTRAINT interest_reservations_invite_fields CHECK (
    conversion_invite_state = 'not_invited'
    OR (invited_at IS NOT NULL AND invite_expires_at IS NOT NULL AND invite_expires_at > invited_at
        AND price_snapshot IS NOT NULL)
  );

-- A designer's acceptance of the commerce terms for one listing; withdrawn before Phase B by
-- setting withdrawn_at. At most one acceptance in force per listing.
CREATE TABLE designer_terms_acceptances (
  id uuid PRIMARY KEY,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  designer_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  version text NOT NULL CHECK (length(version) BETWEEN 1 AND 32),
  accepted_at timestamptz NOT NULL,
  withdrawn_at timestamptz,
  CHECK (withdrawn_at IS NULL OR withdrawn_at >= accepted_at)
);
CREATE UNIQUE INDEX designer_terms_in_force ON designer_terms_acceptances (listing_id) WHERE withdrawn_at IS NULL;
CREATE INDEX designer_terms_designer ON designer_terms_acceptances (designer_user_id);

-- Per-listing caps. The counters move by one conditional UPDATE each, and the CHECKs hold them at
-- or under the caps whatever the concurrency (no oversell past a cap).
CREATE TABLE preorder_listing_caps (
  listing_id uuid PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
  invitation_cap integer NOT NULL CHECK (invitation_cap BETWEEN 0 AND 100000),
  invited integer NOT NULL DEFAULT 0 CHECK (invited >= 0 AND invited <= invitation_cap),
  preorder_cap integer NOT NULL CHECK (preorder_cap BETWEEN 0 AND 100000),
  preordered integer NOT NULL DEFAULT 0 CHECK (preordered >= 0 AND preordered <= preorder_cap),
  updated_at timestamptz NOT NULL
);

-- Per-buyer limit of active pre-orders, held the same way.
CREATE TABLE preorder_buyers (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  max_active integer NOT NULL CHECK (max_active BETWEEN 0 AND 1000),
  active integer NOT NULL DEFAULT 0 CHECK (active >= 0 AND active <= max_active)
);

-- The provider's customer record of each buyer (one per provider).
CREATE TABLE payment_customers (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  customer_id text NOT NULL CHECK (length(customer_id) BETWEEN 1 AND 255),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, provider)
);

-- A checkout: one setup intent per invited reservation, whatever the concurrency. Its pre-order
-- id is chosen here so events about the setup intent can name it before the pre-order exists.
CREATE TABLE checkout_setup_intents (
  id uuid PRIMARY KEY,
  preorder_id uuid NOT NULL UNIQUE,
  reservation_id uuid NOT NULL UNIQUE REFERENCES interest_reservations (id) ON DELETE CASCADE,
  buyer_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  listing_id uuid NOT NULL,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  provider_customer_id text NOT NULL,
  setup_intent_id text NOT NULL UNIQUE CHECK (length(setup_intent_id) BETWEEN 1 AND 255),
  usage text NOT NULL CHECK (usage = 'off_session'),
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_confirmation',
    'requires_action', 'processing', 'canceled', 'succeeded')),
  -- The provider time (unix seconds) of the event that set the status: an older event never
  -- overwrites a newer state.
  status_event_created bigint,
  last_error_code text CHECK (length(last_error_code) <= 64),
  payment_method_id text,
  expected_amount_minor integer NOT NULL CHECK (expected_amount_minor > 0),
  currency text NOT NULL CHECK (currency = 'GBP'),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX checkout_setup_intents_buyer ON checkout_setup_intents (buyer_user_id);

-- A no-capture pre-order. Status machine: confirmed → cancelled (final), enforced below.
CREATE TABLE pre_orders (
  id uuid PRIMARY KEY,
  checkout_id uuid NOT NULL UNIQUE,
  source_reservation_id uuid NOT NULL,
  buyer_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  listing_id uuid NOT NULL,
  design_owner_id uuid NOT NULL,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  provider_customer_id text NOT NULL,
  setup_intent_id text NOT NULL,
  payment_method_id text NOT NULL,
  expected_amount_minor integer NOT NULL CHECK (expected_amount_minor > 0),
  currency text NOT NULL CHECK (currency = 'GBP'),
  acknowledgement_version text NOT NULL,
  acknowledged_at timestamptz NOT NULL,
  agreement_version text NOT NULL,
  agreement_text text NOT NULL CHECK (length(agreement_text) BETWEEN 1 AND 4000),
  card_brand text,
  card_last4 text CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'),
  card_exp_month integer CHECK (card_exp_month IS NULL OR card_exp_month BETWEEN 1 AND 12),
  card_exp_year integer,
  gate_versions jsonb NOT NULL,
  status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
  cancellation_reason text CHECK (cancellation_reason IS NULL OR cancellation_reason IN
    ('changed_mind', 'price', 'timing', 'found_alternative', 'card_problem', 'other', 'account_erased')),
  cancellation_note text CHECK (length(cancellation_note) <= 500),
  cancelled_at timestamptz,
  card_detached_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  CHECK (status = 'cancelled' OR buyer_user_id IS NOT NULL)
);
-- One pre-order in force per reservation.
CREATE UNIQUE INDEX pre_orders_one_per_reservation ON pre_orders (source_reservation_id) WHERE status = 'confirmed';
CREATE INDEX pre_orders_buyer ON pre_orders (buyer_user_id, created_at DESC, id DESC);
CREATE INDEX pre_orders_listing ON pre_orders (listing_id, status);

-- A cancelled pre-order stays cancelled.
CREATE FUNCTION pre_orders_cancelled_is_final() RETURNS trigger AS $$
BEGIN
  IF OLD.status = 'cancelled' AND NEW.status <> 'cancelled' THEN
    RAISE EXCEPTION 'a cancelled pre-order stays cancelled';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER pre_orders_status_machine BEFORE UPDATE OF status ON pre_orders
  FOR EACH ROW EXECUTE FUNCTION pre_orders_cancelled_is_final();

-- Inbound provider events, stored before the 2xx; one record per provider event id.
CREATE TABLE payment_events (
  id uuid PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
  provider_event_id text NOT NULL CHECK (length(provider_event_id) BETWEEN 1 AND 255),
  type text NOT NULL CHECK (length(type) BETWEEN 1 AND 128),
  object_id text,
  event_created bigint NOT NULL,
  livemode boolean NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL,
  applied_at timestamptz,
  outcome text CHECK (length(outcome) <= 64),
  UNIQUE (provider, provider_event_id)
);
CREATE INDEX payment_events_object ON payment_events (object_id, event_created);
CREATE INDEX payment_events_captures ON payment_events (received_at)
  WHERE type LIKE 'payment_intent.%' OR type LIKE 'charge.%';
