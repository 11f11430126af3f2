import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    -- Earning rules: which event pays how many points, with a cap per member and day.
    CREATE TABLE points_earning_rules (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      rule_key text NOT NULL,
      event text NOT NULL CHECK (event IN ('sign_in', 'sign_in_streak', 'deposit', 'valid_bet', 'mission_completed', 'referral_qualified')),
      amount bigint NOT NULL CHECK (amount > 0),
      daily_cap bigint CHECK (daily_cap > 0),
      params jsonb NOT NULL,
      is_enabled boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX points_earning_rules_key ON points_earning_rules (merchant_id, rule_key);
    CREATE INDEX points_earning_rules_event_idx ON points_earning_rules (merchant_id, event) WHERE is_enabled;

    -- One row per (member, rule, occurrence): the award decided once, paid or capped.
    CREATE TABLE points_awards (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      rule_key text NOT NULL,
      occurrence_key text NOT NULL,
      local_date date NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      requested_amount bigint NOT NULL CHECK (requested_amount > 0),
      note text,
      transfer_id bigint REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL,
      CHECK ((amount > 0) = (transfer_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX points_awards_occurrence_key ON points_awards (member_id, rule_key, occurrence_key);
    CREATE INDEX points_awards_member_idx ON points_awards (member_id, id);

    -- What a rule paid a member on one local day, locked to keep the daily cap under concurrent awards.
    CREATE TABLE points_daily_totals (
      member_id bigint NOT NULL REFERENCES members(id),
      rule_key text NOT NULL,
      local_date date NOT NULL,
      total bigint NOT NULL CHECK (total >= 0),
      PRIMARY KEY (member_id, rule_key, local_date)
    );

    -- The points mall's items: game points (cash at a rate, optionally a promotion's wagering) or gifts.
    CREATE TABLE point_mall_items (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      kind text NOT NULL CHECK (kind IN ('game_points', 'gift')),
      names jsonb NOT NULL,
      descriptions jsonb NOT NULL,
      image_url text,
      points_cost bigint NOT NULL CHECK (points_cost > 0),
      cash_amount bigint CHECK (cash_amount > 0),
      promotion_id bigint REFERENCES promotions(id),
      stock integer CHECK (stock >= 0),
      limit_per_member integer CHECK (limit_per_member > 0),
      is_enabled boolean NOT NULL,
      sort_order integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK ((kind = 'game_points') = (cash_amount IS NOT NULL)),
      CHECK (kind = 'game_points' OR promotion_id IS NULL)
    );
    CREATE INDEX point_mall_items_merchant_idx ON point_mall_items (merchant_id, sort_order, id);

    -- Exchange records: one per redeem; a gift waits (processing) for the operator.
    CREATE TABLE point_mall_orders (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      item_id bigint NOT NULL REFERENCES point_mall_items(id),
      order_no text NOT NULL UNIQUE,
      request_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('game_points', 'gift')),
      product_name text NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      points bigint NOT NULL CHECK (points > 0),
      amount bigint CHECK (amount > 0),
      currency char(3) NOT NULL,
      status text NOT NULL CHECK (status IN ('processing', 'rejected', 'completed')),
      address text,
      mobile text,
      remark text,
      spend_transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
      refund_transfer_id bigint REFERENCES ledger_transfers(id),
      cash_transfer_id bigint REFERENCES ledger_transfers(id),
      grant_id bigint REFERENCES promotion_grants(id),
      decided_by bigint REFERENCES admin_users(id),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      CHECK ((status = 'rejected') = (refund_transfer_id IS NOT NULL)),
      CHECK ((status = 'processing') = (decided_at IS NULL))
    );
    CREATE UNIQUE INDEX point_mall_orders_request_key ON point_mall_orders (member_id, request_id);
    CREATE INDEX point_mall_orders_member_idx ON point_mall_orders (member_id, id);
    CREATE INDEX point_mall_orders_merchant_idx ON point_mall_orders (merchant_id, status, id);
    CREATE INDEX point_mall_orders_item_member_idx ON point_mall_orders (item_id, member_id) WHERE status <> 'rejected';
  `,
  );
}
