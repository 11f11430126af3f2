import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * The game catalogue, per merchant: vendors, their games, members' favourites and recent plays,
 * and the rooms of card-room games. `search_name` holds every language's name folded to lower
 * case without accents (đ becomes d), so a Vietnamese name search is one LIKE on one column, the
 * same on PGlite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE game_vendors (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      code text NOT NULL,
      display_name text NOT NULL,
      categories jsonb NOT NULL DEFAULT '[]'::jsonb,
      wallet_style text NOT NULL CHECK (wallet_style IN ('seamless', 'transfer')),
      launch_url text NOT NULL DEFAULT '',
      logo_url text NOT NULL DEFAULT '',
      is_enabled boolean NOT NULL DEFAULT true,
      is_maintenance boolean NOT NULL DEFAULT false,
      maintenance_message jsonb NOT NULL DEFAULT '{}'::jsonb,
      is_hot boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, code)
    );

    CREATE TABLE games (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      vendor_id bigint NOT NULL REFERENCES game_vendors(id),
      vendor_code text NOT NULL,
      code text NOT NULL,
      category text NOT NULL CHECK (category IN ('LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT', 'CRASH', 'TABLE', 'MINIGAMES', 'ARCADE', 'JACKPOT')),
      classify jsonb NOT NULL DEFAULT '[]'::jsonb,
      name jsonb NOT NULL,
      search_name text NOT NULL,
      image_url text NOT NULL DEFAULT '',
      is_hot boolean NOT NULL DEFAULT false,
      min_bet_cents bigint NOT NULL DEFAULT 0 CHECK (min_bet_cents >= 0),
      min_lines integer NOT NULL DEFAULT 0 CHECK (min_lines >= 0),
      is_trial_supported boolean NOT NULL DEFAULT false,
      is_enabled boolean NOT NULL DEFAULT true,
      is_maintenance boolean NOT NULL DEFAULT false,
      maintenance_message jsonb NOT NULL DEFAULT '{}'::jsonb,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (vendor_id, code)
    );
    CREATE INDEX games_category_page_idx ON games (merchant_id, category, sort, id) WHERE is_enabled;
    CREATE INDEX games_vendor_page_idx ON games (merchant_id, vendor_code, category, sort, id) WHERE is_enabled;
    CREATE INDEX games_hot_idx ON games (merchant_id, category, sort, id) WHERE is_enabled AND is_hot;
    CREATE INDEX games_search_prefix_idx ON games (merchant_id, search_name text_pattern_ops);
    CREATE INDEX games_classify_idx ON games USING gin (classify jsonb_path_ops);

    CREATE TABLE game_favorites (
      member_id bigint NOT NULL REFERENCES members(id),
      game_id bigint NOT NULL REFERENCES games(id),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (member_id, game_id)
    );
    CREATE INDEX game_favorites_member_time_idx ON game_favorites (member_id, created_at DESC, game_id);

    CREATE TABLE game_recent_plays (
      member_id bigint NOT NULL REFERENCES members(id),
      game_id bigint NOT NULL REFERENCES games(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      last_played_at timestamptz NOT NULL,
      play_count integer NOT NULL DEFAULT 1,
      PRIMARY KEY (member_id, game_id)
    );
    CREATE INDEX game_recent_plays_member_time_idx ON game_recent_plays (member_id, last_played_at DESC, game_id);
    CREATE INDEX game_recent_plays_popular_idx ON game_recent_plays (merchant_id, last_played_at, game_id);

    CREATE TABLE game_rooms (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      game_id bigint NOT NULL REFERENCES games(id),
      room_code text NOT NULL,
      name jsonb NOT NULL DEFAULT '{}'::jsonb,
      min_bet_cents bigint NOT NULL DEFAULT 0 CHECK (min_bet_cents >= 0),
      seats integer NOT NULL CHECK (seats > 0),
      players integer NOT NULL DEFAULT 0 CHECK (players >= 0),
      is_open boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (game_id, room_code)
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
