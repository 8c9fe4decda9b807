-- Issue 16: the local payments provider's own state (modules/payments), so its setup intents
-- behave like Stripe's across processes: customers, setup intents and saved cards. It has no
-- payment intents and no charges: nothing here can hold money.

CREATE TABLE local_payment_customers (
  id text PRIMARY KEY CHECK (id ~ '^cus_local_[A-Za-z0-9]+$'),
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  buyer_ref text NOT NULL CHECK (length(buyer_ref) <= 255),
  created_at timestamptz NOT NULL
);

CREATE TABLE local_payment_methods (
  id text PRIMARY KEY CHECK (id ~ '^pm_local_[A-Za-z0-9]+$'),
  customer_id text REFERENCES local_payment_customers (id),
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL CHECK (exp_year BETWEEN 2000 AND 2100),
  created_at timestamptz NOT NULL,
  detached_at timestamptz
);

CREATE TABLE local_payment_setup_intents (
  id text PRIMARY KEY CHECK (id ~ '^seti_local_[A-Za-z0-9]+$'),
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  client_secret text NOT NULL,
  customer_id text NOT NULL REFERENCES local_payment_customers (id),
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_confirmation',
    'requires_action', 'processing', 'canceled', 'succeeded')),
  usage text NOT NULL CHECK (usage IN ('off_session', 'on_session')),
  metadata jsonb NOT NULL DEFAULT '{}',
  -- The card being set up (awaiting authentication) or saved (succeeded).
  payment_method_id text REFERENCES local_payment_methods (id),
  last_error_code text,
  last_error_decline_code text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (status <> 'succeeded' OR payment_method_id IS NOT NULL)
);
