-- Coupons live beside passes so a coupon used and the pass it grants are one transaction.

-- A pass for a merged legacy period (remaining days + bonus months; never sold).
INSERT INTO ${schema}.products (item_id, name, price, property_id, extra_days, type, listed, purchasable)
VALUES (5, '이전 서비스 기간 통합 이용권', 0, 0, 0, 'FREE', false, false)
ON CONFLICT (item_id) DO NOTHING;

-- A coupon group ("coupon kind"): its coupon type is the catalogue item a coupon grants.
CREATE TABLE ${schema}.coupon_groups (
  group_id     serial PRIMARY KEY,
  coupon_name  text NOT NULL,
  item_id      int NOT NULL REFERENCES ${schema}.products (item_id),
  note         text NOT NULL DEFAULT '',
  -- SYSTEM groups hold coupons the service issues itself (the invited friend's 7-day coupon).
  kind         text NOT NULL DEFAULT 'ADMIN' CHECK (kind IN ('ADMIN', 'SYSTEM')),
  created_by   int,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
-- The duplicate check compares names without case or surrounding spaces.
CREATE UNIQUE INDEX coupon_groups_name ON ${schema}.coupon_groups (lower(btrim(coupon_name)));

CREATE TABLE ${schema}.coupons (
  coupon_id    serial PRIMARY KEY,
  group_id     int NOT NULL REFERENCES ${schema}.coupon_groups (group_id),
  -- 16 symbols of Crockford base32 from the CSPRNG: 80 random bits.
  coupon_code  text NOT NULL UNIQUE,
  status       text NOT NULL CHECK (status IN ('STANDBY', 'USING', 'COMPLETE', 'PRESENT')),
  user_id      int,
  issue_date   timestamptz,
  used_date    timestamptz,
  expired_date timestamptz,
  -- A gifted coupon points at the giver's (now PRESENT) coupon; it does not count as created.
  gifted_from  int REFERENCES ${schema}.coupons (coupon_id) ON DELETE SET NULL,
  -- The order that granted its pass (no foreign key: order clean-ups never wait on coupons).
  order_id     int,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (status = 'STANDBY' OR user_id IS NOT NULL)
);
CREATE INDEX coupons_group ON ${schema}.coupons (group_id, coupon_id);
CREATE INDEX coupons_user ON ${schema}.coupons (user_id, coupon_id DESC) WHERE user_id IS NOT NULL;
-- One gift per coupon, even under concurrent requests.
CREATE UNIQUE INDEX coupons_gift_once ON ${schema}.coupons (gifted_from) WHERE gifted_from IS NOT NULL;

-- Joins through a member's recommendation (from UserJoined); the key makes a redelivery count once.
CREATE TABLE ${schema}.referral_joins (
  recommender_id int NOT NULL,
  joined_user_id int NOT NULL,
  joined_at      timestamptz NOT NULL,
  PRIMARY KEY (recommender_id, joined_user_id)
);

-- Each threshold (5, 10, 20 joins) rewards a recommender once.
CREATE TABLE ${schema}.referral_rewards (
  recommender_id int NOT NULL,
  threshold      int NOT NULL,
  item_id        int NOT NULL REFERENCES ${schema}.products (item_id),
  pass_id        int,
  granted_at     timestamptz NOT NULL,
  PRIMARY KEY (recommender_id, threshold)
);

-- One legacy-merge pass per member (the account service allows one merge per member).
CREATE TABLE ${schema}.legacy_grants (
  user_id        int PRIMARY KEY,
  remaining_days int NOT NULL CHECK (remaining_days > 0),
  bonus_months   int NOT NULL CHECK (bonus_months >= 0),
  pass_id        int,
  granted_at     timestamptz NOT NULL
);
