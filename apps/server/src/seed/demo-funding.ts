import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { LedgerService } from '../modules/ledger/ledger.service.ts';
import { awardDemoPoints } from '../modules/points/points.demo.ts';
import type { SeededDemoData } from './demo-seed.ts';

/** What funding reads of a seed: the merchant's currency and who the members are. */
export type DemoFundingTargets = {
  merchant: Pick<SeededDemoData['merchant'], 'id' | 'currency'>;
  members: readonly Pick<SeededDemoData['members'][number], 'id' | 'username' | 'role'>[];
};

/** Play money for the demo, in the merchant currency's minor units (VND has none). */
export const DEMO_PLAYER_FUNDS_MINOR = 10_000_000;
export const DEMO_AGENT_FUNDS_MINOR = 50_000_000;

/**
 * Credits each demo member through the ledger, inside the seed's transaction, so a seed that fails
 * leaves neither members nor money behind. The money comes from the merchant's bonus pool (a system
 * account), so the books balance like any other credit: nothing is written to a balance directly.
 */
export function fundDemoMembers(ledger: LedgerService) {
  return async (t: Transaction<DB>, seeded: DemoFundingTargets): Promise<void> => {
    const { merchant } = seeded;
    const pool = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'bonus_pool', currency: merchant.currency }, t);
    for (const member of seeded.members) {
      // Agents play too: their playing money is in the same main wallet as a player's.
      const isAgent = member.role === 'agent';
      const accounts = await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId: member.id, currency: merchant.currency }, t);
      const account = accounts.player_main;
      if (!account) throw new Error(`demo main wallet missing for ${member.username}`);
      await ledger.transfer(
        {
          fromAccountId: pool.id,
          toAccountId: account.id,
          amount: isAgent ? DEMO_AGENT_FUNDS_MINOR : DEMO_PLAYER_FUNDS_MINOR,
          code: 'admin_adjustment',
          idempotencyKey: `demo-seed:funds:${member.id}`,
          note: 'Demo play money',
        },
        t,
      );
    }
    // Starting points for the players, so the points mall can be tried at once.
    const players = seeded.members.filter((m) => m.role !== 'agent').map((m) => m.id);
    await awardDemoPoints(ledger, t, merchant.id, players);
  };
}
