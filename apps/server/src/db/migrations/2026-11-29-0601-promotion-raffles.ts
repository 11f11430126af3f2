import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Raffle promotions (docs/promotions.md, "Raffles"): the trigger `raffle`; per raffle a server seed
 * whose SHA-256 commitment is published from the start and the seed itself once drawn; the members'
 * entries (tickets earned by turnover, taken with `MCS2_claimRafflePromotion`); the prizes drawn,
 * one row per rank, each paid once by a grant (or withheld from an excluded member).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    ALTER TABLE promotions DROP CONSTRAINT promotions_trigger_check;
    ALTER TABLE promotions ADD CONSTRAINT promotions_trigger_check
      CHECK (trigger IN ('first_deposit', 'reload_deposit', 'claim', 'application', 'loss_period', 'raffle'));

    CREATE TABLE promotion_raffles (
      promotion_id bigint PRIMARY KEY REFERENCES promotions(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      seed text NOT NULL,
      commitment text NOT NULL,
      drawn_at timestamptz,
      total_tickets bigint
    );

    CREATE TABLE promotion_raffle_entries (
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      tickets integer NOT NULL CHECK (tickets > 0),
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (promotion_id, member_id)
    );

    CREATE TABLE promotion_raffle_prizes (
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      rank integer NOT NULL CHECK (rank >= 1),
      member_id bigint NOT NULL REFERENCES members(id),
      amount bigint NOT NULL CHECK (amount > 0),
      status text NOT NULL CHECK (status IN ('paid', 'withheld')),
      grant_id bigint REFERENCES promotion_grants(id),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (promotion_id, rank),
      UNIQUE (promotion_id, member_id),
      CHECK ((status = 'paid') = (grant_id IS NOT NULL))
    );
    `,
  );
}
