-- Aggregates of the event stream (issue 9). Every table is written so that the
-- order in which events arrive does not matter: per-member facts keep the
-- earliest/latest time (LEAST / newer-wins), per-day facts are sums or sets.
-- Days are Korea Standard Time dates of the event's occurred_at.

-- One row per member ever seen: join day, first day as a paid member, withdrawal.
CREATE TABLE members (
  user_id       integer PRIMARY KEY,
  joined_at     timestamptz,
  first_paid_at timestamptz,
  withdrawn_at  timestamptz
);
CREATE INDEX members_joined ON members (joined_at) WHERE joined_at IS NOT NULL;
CREATE INDEX members_first_paid ON members (first_paid_at) WHERE first_paid_at IS NOT NULL;

-- The latest known state of each pass (PassChanged carries the whole state).
CREATE TABLE passes (
  pass_id    integer PRIMARY KEY,
  user_id    integer NOT NULL,
  item_id    integer NOT NULL,
  status     text NOT NULL,
  start_date timestamptz,
  end_date   timestamptz,
  changed_at timestamptz NOT NULL
);
CREATE INDEX passes_user ON passes (user_id);

-- Completed payments (one per merchant_uid) and refunds (one per event).
CREATE TABLE payments (
  merchant_uid text PRIMARY KEY,
  user_id      integer NOT NULL,
  item_id      integer NOT NULL,
  amount       integer NOT NULL,
  paid_at      timestamptz NOT NULL
);
CREATE INDEX payments_paid_at ON payments (paid_at);
CREATE TABLE refunds (
  event_id     uuid PRIMARY KEY,
  merchant_uid text NOT NULL,
  user_id      integer NOT NULL,
  amount       integer NOT NULL,
  refunded_at  timestamptz NOT NULL
);
CREATE INDEX refunds_refunded_at ON refunds (refunded_at);

-- Distinct visitors per day: 'u:<user id>' for members, 's:<session hash>' for anonymous sessions.
CREATE TABLE visitor_daily (
  day     date NOT NULL,
  visitor text NOT NULL,
  PRIMARY KEY (day, visitor)
);

CREATE TABLE login_daily (
  day    date PRIMARY KEY,
  logins integer NOT NULL DEFAULT 0
);

CREATE TABLE search_daily (
  day      date PRIMARY KEY,
  searches integer NOT NULL DEFAULT 0,
  views    integer NOT NULL DEFAULT 0
);

-- Headwords opened (HeadwordViewed carries word and hanja), per day, for the top-words ranking.
CREATE TABLE word_daily (
  day   date NOT NULL,
  word  text NOT NULL,
  hanja text NOT NULL,
  cnt   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, word, hanja)
);

-- The last N searches of each member (never anonymous visitors), for the admin's "dictionary usage info".
CREATE TABLE user_search_history (
  user_id      integer NOT NULL,
  event_id     uuid NOT NULL,
  searched_at  timestamptz NOT NULL,
  query        text NOT NULL,
  result_count integer NOT NULL,
  PRIMARY KEY (user_id, event_id)
);
CREATE INDEX user_search_history_recent ON user_search_history (user_id, searched_at DESC, event_id DESC);
CREATE TABLE user_search_totals (
  user_id  integer PRIMARY KEY,
  searches integer NOT NULL DEFAULT 0
);
