-- Members, one-time mail tokens, withdrawals, the paid-pass projection and legacy merges.
-- ${schema} is the account schema (kit migrate replaces it).

CREATE TABLE ${schema}.users (
  id                 serial PRIMARY KEY,
  -- As typed; uniqueness is case-insensitive (index below). Replaced by a placeholder on withdrawal.
  email              text NOT NULL,
  name               text NOT NULL,
  phone              text NOT NULL,
  -- argon2id PHC string (peppered); '' once withdrawn, so no password matches.
  password_hash      text NOT NULL,
  grade              smallint NOT NULL DEFAULT 1 CHECK (grade IN (0, 1)),
  email_verified     boolean NOT NULL DEFAULT false,
  -- Spec §4 curKey: the device that currently holds the account ('' = none yet).
  device_key         text NOT NULL DEFAULT '',
  recommender_id     integer REFERENCES ${schema}.users (id),
  recommend_type     text NOT NULL DEFAULT 'NORMAL',
  privacy_agreed_at  timestamptz,
  terms_agreed_at    timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  last_login_at      timestamptz,
  withdrawn_at       timestamptz
);
CREATE UNIQUE INDEX users_email_lower ON ${schema}.users (lower(email));
CREATE INDEX users_active_created ON ${schema}.users (created_at) WHERE withdrawn_at IS NULL;

-- Mail-link tokens: only a SHA-256 of the key is stored; single use, expiring.
CREATE TABLE ${schema}.mail_tokens (
  id          uuid PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES ${schema}.users (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('confirm', 'reset')),
  key_hash    text NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_tokens_user ON ${schema}.mail_tokens (user_id, purpose);

-- Why members left (no personal data: the user row is anonymised in the same transaction).
CREATE TABLE ${schema}.withdrawals (
  user_id       integer PRIMARY KEY REFERENCES ${schema}.users (id),
  reason_main   text NOT NULL,
  reason_sub    text NOT NULL DEFAULT '',
  by_admin      boolean NOT NULL DEFAULT false,
  withdrawn_at  timestamptz NOT NULL DEFAULT now()
);

-- Projection of billing's PassChanged events (ARCHITECTURE rule 1: no reads of billing's tables).
CREATE TABLE ${schema}.passes (
  pass_id     integer PRIMARY KEY,
  user_id     integer NOT NULL,
  item_id     integer NOT NULL,
  status      text NOT NULL,
  start_date  timestamptz,
  end_date    timestamptz,
  -- occurred_at of the event that wrote this row: an older, late event never overwrites a newer state.
  event_time  timestamptz NOT NULL
);
CREATE INDEX passes_user ON ${schema}.passes (user_id);

-- A legacy (predecessor service) period merged into a member's account, once per member and per legacy account.
CREATE TABLE ${schema}.legacy_merges (
  user_id        integer PRIMARY KEY REFERENCES ${schema}.users (id),
  legacy_id      text NOT NULL UNIQUE,
  remaining_days integer NOT NULL CHECK (remaining_days > 0),
  bonus_months   integer NOT NULL,
  merged_at      timestamptz NOT NULL DEFAULT now()
);
