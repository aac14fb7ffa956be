-- A withdrawn member's coupons stay (group counts, the orders their passes came from) but no
-- longer name the member: user_id is cleared and owner_withdrawn_at says why it is empty.
ALTER TABLE ${schema}.coupons ADD COLUMN owner_withdrawn_at timestamptz;
ALTER TABLE ${schema}.coupons DROP CONSTRAINT coupons_check;
ALTER TABLE ${schema}.coupons
  ADD CONSTRAINT coupons_owner CHECK (status = 'STANDBY' OR user_id IS NOT NULL OR owner_withdrawn_at IS NOT NULL);
