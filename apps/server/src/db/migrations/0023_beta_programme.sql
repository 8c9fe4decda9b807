-- Issue 14: the beta programme. Cohorts of testers joined by invitation codes (or an emailed
-- link), structured beta feedback, and the founder's observed beta sessions with their tasks.

CREATE TABLE beta_cohorts (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 80),
  description text CHECK (length(description) <= 1000),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE beta_invitations (
  id uuid PRIMARY KEY,
  cohort_id uuid NOT NULL REFERENCES beta_cohorts (id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{6,32}$'),
  max_redemptions integer NOT NULL CHECK (max_redemptions BETWEEN 1 AND 10000),
  -- Counted by one conditional UPDATE per redemption: never above the limit, even in parallel.
  redemptions integer NOT NULL DEFAULT 0 CHECK (redemptions >= 0 AND redemptions <= max_redemptions),
  expires_at timestamptz,
  -- An emailed invitation: where it was sent and in which language.
  email text CHECK (email IS NULL OR length(email) <= 254),
  locale text CHECK (locale IS NULL OR locale IN ('en', 'fr', 'de')),
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX beta_invitations_cohort ON beta_invitations (cohort_id, created_at DESC, id DESC);

-- An OAuth sign-up started with an invitation code carries it to the callback that makes the account.
ALTER TABLE oauth_attempts ADD COLUMN beta_invitation_code text CHECK (length(beta_invitation_code) <= 64);

CREATE TABLE beta_testers (
  id uuid PRIMARY KEY,
  cohort_id uuid NOT NULL REFERENCES beta_cohorts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invitation_id uuid REFERENCES beta_invitations (id) ON DELETE SET NULL,
  joined_at timestamptz NOT NULL,
  -- A person is a tester of a cohort once.
  UNIQUE (cohort_id, user_id)
);
CREATE INDEX beta_testers_user ON beta_testers (user_id);

CREATE TABLE beta_feedback (
  id uuid PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  visitor_id uuid REFERENCES visitor_sessions (id) ON DELETE SET NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  reason text NOT NULL CHECK (reason IN ('bug', 'confusing', 'missing_feature', 'slow', 'praise', 'other')),
  screen text NOT NULL CHECK (length(screen) BETWEEN 1 AND 64),
  route text CHECK (length(route) <= 300),
  listing_id uuid,
  draft_id uuid,
  -- The release: what the server knows of itself, and what the client says it runs.
  server_version text NOT NULL,
  release_tag text NOT NULL,
  app_version text CHECK (length(app_version) <= 64),
  -- Free text as localised text: the original and its language, and the staff translation.
  body text CHECK (length(body) <= 2000),
  body_language text NOT NULL CHECK (body_language IN ('en', 'fr', 'de')),
  translation_language text NOT NULL CHECK (translation_language IN ('en', 'fr', 'de')),
  translation text,
  translation_status text NOT NULL
    CHECK (translation_status IN ('not_needed', 'translated', 'unavailable', 'failed')),
  translation_provider text,
  screenshot_media_id uuid REFERENCES media_files (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  CHECK (translation_status <> 'translated' OR translation IS NOT NULL)
);
CREATE INDEX beta_feedback_created ON beta_feedback (created_at DESC, id DESC);
CREATE INDEX beta_feedback_user ON beta_feedback (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE beta_sessions (
  id uuid PRIMARY KEY,
  -- A tester with an account, or a label for someone without one (the service requires one of
  -- them; an erased account leaves the session with neither, and its notes stay).
  tester_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  tester_label text CHECK (length(tester_label) BETWEEN 1 AND 120),
  -- An observed session is recorded only with the tester's consent, and which text they agreed to.
  consent_given boolean NOT NULL CHECK (consent_given),
  consent_text_version text NOT NULL CHECK (length(consent_text_version) BETWEEN 1 AND 40),
  observed_at timestamptz NOT NULL,
  linked_issues text[] NOT NULL DEFAULT '{}',
  interview_notes text CHECK (length(interview_notes) <= 10000),
  recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX beta_sessions_observed ON beta_sessions (observed_at DESC, id DESC);

CREATE TABLE beta_session_tasks (
  session_id uuid NOT NULL REFERENCES beta_sessions (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  task text NOT NULL CHECK (length(task) BETWEEN 1 AND 120),
  outcome text NOT NULL CHECK (outcome IN ('success', 'struggled', 'failed')),
  notes text CHECK (length(notes) <= 2000),
  PRIMARY KEY (session_id, position)
);
