import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/** The VIP periodic bonus (docs/vip-and-rebates.md): once per (member, period length, period start). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE vip_periodic_bonuses (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      level integer NOT NULL,
      period text NOT NULL CHECK (period IN ('W', 'M')),
      period_start date NOT NULL,
      period_end date NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      status text NOT NULL CHECK (status IN ('paid', 'withheld')),
      transfer_id bigint REFERENCES ledger_transfers(id),
      created_at timestamptz NOT NULL,
      CHECK ((status = 'paid') = (transfer_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX vip_periodic_bonuses_period_key ON vip_periodic_bonuses (member_id, period, period_start);
  `,
  );
}
