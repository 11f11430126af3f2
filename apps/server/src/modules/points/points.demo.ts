import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as mallRepo from './point-mall.repository.ts';
import * as repo from './points.repository.ts';
import { createPointsCore } from './points.service.ts';
import type { EarningEvent, EarningParams } from './points.tables.ts';

/** Points each demo player starts with, so the demo mall can be tried at once. */
export const DEMO_STARTING_POINTS = 3_000;

const DEMO_ITEMS: readonly mallRepo.ItemValues[] = [
  {
    kind: 'game_points',
    names: { vi: '100.000 ₫ điểm game', en: '100,000 ₫ game points' },
    descriptions: {
      vi: 'Đổi 1.000 điểm lấy 100.000 ₫ vào ví chính, rút được ngay.',
      en: 'Turn 1,000 points into 100,000 ₫ in your main wallet, free to withdraw.',
    },
    imageUrl: null,
    pointsCost: 1_000,
    cashAmount: 100_000,
    promotionId: null,
    stock: null,
    limitPerMember: null,
    isEnabled: true,
    sortOrder: 10,
  },
  {
    kind: 'game_points',
    names: { vi: '20.000 ₫ điểm game', en: '20,000 ₫ game points' },
    descriptions: { vi: 'Đổi 200 điểm lấy 20.000 ₫ vào ví chính.', en: 'Turn 200 points into 20,000 ₫ in your main wallet.' },
    imageUrl: null,
    pointsCost: 200,
    cashAmount: 20_000,
    promotionId: null,
    stock: null,
    limitPerMember: null,
    isEnabled: true,
    sortOrder: 20,
  },
  {
    kind: 'gift',
    names: { vi: 'Tai nghe không dây Lotus', en: 'Lotus wireless headphones' },
    descriptions: { vi: 'Giao tận nhà trong 7 ngày làm việc.', en: 'Delivered to your door within 7 working days.' },
    imageUrl: null,
    pointsCost: 2_500,
    cashAmount: null,
    promotionId: null,
    stock: 20,
    limitPerMember: 1,
    isEnabled: true,
    sortOrder: 30,
  },
  {
    kind: 'gift',
    names: { vi: 'Áo thun Lotus', en: 'Lotus T-shirt' },
    descriptions: { vi: 'Áo thun cotton, một cỡ vừa mọi người.', en: 'Cotton T-shirt, one size fits most.' },
    imageUrl: null,
    pointsCost: 800,
    cashAmount: null,
    promotionId: null,
    stock: 50,
    limitPerMember: 2,
    isEnabled: true,
    sortOrder: 40,
  },
  {
    kind: 'gift',
    names: { vi: 'Thẻ cào điện thoại 50.000 ₫', en: '50,000 ₫ phone top-up card' },
    descriptions: { vi: 'Mã thẻ gửi về số điện thoại của bạn.', en: 'The card code is sent to your mobile number.' },
    imageUrl: null,
    pointsCost: 600,
    cashAmount: null,
    promotionId: null,
    stock: 100,
    limitPerMember: 5,
    isEnabled: true,
    sortOrder: 50,
  },
];

const DEMO_RULES: readonly { ruleKey: string; event: EarningEvent; amount: number; dailyCap: number | null; params: EarningParams }[] = [
  { ruleKey: 'daily-sign-in', event: 'sign_in', amount: 10, dailyCap: 10, params: {} },
  { ruleKey: 'sign-in-week', event: 'sign_in_streak', amount: 100, dailyCap: null, params: { streakDays: 7 } },
  { ruleKey: 'deposit-100k', event: 'deposit', amount: 50, dailyCap: 150, params: { minDeposit: 100_000 } },
  { ruleKey: 'slots-1m', event: 'valid_bet', amount: 100, dailyCap: null, params: { category: 'RNG', validBetMin: 1_000_000 } },
  { ruleKey: 'live-1m', event: 'valid_bet', amount: 100, dailyCap: null, params: { category: 'LIVE', validBetMin: 1_000_000 } },
  { ruleKey: 'mission-done', event: 'mission_completed', amount: 20, dailyCap: 100, params: {} },
  { ruleKey: 'friend-qualified', event: 'referral_qualified', amount: 500, dailyCap: null, params: {} },
];

/** The demo merchant's points mall (two game points items, three gifts) and earning rules. */
export async function seedDemoPointMall(trx: Transaction<DB>, merchantId: number): Promise<void> {
  const at = new Date();
  for (const item of DEMO_ITEMS) await mallRepo.insertItem(trx, merchantId, item, at);
  for (const rule of DEMO_RULES) await repo.insertRule(trx, { merchantId, ...rule, isEnabled: true, at });
}

/**
 * The demo players' starting points, awarded through the points service's own award (once per
 * member, whatever the repetition) inside the seed's transaction.
 */
export async function awardDemoPoints(
  ledger: LedgerService,
  trx: Transaction<DB>,
  merchantId: number,
  memberIds: readonly number[],
): Promise<void> {
  // A seed award has no daily cap, so the day it is counted under does not matter: UTC will do.
  const core = createPointsCore({ db: trx, ledger, now: () => new Date(), timeZoneOf: async () => 'UTC' });
  for (const memberId of memberIds) {
    await core.award(
      { merchantId, memberId, amount: DEMO_STARTING_POINTS, ruleKey: 'demo_welcome', occurrenceKey: 'seed', note: 'Welcome points' },
      trx,
    );
  }
}
