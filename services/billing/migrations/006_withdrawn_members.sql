-- Members who withdrew (UserWithdrawn). Their payment records stay for the legal period
-- (전자상거래법: 대금결제 기록 5년) and the administrator's payment list marks them as 탈퇴 회원,
-- which the account service can no longer say: it erased their data. Only the id and the time.
CREATE TABLE ${schema}.withdrawn_members (
  user_id      integer PRIMARY KEY,
  withdrawn_at timestamptz NOT NULL
);

-- Earlier withdrawals of members who ever subscribed: the withdrawal queued their billing keys
-- for deletion (005). Nothing else billing keeps tells a withdrawal apart from a typed reason.
INSERT INTO ${schema}.withdrawn_members (user_id, withdrawn_at)
SELECT user_id, min(requested_at) FROM ${schema}.billing_key_deletions GROUP BY user_id
ON CONFLICT (user_id) DO NOTHING;
