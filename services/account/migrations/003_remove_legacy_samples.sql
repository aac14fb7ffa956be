-- An earlier 002_legacy.sql inserted three sample predecessor members into every database, with a
-- password that is public in the repository (oldfriend01 alone was worth 120 days plus a month).
-- Remove each one that is still the untouched sample: its salt and digest still those of the
-- public password, and never merged into a member of this service (a merged one stays, with its
-- legacy_merges record, for the operator to review). A real member who happens to share the id
-- has another password and is kept.
CREATE TEMP TABLE legacy_samples_to_remove ON COMMIT DROP AS
SELECT m.legacy_id
  FROM legacy.members m
  JOIN (VALUES ('oldfriend01', 's4lt01'), ('oldfriend02', 's4lt02'), ('oldfriend03', 's4lt03'))
       AS sample(legacy_id, salt) ON sample.legacy_id = m.legacy_id
 WHERE m.password_salt = sample.salt
   AND m.password_sha256 = encode(sha256(convert_to(sample.salt || 'legacy-pass-1', 'UTF8')), 'hex')
   AND NOT EXISTS (SELECT 1 FROM ${schema}.legacy_merges g WHERE g.legacy_id = m.legacy_id)
   -- oldfriend03 was seeded as already transferred; for the others a TRANSFER flag means a merge
   -- recorded elsewhere (another schema of a shared database): keep those too.
   AND (m.legacy_id = 'oldfriend03'
        OR NOT EXISTS (SELECT 1 FROM legacy.pay_history h WHERE h.legacy_id = m.legacy_id AND h.transfer = 'Y'));

DELETE FROM legacy.pay_history WHERE legacy_id IN (SELECT legacy_id FROM legacy_samples_to_remove);
DELETE FROM legacy.members WHERE legacy_id IN (SELECT legacy_id FROM legacy_samples_to_remove);
