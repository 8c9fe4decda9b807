-- Accounts: sessions with rotating refresh tokens, single-use email tokens, external identities,
-- anonymous visitor sessions, database-enforced rate limits, and the local email outbox.

ALTER TABLE users
  ADD COLUMN signup_provider text NOT NULL DEFAULT 'password' CHECK (signup_provider IN ('password', 'google', 'apple')),
  ADD COLUMN consent_state text NOT NULL DEFAULT 'unset' CHECK (consent_state IN ('granted', 'denied', 'unset')),
  ADD COLUMN source_attribution jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN password_changed_at timestamptz;

-- A session is one sign-in on one device: the family of refresh tokens rotated from it.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('password', 'google', 'apple')),
  device_id text CHECK (length(device_id) <= 128),
  ip_address text,
  user_agent text CHECK (length(user_agent) <= 512),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('logout', 'password_changed', 'password_reset', 'refresh_token_reused', 'role_changed'))
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id) WHERE revoked_at IS NULL;

-- Refresh tokens are stored only as SHA-256 hashes. A token that was rotated and is presented
-- again means it leaked: the whole session is revoked.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz
);
CREATE UNIQUE INDEX refresh_tokens_one_current_per_session ON refresh_tokens (session_id) WHERE rotated_at IS NULL;

CREATE TABLE email_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, purpose);

CREATE TABLE user_identities (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('google', 'apple')),
  subject text NOT NULL,
  email text,
  email_verified boolean NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (provider, subject),
  UNIQUE (user_id, provider)
);

-- An OAuth attempt: state, nonce and PKCE verifier, kept server-side and usable once.
CREATE TABLE oauth_attempts (
  state_hash text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('google', 'apple')),
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  visitor_session_id uuid,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- A visitor without an account. What it owns (saves, reservations) moves to the account that
-- claims it on register or sign-in.
CREATE TABLE visitor_sessions (
  id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  consent_state text NOT NULL DEFAULT 'unset' CHECK (consent_state IN ('granted', 'denied', 'unset')),
  source_attribution jsonb NOT NULL DEFAULT '{}',
  claimed_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  claimed_at timestamptz
);

-- Rate limits that hold across processes. `last_at` is for one-per-interval limits; `window_start`
-- and `count` for fixed-window counters.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  last_at timestamptz NOT NULL
);

-- Local email: messages kept in the database and readable at /dev/mailbox (APP_ENV=local only).
CREATE TABLE email_outbox (
  id uuid PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL
);
