-- The currency a payment was charged in (ISO 4217): KRW, or USD for the international wallet,
-- whose `amount` is then in dollars. NULL when the provider did not state one. Payments before
-- this column were all verified against won amounts on a won-only checkout.
ALTER TABLE ${schema}.payments ADD COLUMN currency text;
UPDATE ${schema}.payments SET currency = 'KRW';
