-- The dictionary's own projection of billing's PassChanged events: who is a paid member
-- (a pass with status START whose end date is in the future). Fed by events/passes.ts.
CREATE TABLE passes (
  pass_id     integer PRIMARY KEY,
  user_id     integer     NOT NULL,
  item_id     integer     NOT NULL,
  status      text        NOT NULL,
  start_date  timestamptz,
  end_date    timestamptz,
  -- occurred_at of the event that wrote this row: a late, older event never overwrites a newer state.
  event_time  timestamptz NOT NULL
);
CREATE INDEX passes_user ON passes (user_id);
