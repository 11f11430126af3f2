import type { Kysely } from 'kysely';
import { executeStatements } from '../migration-helpers.ts';

// Frozen: once landed, a migration is never edited. Change the schema with a new file.

/**
 * Invite friends (docs/referral.md): each player's referral code, one row per invitee (who invited
 * it, its first deposit, whether and when it qualified or why it earned nothing), the rewards a
 * qualification makes (one per invitee and role, claimed once through the ledger) and the merchant's
 * rules as data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    CREATE TABLE referral_codes (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      code text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX referral_codes_code_key ON referral_codes (merchant_id, code);

    CREATE TABLE referrals (
      invitee_id bigint PRIMARY KEY REFERENCES members(id),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      referrer_id bigint NOT NULL REFERENCES members(id),
      code text NOT NULL,
      registered_at timestamptz NOT NULL,
      deadline timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('registered', 'qualified', 'rewarded', 'not_eligible', 'expired')),
      refusal text CHECK (refusal IN ('same_identity', 'cap_reached')),
      first_deposit bigint CHECK (first_deposit > 0),
      first_deposit_at timestamptz,
      decided_at timestamptz,
      CHECK (referrer_id <> invitee_id),
      CHECK ((status = 'not_eligible') = (refusal IS NOT NULL))
    );
    CREATE INDEX referrals_referrer_idx ON referrals (referrer_id, registered_at DESC);
    CREATE INDEX referrals_open_idx ON referrals (merchant_id, invitee_id) WHERE status = 'registered';

    CREATE TABLE referral_rewards (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      invitee_id bigint NOT NULL REFERENCES referrals(invitee_id),
      role text NOT NULL CHECK (role IN ('referrer', 'invitee')),
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      wagering_multiple numeric(8,2) NOT NULL CHECK (wagering_multiple >= 0),
      status text NOT NULL CHECK (status IN ('pending', 'claimed')),
      transfer_id bigint,
      created_at timestamptz NOT NULL,
      claimed_at timestamptz,
      CHECK ((status = 'claimed') = (transfer_id IS NOT NULL AND claimed_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX referral_rewards_once_key ON referral_rewards (invitee_id, role);
    CREATE INDEX referral_rewards_member_idx ON referral_rewards (member_id, status);

    CREATE TABLE referral_rules (
      merchant_id bigint PRIMARY KEY REFERENCES merchants(id),
      -- The rules as the operator wrote them (validated by the contract's schema).
      rules jsonb NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by bigint
    );
    `,
  );
}
