-- Billing owns products, orders, payments, subscriptions (billing keys) and passes.
-- Money is integer won everywhere (int, never numeric/float).

CREATE TABLE ${schema}.products (
  item_id      int PRIMARY KEY,
  name         text NOT NULL,
  price        int NOT NULL CHECK (price >= 0),      -- won per month (spec: price × PROPERTY_ID months)
  property_id  int NOT NULL CHECK (property_id >= 0), -- months
  extra_days   int NOT NULL DEFAULT 0,               -- for the 1-week pass
  type         text NOT NULL,                        -- SUBSCRIBE | PASS | FREE
  listed       boolean NOT NULL DEFAULT false,       -- shown by selectOrderItems
  purchasable  boolean NOT NULL DEFAULT false        -- may be bought as a one-off payment
);

INSERT INTO ${schema}.products (item_id, name, price, property_id, extra_days, type, listed, purchasable) VALUES
  (1, '1개월 이용권', 3800, 1, 0, 'PASS', false, true),
  (2, '3개월 이용권', 2500, 3, 0, 'PASS', false, true),
  (3, '12개월 이용권', 1800, 12, 0, 'PASS', false, true),
  (4, '1주 무료 이용권', 0, 0, 7, 'FREE', false, false),
  (6, '베이직 정기결제 (월)', 3000, 1, 0, 'SUBSCRIBE', true, true);

-- One order per payment attempt; merchant_uid is the idempotency key of a payment.
CREATE TABLE ${schema}.orders (
  order_id     serial PRIMARY KEY,
  merchant_uid text NOT NULL UNIQUE,
  user_id      int NOT NULL,
  item_id      int NOT NULL REFERENCES ${schema}.products (item_id),
  name         text NOT NULL,
  amount       int NOT NULL CHECK (amount >= 0),
  kind         text NOT NULL CHECK (kind IN ('ONEOFF', 'SUBSCRIBE', 'RENEWAL', 'ADMIN')),
  status       text NOT NULL CHECK (status IN ('STANDBY', 'SUCCESS', 'FAIL', 'CANCEL')),
  pg           text,
  pay_method   text,
  subscription_id int,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user ON ${schema}.orders (user_id, created_at DESC);

-- The provider's record of an order, as last verified.
CREATE TABLE ${schema}.payments (
  order_id        int PRIMARY KEY REFERENCES ${schema}.orders (order_id),
  imp_uid         text UNIQUE,
  status          text NOT NULL CHECK (status IN ('ready', 'paid', 'failed', 'cancelled')),
  amount          int NOT NULL CHECK (amount >= 0),
  refunded_amount int NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  fail_reason     text,
  refund_reason   text,
  paid_at         timestamptz,
  refunded_at     timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ${schema}.subscriptions (
  subscription_id serial PRIMARY KEY,
  customer_uid    text NOT NULL,
  user_id         int NOT NULL,
  item_id         int NOT NULL REFERENCES ${schema}.products (item_id),
  status          text NOT NULL CHECK (status IN ('STANDBY', 'START', 'CANCEL', 'LOCK', 'FAIL')),
  pass_id         int,
  cycle           int NOT NULL DEFAULT 0,
  retry_count     int NOT NULL DEFAULT 0,
  next_charge_at  timestamptz,
  cancel_reason   text,
  cancelled_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
-- At most one live subscription per billing key.
CREATE UNIQUE INDEX subscriptions_live ON ${schema}.subscriptions (customer_uid) WHERE status IN ('STANDBY', 'START');
CREATE INDEX subscriptions_due ON ${schema}.subscriptions (next_charge_at) WHERE status = 'START';

-- A pass ("used item"): a period of paid use.
CREATE TABLE ${schema}.passes (
  pass_id         serial PRIMARY KEY,
  user_id         int NOT NULL,
  item_id         int NOT NULL REFERENCES ${schema}.products (item_id),
  order_id        int NOT NULL UNIQUE REFERENCES ${schema}.orders (order_id),
  subscription_id int REFERENCES ${schema}.subscriptions (subscription_id),
  status          text NOT NULL CHECK (status IN ('START', 'STANDBY', 'FAIL', 'CANCEL', 'EXPIRED', 'LOCK')),
  start_date      timestamptz NOT NULL,
  end_date        timestamptz NOT NULL,
  lock_date       timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  update_date     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX passes_user ON ${schema}.passes (user_id, start_date DESC);
CREATE INDEX passes_live ON ${schema}.passes (end_date) WHERE status IN ('START', 'STANDBY');

-- Renewal orders point at the pass they extend (the pass keeps its first order).
ALTER TABLE ${schema}.orders ADD COLUMN pass_id int REFERENCES ${schema}.passes (pass_id);
