import type { MissionInput } from '@platform/contracts/missions';
import type { RewardSpec } from '@platform/contracts/rewards';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { insertMission, upsertCalendar } from './missions.repository.ts';

/** The demo merchant's missions (VND): play slots today, a weekly valid bet, sign in, a first deposit. */
export const DEMO_MISSIONS: readonly MissionInput[] = [
  {
    code: 'DAILY-SLOTS-3',
    titles: { vi: 'Chơi 3 ván nổ hũ hôm nay', en: 'Play 3 slot rounds today' },
    period: 'daily',
    event: 'rounds',
    category: 'RNG',
    target: 3,
    reward: { kind: 'cash', amount: 5_000 },
    sort: 1,
  },
  {
    code: 'DAILY-SIGN-IN',
    titles: { vi: 'Điểm danh hôm nay', en: 'Sign in today' },
    period: 'daily',
    event: 'sign_in',
    target: 1,
    reward: { kind: 'points', amount: 10 },
    sort: 2,
  },
  {
    code: 'WEEKLY-BET-1M',
    titles: { vi: 'Cược hợp lệ 1.000.000 ₫ trong tuần', en: 'Valid bets of 1,000,000 ₫ this week' },
    period: 'weekly',
    event: 'valid_bet',
    target: 1_000_000,
    reward: { kind: 'cash', amount: 20_000 },
    sort: 3,
  },
  {
    code: 'FIRST-DEPOSIT',
    titles: { vi: 'Nạp tiền lần đầu', en: 'Make your first deposit' },
    period: 'once',
    event: 'deposit',
    target: 100_000,
    reward: { kind: 'points', amount: 100 },
    sort: 4,
  },
];

/** Seven days of streak rewards: cash growing through the week, points on day 7. */
export const DEMO_SIGN_IN_CALENDAR: readonly RewardSpec[] = [
  { kind: 'cash', amount: 1_000 },
  { kind: 'cash', amount: 2_000 },
  { kind: 'cash', amount: 3_000 },
  { kind: 'cash', amount: 5_000 },
  { kind: 'cash', amount: 8_000 },
  { kind: 'cash', amount: 10_000 },
  { kind: 'points', amount: 50 },
];

/** The demo merchant's missions and sign-in calendar. */
export async function seedDemoMissions(trx: Transaction<DB>, merchantId: number): Promise<void> {
  const at = new Date();
  for (const input of DEMO_MISSIONS) await insertMission(trx, merchantId, input, at);
  await upsertCalendar(trx, merchantId, [...DEMO_SIGN_IN_CALENDAR], at);
}
