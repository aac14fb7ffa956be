-- The predecessor service's member store, read (and its TRANSFER flag set) by the account
-- service only. Passwords there are SHA-256(salt || password) hex, as the old system kept them.
CREATE SCHEMA IF NOT EXISTS legacy;

CREATE TABLE IF NOT EXISTS legacy.members (
  legacy_id      text PRIMARY KEY,
  password_salt  text NOT NULL,
  password_sha256 text NOT NULL
);

-- Pay history: SDATE, EDATE, CURSTAT (Y = still running, N = expired), TRANSFER (NULL, or Y once merged).
CREATE TABLE IF NOT EXISTS legacy.pay_history (
  id         serial PRIMARY KEY,
  legacy_id  text NOT NULL REFERENCES legacy.members (legacy_id),
  sdate      date NOT NULL,
  edate      date NOT NULL,
  curstat    char(1) NOT NULL CHECK (curstat IN ('Y', 'N')),
  transfer   char(1) CHECK (transfer = 'Y')
);
CREATE INDEX IF NOT EXISTS pay_history_member ON legacy.pay_history (legacy_id);

-- No rows here: sample predecessor members are development data (scripts/seed.ts, seedLegacySamples),
-- and real ones are loaded by the operator (npm run account:import-legacy -- FILE). Databases that
-- got the sample rows from an earlier version of this file lose them in 003_remove_legacy_samples.sql.
