import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Missions, the sign-in calendar and the rewards centre (docs/loyalty.md): missions as operator
 * data, one completion per (mission, member, occurrence), the days a member signed in with the
 * streak they made, the calendar of streak rewards; the rewards waiting to be claimed (one per
 * source and key), and redeem codes with their uses (one per code and member).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE missions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      code text NOT NULL,
      state text NOT NULL CHECK (state IN ('active', 'paused', 'ended')),
      period text NOT NULL CHECK (period IN ('daily', 'weekly', 'once')),
      event text NOT NULL CHECK (event IN ('rounds', 'valid_bet', 'deposit', 'sign_in', 'invite')),
      -- The whole definition as the operator wrote it (validated by the contract's schema).
      definition jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX missions_code_key ON missions (merchant_id, code);

    -- A mission met: once per member and occurrence (the day, the week's Monday, or 'once').
    CREATE TABLE mission_completions (
      mission_id bigint NOT NULL REFERENCES missions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      occurrence text NOT NULL,
      progress bigint NOT NULL,
      completed_at timestamptz NOT NULL,
      PRIMARY KEY (mission_id, member_id, occurrence)
    );
    CREATE INDEX mission_completions_board_idx ON mission_completions (merchant_id, completed_at);

    CREATE TABLE sign_in_days (
      member_id bigint NOT NULL REFERENCES members(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      day date NOT NULL,
      streak integer NOT NULL CHECK (streak >= 1),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, day)
    );

    -- The merchant's streak rewards: the reward of the n-th day of a streak (the cycle repeats).
    CREATE TABLE sign_in_calendars (
      merchant_id bigint PRIMARY KEY REFERENCES merchants(id),
      rewards jsonb NOT NULL,
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE pending_rewards (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      source text NOT NULL CHECK (source IN ('mission', 'sign_in', 'referral', 'vip', 'code', 'operator')),
      -- What the source says this reward is for (a mission's occurrence, a day): one reward per key.
      source_key text NOT NULL,
      titles jsonb NOT NULL,
      reward jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'claimed', 'expired')),
      created_at timestamptz NOT NULL,
      expires_at timestamptz,
      claimed_at timestamptz
    );
    CREATE UNIQUE INDEX pending_rewards_source_key ON pending_rewards (member_id, source, source_key);
    CREATE INDEX pending_rewards_pending_idx ON pending_rewards (member_id) WHERE status = 'pending';

    CREATE TABLE redeem_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      code text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('single', 'shared')),
      batch text NOT NULL,
      -- How many members may redeem it in all (1 for a single-use code).
      cap integer NOT NULL CHECK (cap >= 1),
      redeemed integer NOT NULL DEFAULT 0,
      reward jsonb NOT NULL,
      audience jsonb NOT NULL,
      state text NOT NULL CHECK (state IN ('active', 'disabled')),
      starts_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      created_by bigint,
      created_at timestamptz NOT NULL,
      CHECK (redeemed <= cap)
    );
    CREATE UNIQUE INDEX redeem_codes_code_key ON redeem_codes (merchant_id, code);
    CREATE INDEX redeem_codes_batch_idx ON redeem_codes (merchant_id, batch);

    CREATE TABLE redeem_code_uses (
      code_id bigint NOT NULL REFERENCES redeem_codes(id),
      member_id bigint NOT NULL REFERENCES members(id),
      redeemed_at timestamptz NOT NULL,
      PRIMARY KEY (code_id, member_id)
    );
    `,
  );
}
