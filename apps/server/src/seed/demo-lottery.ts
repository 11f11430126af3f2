import { amountMinor, minorToBetHundredths } from '@platform/contracts/money-format';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { insertGames, insertVendor } from '../modules/games/games.repository.ts';
import { searchNameOf } from '../modules/games/games.search.ts';
import { DEMO_LIMITS, DEMO_LOTTERY_GAMES, defaultOddsRows, LOTTERY_VENDOR_CODE } from '../modules/lottery/lottery.seed-data.ts';

/** The lottery opens on the site's own /lottery page, with the game preselected. */
const LOTTERY_LAUNCH_TEMPLATE = '/lottery?gameCode={game}&vendor=TCG_LOTTO_VN';

/** Writes the demo stations, fast games, odds and their catalogue rows; runs inside the seed's transaction. */
export async function seedDemoLottery(trx: Kysely<DB>, merchantId: number, currency: string): Promise<void> {
  await trx
    .insertInto('lottery_games')
    .values(
      DEMO_LOTTERY_GAMES.map((g, index) => ({
        merchant_id: merchantId,
        code: g.code,
        category: g.category,
        region: g.region,
        province: g.province,
        name: JSON.stringify(g.name),
        menu_tag: g.menuTag,
        draw_days: JSON.stringify(g.drawDays),
        draw_time: g.drawTime,
        interval_seconds: g.intervalSeconds,
        lock_seconds: g.lockSeconds,
        result_source: g.resultSource,
        min_stake: DEMO_LIMITS.minStake,
        max_stake: DEMO_LIMITS.maxStake,
        max_payout_per_number: DEMO_LIMITS.maxPayoutPerNumber,
        sort: index * 10,
      })),
    )
    .execute();
  await trx.insertInto('lottery_odds').values(defaultOddsRows(merchantId)).execute();
  const vendorId = await insertVendor(trx, {
    merchantId,
    code: LOTTERY_VENDOR_CODE,
    displayName: 'Xổ Số Việt Nam',
    displayNames: { vi: 'Xổ Số Việt Nam', en: 'Vietnam Lottery', 'zh-CN': '越南彩票' },
    categories: ['LOTT', 'ELOTT'],
    walletStyle: 'seamless',
    launchUrl: LOTTERY_LAUNCH_TEMPLATE,
    sort: 100,
  });
  await insertGames(
    trx,
    { merchantId, id: vendorId, code: LOTTERY_VENDOR_CODE },
    DEMO_LOTTERY_GAMES.map((g, index) => ({
      code: g.code,
      category: g.category,
      classify: [g.category === 'LOTT' ? 'lottery' : 'elott', g.menuTag],
      name: g.name,
      searchName: searchNameOf(g.name, g.code),
      // The site draws the artwork (with the draw's name in the member's language).
      imageUrl: '',
      isHot: g.code === 'MB' || g.category === 'ELOTT',
      // The catalogue counts hundredths of a bet unit; the card then says what the slip asks (1.000 ₫).
      minBetCents: minorToBetHundredths(amountMinor(DEMO_LIMITS.minStake), currency),
      minLines: 0,
      isTrialSupported: false,
      sort: index * 10,
    })),
  );
}
