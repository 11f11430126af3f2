import type { PromotionInput } from '@platform/contracts/promotions';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { insertPromotion } from './promotions.repository.ts';

const base = {
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  minDeposit: 0,
  maxConversion: null,
  onWithdrawal: 'block',
  stackable: false,
  perMemberLimit: 1,
} as const;

/** The demo merchant's promotions (VND): a first-deposit match, a daily claim, a lottery-loss application. */
export const DEMO_PROMOTIONS: readonly PromotionInput[] = [
  {
    ...base,
    code: 'WELCOME100',
    category: 'NEW',
    titles: { vi: 'Thưởng nạp đầu 100%', en: '100% first deposit bonus' },
    bodies: {
      vi: 'Tham gia rồi nạp lần đầu từ 100.000 ₫: nhận 100% số nạp, tối đa 2.000.000 ₫. Cược đủ 10 lần tiền thưởng trên nổ hũ (casino trực tiếp tính 20%) trong 7 ngày. Mỗi lần cược tối đa 200.000 ₫ khi đang dùng thưởng.',
      en: 'Join, then make your first deposit of 100,000 ₫ or more: get 100% of it, up to 2,000,000 ₫. Wager the bonus 10 times on slots (live casino counts 20%) within 7 days. Stakes are at most 200,000 ₫ while the bonus is in play.',
    },
    audience: { firstDepositOnly: true },
    trigger: 'first_deposit',
    minDeposit: 100_000,
    amount: { kind: 'percent', basisPoints: 10_000, cap: 2_000_000 },
    wagering: { multiple: 10, weights: { RNG: 100, FISH: 100, LIVE: 20 } },
    maxStake: 200_000,
    maxConversion: 5_000_000,
    expiryHours: 24 * 7,
  },
  {
    ...base,
    code: 'DAILY50K',
    category: 'DAILY',
    titles: { vi: 'Quà mỗi ngày 50.000 ₫', en: 'Daily gift of 50,000 ₫' },
    bodies: {
      vi: 'Thành viên VIP1 trở lên bấm nhận 50.000 ₫. Cược đủ 5 lần trên mọi trò chơi trong 24 giờ.',
      en: 'Members at VIP1 or above claim 50,000 ₫. Wager it 5 times on any game within 24 hours.',
    },
    audience: { vipLevels: [1, 2, 3, 4, 5] },
    trigger: 'claim',
    amount: { kind: 'fixed', value: 50_000 },
    wagering: { multiple: 5, weights: { RNG: 100, FISH: 100, LIVE: 100, SPORTS: 100, LOTT: 100 } },
    maxStake: null,
    expiryHours: 24,
    stackable: true,
    perMemberLimit: 30,
    contactIdRequired: true,
  },
  {
    ...base,
    code: 'LOTTO-BACK',
    category: 'OTHER',
    titles: { vi: 'Hoàn thua xổ số', en: 'Lottery loss refund' },
    bodies: {
      vi: 'Thua từ 1.000.000 ₫ xổ số trong tuần? Gửi đơn kèm ảnh vé để nhận 100.000 ₫, cược 1 lần.',
      en: 'Lost 1,000,000 ₫ or more on the lottery this week? Apply with a picture of your tickets to get 100,000 ₫, wagered once.',
    },
    audience: {},
    trigger: 'application',
    amount: { kind: 'fixed', value: 100_000 },
    wagering: { multiple: 1, weights: { LOTT: 100 } },
    maxStake: null,
    expiryHours: 72,
    applicationProof: true,
  },
];

/** The demo merchant's promotions. */
export async function seedDemoPromotions(trx: Transaction<DB>, merchantId: number): Promise<void> {
  const at = new Date();
  for (const input of DEMO_PROMOTIONS) await insertPromotion(trx, { merchantId, input, state: 'active', at });
}
