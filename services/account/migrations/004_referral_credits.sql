-- The referral credit ledger (domain/referral.ts): one row per referred member whose confirmed
-- mail address credited their recommender. The phone number and the mailbox are stored as keyed
-- hashes, unique, so one person credits one referral for the life of the service (a withdrawal
-- empties the users row; this row stays, holding nothing readable).
CREATE TABLE ${schema}.referral_credits (
  member_id      integer PRIMARY KEY REFERENCES ${schema}.users (id),
  recommender_id integer NOT NULL REFERENCES ${schema}.users (id),
  phone_key      text UNIQUE,
  mailbox_key    text NOT NULL UNIQUE,
  credited_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_credits_recommender_day ON ${schema}.referral_credits (recommender_id, credited_at);
