import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { insertGames, insertVendor, type NewGame } from '../modules/games/games.repository.ts';
import { searchNameOf } from '../modules/games/games.search.ts';
import { HOUSE_BRAND_VENDOR_CODES } from '../modules/vendor-wallet/vendor-wallet.integrations.ts';

/**
 * The demo catalogue: only games that really launch. `DEMO` and `DEMOTX` are served by the demo
 * remote vendor (a separate service at DEMO_VENDOR_URL): `DEMO` uses the seamless wallet (the vendor
 * calls ours), `DEMOTX` the transfer wallet (funds move into the vendor's own wallet first). `HOUSE`
 * is the house game server (apps/house-games at HOUSE_GAMES_URL), a seamless vendor too (ADR 0021);
 * the e-sports brands AV, AI, IMES, TF and IA are vendors served by it as well.
 */
const DEMO_LAUNCH_TEMPLATE = '{DEMO_VENDOR_URL}/game/{game}?token={token}&lang={lang}&return={returnUrl}';
const HOUSE_LAUNCH_TEMPLATE = '{HOUSE_GAMES_URL}/game/{game}?token={token}&lang={lang}&return={returnUrl}';

type DemoGame = Omit<NewGame, 'searchName' | 'imageUrl' | 'sort'>;

/** The names of the house sportsbook's e-sports brands, the spec's providers AV, AI, IMES, TF and IA. */
const ESPORTS_BRAND_NAMES: Record<(typeof HOUSE_BRAND_VENDOR_CODES)[number], string> = {
  AV: 'AV E-sports',
  AI: 'AI E-sports',
  IMES: 'IM E-sports',
  TF: 'TF Gaming',
  IA: 'IA E-sports',
};

