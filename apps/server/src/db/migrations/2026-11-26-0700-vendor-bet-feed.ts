import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Transfer-style vendors keep their players' rounds; the platform pulls them (the bet feed).
 * `vendor_players`: who a vendor's player id is (written at the first transfer, the only way a
 * player gets money there; filled here from the transfers made so far). `vendor_bet_feeds`: per
 * vendor integration, the time up to which every round has been recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE vendor_players (
      vendor_code text NOT NULL,
      player_id text NOT NULL,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      username text NOT NULL,
      currency text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (vendor_code, player_id)
    );
    CREATE INDEX vendor_players_member_idx ON vendor_players (member_id);

    INSERT INTO vendor_players (vendor_code, player_id, merchant_id, member_id, username, currency, created_at)
    SELECT DISTINCT ON (t.vendor_code, m.username) t.vendor_code, m.username, t.merchant_id, t.member_id, m.username, t.currency, t.created_at
      FROM vendor_wallet_transfers t
      JOIN members m ON m.id = t.member_id
     ORDER BY t.vendor_code, m.username, t.created_at;

    CREATE TABLE vendor_bet_feeds (
      vendor_code text PRIMARY KEY,
      watermark timestamptz NOT NULL,
      rounds_recorded bigint NOT NULL DEFAULT 0,
      last_run_at timestamptz,
      last_error text,
      updated_at timestamptz NOT NULL
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only; write a new migration instead.');
}
