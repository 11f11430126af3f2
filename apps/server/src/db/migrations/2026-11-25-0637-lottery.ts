import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE lottery_games (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      code text NOT NULL,
      category text NOT NULL CHECK (category IN ('LOTT', 'ELOTT')),
      region text NOT NULL CHECK (region IN ('north', 'central', 'south')),
      province text NOT NULL,
      name jsonb NOT NULL,
      menu_tag text NOT NULL,
      draw_days jsonb NOT NULL DEFAULT '[1,2,3,4,5,6,7]',
      draw_time text CHECK (draw_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
      interval_seconds integer CHECK (interval_seconds > 0),
      lock_seconds integer NOT NULL CHECK (lock_seconds >= 0),
      result_source text NOT NULL CHECK (result_source IN ('rng', 'official')),
      min_stake bigint NOT NULL CHECK (min_stake > 0),
      max_stake bigint NOT NULL,
      max_payout_per_number bigint NOT NULL CHECK (max_payout_per_number > 0),
      is_enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, code),
      CHECK (max_stake >= min_stake),
      CHECK ((draw_time IS NULL) <> (interval_seconds IS NULL))
    );

    CREATE TABLE lottery_odds (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      region text NOT NULL CHECK (region IN ('north', 'central', 'south')),
      bet_type text NOT NULL,
      odds_milli bigint NOT NULL CHECK (odds_milli > 0),
      stake_multiplier integer NOT NULL CHECK (stake_multiplier > 0),
      is_enabled boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_id, region, bet_type)
    );

    CREATE TABLE lottery_periods (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      game_id bigint NOT NULL REFERENCES lottery_games(id),
      numero text NOT NULL,
      draw_date text NOT NULL,
      opens_at timestamptz NOT NULL,
      locks_at timestamptz NOT NULL,
      draw_at timestamptz NOT NULL,
      seed_commitment text,
      seed text,
      result jsonb,
      result_source text NOT NULL CHECK (result_source IN ('rng', 'official')),
      status text NOT NULL CHECK (status IN ('open', 'drawn', 'settled', 'voided')),
      drawn_at timestamptz,
      settled_at timestamptz,
      voided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (game_id, numero),
      CHECK (opens_at <= locks_at AND locks_at <= draw_at),
      CHECK ((status IN ('drawn', 'settled')) = (result IS NOT NULL) OR status = 'voided'),
      CHECK (result_source <> 'rng' OR seed_commitment IS NOT NULL)
    );
    CREATE INDEX lottery_periods_game_draw_idx ON lottery_periods (game_id, draw_at);
    CREATE INDEX lottery_periods_pending_idx ON lottery_periods (status, draw_at) WHERE status IN ('open', 'drawn');

    CREATE TABLE lottery_result_entries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      period_id bigint NOT NULL REFERENCES lottery_periods(id),
      result jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'rejected')),
      entered_by_admin_id bigint NOT NULL REFERENCES admin_users(id),
      decided_by_admin_id bigint REFERENCES admin_users(id),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      CHECK (decided_by_admin_id IS NULL OR decided_by_admin_id <> entered_by_admin_id)
    );
    CREATE UNIQUE INDEX lottery_result_entries_pending_idx ON lottery_result_entries (period_id) WHERE status = 'pending';

    CREATE TABLE lottery_tickets (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      period_id bigint NOT NULL REFERENCES lottery_periods(id),
      game_id bigint NOT NULL REFERENCES lottery_games(id),
      currency text NOT NULL,
      total_stake bigint NOT NULL CHECK (total_stake > 0),
      payout bigint,
      status text NOT NULL CHECK (status IN ('open', 'settled', 'voided')),
      reservation_id bigint REFERENCES ledger_reservations(id),
      bet_record_id bigint REFERENCES bet_records(id),
      created_at timestamptz NOT NULL,
      settled_at timestamptz,
      CHECK (status <> 'settled' OR payout IS NOT NULL)
    );
    CREATE INDEX lottery_tickets_period_idx ON lottery_tickets (period_id, status, id);
    CREATE INDEX lottery_tickets_member_idx ON lottery_tickets (member_id, created_at DESC);

    CREATE TABLE lottery_ticket_lines (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      ticket_id bigint NOT NULL REFERENCES lottery_tickets(id),
      period_id bigint NOT NULL REFERENCES lottery_periods(id),
      line_no integer NOT NULL,
      bet_type text NOT NULL,
      numbers text NOT NULL,
      is_single boolean NOT NULL,
      stake_per_unit bigint NOT NULL CHECK (stake_per_unit > 0),
      stake_multiplier integer NOT NULL CHECK (stake_multiplier > 0),
      stake bigint NOT NULL CHECK (stake > 0),
      odds_milli bigint NOT NULL CHECK (odds_milli > 0),
      hits integer CHECK (hits >= 0),
      payout bigint CHECK (payout >= 0),
      UNIQUE (ticket_id, line_no),
      CHECK ((hits IS NULL) = (payout IS NULL))
    );
    CREATE INDEX lottery_ticket_lines_period_idx ON lottery_ticket_lines (period_id, bet_type, numbers) WHERE hits IS NULL;

    CREATE TABLE lottery_exposure (
      period_id bigint NOT NULL REFERENCES lottery_periods(id),
      bet_type text NOT NULL,
      number text NOT NULL,
      payout_per_hit bigint NOT NULL CHECK (payout_per_hit >= 0),
      PRIMARY KEY (period_id, bet_type, number)
    );

    CREATE TABLE lottery_draw_hits (
      period_id bigint NOT NULL REFERENCES lottery_periods(id),
      bet_type text NOT NULL,
      number text NOT NULL,
      hits integer NOT NULL CHECK (hits > 0),
      PRIMARY KEY (period_id, bet_type, number)
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