export const DEMO_GAME_VENDORS: readonly {
  code: string;
  displayName: string;
  walletStyle: 'seamless' | 'transfer';
  launchUrl: string;
  categories: string[];
  games: DemoGame[];
}[] = [
  {
    code: 'DEMO',
    displayName: 'Lotus Studio',
    walletStyle: 'seamless',
    launchUrl: DEMO_LAUNCH_TEMPLATE,
    categories: ['RNG'],
    games: [
      {
        code: 'lucky-sevens',
        category: 'RNG',
        classify: ['SC', 'slot'],
        name: { vi: 'Bảy May Mắn', en: 'Lucky Sevens' },
        isHot: true,
        minBetCents: 1,
        minLines: 1,
        isTrialSupported: true,
      },
      {
        code: 'fruit-spin',
        category: 'RNG',
        classify: ['SC', 'slot'],
        name: { vi: 'Quay Trái Cây', en: 'Fruit Spin' },
        isHot: false,
        minBetCents: 5,
        minLines: 9,
        isTrialSupported: true,
      },
      {
        code: 'dragon-dice',
        category: 'RNG',
        classify: ['TG', 'table', 'minigames'],
        name: { vi: 'Xúc Xắc Rồng', en: 'Dragon Dice' },
        isHot: true,
        minBetCents: 10,
        minLines: 0,
        isTrialSupported: true,
      },
      {
        code: 'gold-coin-flip',
        category: 'RNG',
        classify: ['AC', 'minigames'],
        name: { vi: 'Tung Đồng Xu Vàng', en: 'Gold Coin Flip' },
        isHot: false,
        minBetCents: 1,
        minLines: 0,
        isTrialSupported: true,
      },
    ],
  },
  {
    code: 'DEMOTX',
    displayName: 'Lotus Transfer Studio',
    walletStyle: 'transfer',
    launchUrl: DEMO_LAUNCH_TEMPLATE,
    categories: ['RNG'],
    games: [
      {
        code: 'tx-lucky-wheel',
        category: 'RNG',
        classify: ['SC', 'slot'],
        name: { vi: 'Vòng Quay May Mắn', en: 'Lucky Wheel' },
        isHot: true,
        minBetCents: 10,
        minLines: 1,
        // Trial players have no real wallet to transfer from.
        isTrialSupported: false,
      },
    ],
  },
  {
    code: 'HOUSE',
    displayName: 'Lotus House',
    walletStyle: 'seamless',
    launchUrl: HOUSE_LAUNCH_TEMPLATE,
    categories: ['CRASH', 'LIVE', 'FISH', 'PVP', 'JACKPOT', 'MINIGAMES', 'ARCADE', 'TABLE', 'COCKFIGHT', 'SPORTS'],
    games: [
      // The house sportsbook: football, basketball and e-sports from the simulated feed (docs/sportsbook.md).
      {
        code: 'sportsbook',
        category: 'SPORTS',
        classify: ['sports'],
        name: { vi: 'Thể Thao Lotus', en: 'Lotus Sports' },
        isHot: true,
        minBetCents: 100,
        minLines: 0,
        isTrialSupported: false,
      },
      {
        code: 'crash',
        category: 'CRASH',
        classify: ['crash'],
        name: { vi: 'Tên Lửa Crash', en: 'Crash' },
        isHot: true,
        minBetCents: 1,
        minLines: 0,
        // One shared round for everyone; trial accounts play it with play money (the bet list marks their bets).
        isTrialSupported: true,
      },
      // Live-style tables: shared rounds dealt by the house game server, one table per game code.
      {
        code: 'baccarat',
        category: 'LIVE',
        classify: ['TG', 'live', 'baccarat'],
        name: { vi: 'Baccarat Lotus', en: 'Lotus Baccarat' },
        isHot: true,
        minBetCents: 1_000,
        minLines: 0,
        isTrialSupported: false,
      },
      {
        code: 'baccarat-nc',
        category: 'LIVE',
        classify: ['TG', 'live', 'baccarat'],
        name: { vi: 'Baccarat Không Hoa Hồng', en: 'No Commission Baccarat' },
        isHot: false,
        minBetCents: 5_000,
        minLines: 0,
        isTrialSupported: false,
      },
      // The jackpot wheel: a progressive pool the game server keeps and publishes (ADR 0036).
      {
        code: 'jackpot-wheel',
        category: 'JACKPOT',
        classify: ['JP', 'jackpot', 'wheel'],
        name: { vi: 'Vòng Quay Jackpot Lotus', en: 'Lotus Jackpot Wheel' },
        isHot: true,
        minBetCents: 1_000,
        minLines: 0,
        isTrialSupported: false,
      },
      // Fishing rooms: four players a room, shots batched into one wallet round a second (ADR 0026).
      {
        code: 'fishing',
        category: 'FISH',
        classify: ['fish'],
        name: { vi: 'Bắn Cá Lotus', en: 'Lotus Fishing' },
        isHot: true,
        minBetCents: 100,
        minLines: 0,
        isTrialSupported: false,
      },
      {
        code: 'fishing-royal',
        category: 'FISH',
        classify: ['fish'],
        name: { vi: 'Bắn Cá Hoàng Gia', en: 'Royal Fishing' },
        isHot: false,
        minBetCents: 1_000,
        minLines: 0,
        isTrialSupported: false,
      },
      // Card rooms: members play each other; the rooms and their stakes are listed live.
      {
        code: 'tien-len',
        category: 'PVP',
        classify: ['PVP', 'card', 'tien-len'],
        name: { vi: 'Tiến Lên Miền Nam', en: 'Tien Len (Southern)' },
        isHot: true,
        minBetCents: 1_000,
        minLines: 0,
        isTrialSupported: false,
      },
      {
        code: 'bai-cao',
        category: 'PVP',
        classify: ['PVP', 'card', 'bai-cao'],
        name: { vi: 'Bài Cào', en: 'Three-Card Bai Cao' },
        isHot: false,
        minBetCents: 1_000,
        minLines: 0,
        isTrialSupported: false,
      },
      {
        code: 'mau-binh',
        category: 'PVP',
        classify: ['PVP', 'card', 'mau-binh'],
        name: { vi: 'Mậu Binh', en: 'Mau Binh (13-Card Poker)' },
        isHot: false,
        minBetCents: 1_000,
        minLines: 0,
        isTrialSupported: false,
      },
      // Dragon tiger, sic bo and roulette: two tables each, the second with higher limits (its minimum here).
      ...(
        [
          ['dragon-tiger', 'dragontiger', { vi: 'Rồng Hổ Lotus', en: 'Lotus Dragon Tiger' }, 1_000, true],
          ['dragon-tiger-vip', 'dragontiger', { vi: 'Rồng Hổ VIP', en: 'Dragon Tiger VIP' }, 20_000, false],
          ['sicbo', 'sicbo', { vi: 'Tài Xỉu Lotus', en: 'Lotus Sic Bo' }, 1_000, true],
          ['sicbo-vip', 'sicbo', { vi: 'Tài Xỉu VIP', en: 'Sic Bo VIP' }, 20_000, false],
          ['roulette', 'roulette', { vi: 'Roulette Châu Âu', en: 'European Roulette' }, 1_000, true],
          ['roulette-vip', 'roulette', { vi: 'Roulette Châu Âu VIP', en: 'European Roulette VIP' }, 20_000, false],
        ] as const
      ).map(([code, subtype, name, minBetCents, isHot]) => ({
        code,
        category: 'LIVE',
        classify: ['TG', 'live', subtype],
        name,
        isHot,
        minBetCents,
        minLines: 0,
        isTrialSupported: false,
      })),
      // Cockfight: fights run by the operator (pari-mutuel or fixed odds), with the arena's stream; the
      // header's cockfight entry launches it directly.
      {
        code: 'cockfight',
        category: 'COCKFIGHT',
        classify: ['CF', 'cockfight'],
        name: { vi: 'Đá Gà Lotus', en: 'Lotus Cockfight' },
        isHot: true,
        minBetCents: 1_000,
        minLines: 0,
        isTrialSupported: false,
      },
      // Single-player rounds (mines, dice, hi-lo, plinko, video poker, blackjack): each player's own
      // provably fair round; trial accounts play them with play money.
      ...(
        [
          ['mines', 'MINIGAMES', ['AC', 'minigames', 'mines'], { vi: 'Dò Mìn', en: 'Mines' }, true],
          ['dice', 'MINIGAMES', ['AC', 'minigames', 'dice'], { vi: 'Xúc Xắc Mục Tiêu', en: 'Dice' }, false],
          ['hi-lo', 'MINIGAMES', ['AC', 'minigames', 'hi-lo'], { vi: 'Cao Thấp', en: 'Hi-Lo' }, false],
          ['plinko', 'ARCADE', ['AC', 'arcade', 'plinko'], { vi: 'Plinko', en: 'Plinko' }, true],
          ['video-poker', 'ARCADE', ['VP', 'video-poker'], { vi: 'Video Poker Jacks or Better', en: 'Jacks or Better Video Poker' }, false],
          ['blackjack', 'TABLE', ['TG', 'table', 'blackjack'], { vi: 'Blackjack Lotus', en: 'Lotus Blackjack' }, true],
        ] as const
      ).map(([code, category, classify, name, isHot]) => ({
        code,
        category,
        classify: [...classify],
        name,
        isHot,
        minBetCents: 1,
        minLines: 0,
        isTrialSupported: true,
      })),
    ],
  },
  // The e-sports brands: each its own vendor (lobby card, name, maintenance switch) whose one game is
  // the house sportsbook showing e-sports only under the brand (docs/games-catalogue.md, "E-sports brands").
  ...HOUSE_BRAND_VENDOR_CODES.map((code) => ({
    code,
    displayName: ESPORTS_BRAND_NAMES[code],
    walletStyle: 'seamless' as const,
    launchUrl: HOUSE_LAUNCH_TEMPLATE,
    categories: ['ESPORTS'],
    games: [
      {
        code: `sportsbook-${code.toLowerCase()}`,
        category: 'ESPORTS',
        classify: ['esports'],
        name: { vi: ESPORTS_BRAND_NAMES[code], en: ESPORTS_BRAND_NAMES[code] },
        isHot: code === 'AV',
        minBetCents: 100,
        minLines: 0,
        isTrialSupported: false,
      },
    ],
  })),
];

/** Writes the demo vendors and games for a merchant; runs inside the seed's transaction. */
export async function seedDemoGames(trx: Kysely<DB>, merchantId: number): Promise<void> {
  for (const [vendorIndex, vendor] of DEMO_GAME_VENDORS.entries()) {
    const vendorId = await insertVendor(trx, {
      merchantId,
      code: vendor.code,
      displayName: vendor.displayName,
      // Brand names: the same in every language.
      categories: vendor.categories,
      walletStyle: vendor.walletStyle,
      launchUrl: vendor.launchUrl,
      sort: vendorIndex * 10,
    });
    await insertGames(
      trx,
      { merchantId, id: vendorId, code: vendor.code },
      vendor.games.map((game, index) => ({
        ...game,
        searchName: searchNameOf(game.name, game.code),
        // No picture: the site draws each demo game's artwork, with its name in the member's language.
        imageUrl: '',
        sort: index * 10,
      })),
    );
  }
}
