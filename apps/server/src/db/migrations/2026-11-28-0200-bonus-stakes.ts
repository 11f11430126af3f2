import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Bonus-funded stakes (docs/promotions.md, ADR 0032): a stake the cash cannot cover takes the rest
 * from the member's active grants, as a ledger reservation on `player_bonus`. Each such reservation
 * is a row of `promotion_bonus_stakes` naming the grants it drew on; a grant counts what it has
 * staked (still out or lost) and what bonus stakes won back, so its identity becomes
 * converted + removed + balance + staked = amount + won. The seamless wallet's transaction
 * rows and the lottery's tickets carry the bonus reservation of a stake next to its cash one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE promotion_grants ADD COLUMN bonus_staked bigint NOT NULL DEFAULT 0 CHECK (bonus_staked >= 0);
    ALTER TABLE promotion_grants ADD COLUMN bonus_won bigint NOT NULL DEFAULT 0 CHECK (bonus_won >= 0);
    ALTER TABLE promotion_grants DROP CONSTRAINT promotion_grants_check;
    ALTER TABLE promotion_grants ADD CONSTRAINT promotion_grants_identity_check
      CHECK (converted + removed + bonus_balance + bonus_staked = amount + bonus_won);

    CREATE TABLE promotion_bonus_stakes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      reservation_id bigint NOT NULL UNIQUE,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      -- [{ "grantId": n, "amount": n }]: what each grant put in, oldest expiry first.
      parts jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('held', 'settled', 'voided')),
      payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
      created_at timestamptz NOT NULL,
      closed_at timestamptz,
      CHECK ((status = 'held') = (closed_at IS NULL))
    );
    CREATE INDEX promotion_bonus_stakes_held_idx ON promotion_bonus_stakes (member_id) WHERE status = 'held';

    ALTER TABLE vendor_transactions ADD COLUMN bonus_reservation_id bigint;
    ALTER TABLE vendor_transactions ADD COLUMN bonus_amount bigint NOT NULL DEFAULT 0 CHECK (bonus_amount >= 0);
    ALTER TABLE lottery_tickets ADD COLUMN bonus_reservation_id bigint;
    ALTER TABLE lottery_tickets ADD COLUMN bonus_amount bigint NOT NULL DEFAULT 0 CHECK (bonus_amount >= 0);
    `,
  );
}
