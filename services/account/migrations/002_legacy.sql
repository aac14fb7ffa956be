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

-- Sample legacy members (password of each: legacy-pass-1). Periods are relative to the seeding day.
INSERT INTO legacy.members (legacy_id, password_salt, password_sha256) VALUES
  ('oldfriend01', 's4lt01', encode(sha256(convert_to('s4lt01' || 'legacy-pass-1', 'UTF8')), 'hex')),
  ('oldfriend02', 's4lt02', encode(sha256(convert_to('s4lt02' || 'legacy-pass-1', 'UTF8')), 'hex')),
  ('oldfriend03', 's4lt03', encode(sha256(convert_to('s4lt03' || 'legacy-pass-1', 'UTF8')), 'hex'))
ON CONFLICT DO NOTHING;

INSERT INTO legacy.pay_history (legacy_id, sdate, edate, curstat, transfer)
SELECT * FROM (VALUES
  -- a running period with 120 days left, after an expired one
  ('oldfriend01', current_date - 400, current_date - 35, 'N', NULL::char(1)),
  ('oldfriend01', current_date - 245, current_date + 120, 'Y', NULL::char(1)),
  -- only expired periods: nothing to convert
  ('oldfriend02', current_date - 800, current_date - 435, 'N', NULL::char(1)),
  -- already merged once
  ('oldfriend03', current_date - 100, current_date + 265, 'Y', 'Y')
) AS v(legacy_id, sdate, edate, curstat, transfer)
WHERE NOT EXISTS (SELECT 1 FROM legacy.pay_history);
