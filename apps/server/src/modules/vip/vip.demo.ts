import type { RebateRuleInput, VipLevelInput } from '@platform/contracts/vip';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { replaceLevels, replaceRules } from './vip.repository.ts';

const M = 1_000_000;

/** The demo ladder (VND): thresholds over the window on deposits and valid bet, upgrade bonuses, what keeps a level. */
export const DEMO_VIP_LEVELS: readonly VipLevelInput[] = [
  ['VIP0', 'Thành viên', 'Member', 0, 0, 0, 0, 0, 0],
  ['VIP1', 'Đồng', 'Bronze', 1 * M, 5 * M, 50_000, 0, 2 * M, 20_000],
  ['VIP2', 'Bạc', 'Silver', 5 * M, 30 * M, 200_000, 1 * M, 10 * M, 100_000],
  ['VIP3', 'Vàng', 'Gold', 20 * M, 150 * M, 800_000, 5 * M, 50 * M, 300_000],
  ['VIP4', 'Bạch kim', 'Platinum', 100 * M, 800 * M, 3 * M, 20 * M, 250 * M, 1 * M],
  ['VIP5', 'Kim cương', 'Diamond', 500 * M, 4_000 * M, 12 * M, 100 * M, 1_200 * M, 5 * M],
].map(([code, vi, en, minDeposit, minValidBet, upgradeBonus, keepDeposit, keepValidBet, periodicBonus], level) => ({
  level,
  code: code as string,
  names: { vi: vi as string, en: en as string },
  minDeposit: minDeposit as number,
  minValidBet: minValidBet as number,
  keepDeposit: keepDeposit as number,
  keepValidBet: keepValidBet as number,
  upgradeBonus: upgradeBonus as number,
  periodicBonus: periodicBonus as number,
  periodicPeriod: level === 0 ? null : 'M',
}));

/** Daily rebates, issued automatically on slots, fish and sports; claimed by the member on live casino and lottery. */
export const DEMO_REBATE_RULES: readonly RebateRuleInput[] = DEMO_VIP_LEVELS.flatMap(({ level }) => [
  { vipLevel: level, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 4_000 + level * 1_000, maxAmount: null },
  { vipLevel: level, category: 'FISH', period: 'D', mode: 'auto', ratePpm: 4_000 + level * 1_000, maxAmount: null },
  { vipLevel: level, category: 'SPORTS', period: 'D', mode: 'auto', ratePpm: 3_000 + level * 1_000, maxAmount: null },
  { vipLevel: level, category: 'LIVE', period: 'D', mode: 'claim', ratePpm: 3_000 + level * 1_000, maxAmount: null },
  { vipLevel: level, category: 'LOTT', period: 'W', mode: 'claim', ratePpm: 2_000 + level * 500, maxAmount: null },
]);

/** The demo merchant's VIP ladder and rebate rules. */
export async function seedDemoVip(trx: Transaction<DB>, merchantId: number): Promise<void> {
  const at = new Date();
  await replaceLevels(trx, merchantId, DEMO_VIP_LEVELS, at);
  await replaceRules(trx, merchantId, DEMO_REBATE_RULES, at);
}
