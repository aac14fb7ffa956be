-- A withdrawn member's billing keys (cards registered at PortOne for auto-billing) are deleted at
-- the provider. The request is written in the withdrawal's transaction; a job deletes each key and
-- retries with back-off until PortOne confirms it (or answers that it is already gone).
CREATE TABLE ${schema}.billing_key_deletions (
  customer_uid    text PRIMARY KEY,
  user_id         integer NOT NULL,
  requested_at    timestamptz NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error      text,
  deleted_at      timestamptz
);
CREATE INDEX billing_key_deletions_due ON ${schema}.billing_key_deletions (next_attempt_at) WHERE deleted_at IS NULL;
