-- Members who withdrew (account's UserWithdrawn): their passes are deleted, and a PassChanged that
-- billing sends later must not bring them back, so the withdrawal itself is remembered here.
CREATE TABLE withdrawn_users (
  user_id      integer PRIMARY KEY,
  withdrawn_at timestamptz NOT NULL
);
