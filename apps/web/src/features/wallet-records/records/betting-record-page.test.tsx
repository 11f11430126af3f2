import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import type { BetRecord } from '../api/records-api.ts';
import { registerWalletRecordsTranslations } from '../i18n/register-translations.ts';
import { BettingRecordPage } from './betting-record-page.tsx';

function record(overrides: Partial<BetRecord>): BetRecord {
  return {
    id: 1,
    roundId: 'r-1',
    vendorCode: 'DEMO',
    gameCode: 'lucky-sevens',
    gameName: 'Bảy May Mắn',
    vendorName: 'Lotus Studio',
    gameCategory: 'RNG',
    currency: 'VND',
    stake: 10_000,
    validBet: 10_000,
    payout: 0,
    winLoss: -10_000,
    status: 'SETTLED',
    result: 'LOSE',
    isTrial: false,
    betTime: '2026-11-26T03:00:00.000Z',
    settleTime: '2026-11-26T03:00:01.000Z',
    outcome: null,
    proofUrl: null,
    ...overrides,
  };
}

const LIST = [
  record({ id: 1, roundId: 'r-1', outcome: { kind: 'reels', reels: [['SEVEN'], ['SEVEN'], ['BAR']], summary: 'SEVEN SEVEN BAR' } }),
  record({
    id: 2,
    roundId: 'r-2',
    vendorCode: 'TCG_LOTTO_VN',
    gameCode: 'EL1',
    gameName: 'Xổ số nhanh 1 phút',
    vendorName: 'Xổ Số Việt Nam',
  }),
  record({ id: 3, roundId: 'r-3', gameCode: 'retired-slot', gameName: null, vendorCode: 'GONE', vendorName: null }),
];

describe('BettingRecordPage', () => {
  beforeAll(registerWalletRecordsTranslations);

  it('names each round by its game and provider, and says when a game is no longer listed', async () => {
    mockApi({
      'GET /wps/relay/GCSGAME_newGameVendor': [],
      'GET /wps/relay/GCS_personalHistory': {
        list: LIST,
        pageNo: 1,
        pageSize: 20,
        totalCount: 3,
        totalPages: 1,
        totals: { count: 3, stake: 30_000, validBet: 30_000, payout: 0, winLoss: -30_000 },
      },
    });
    renderWithSite(<BettingRecordPage />);
    const first = (await screen.findByText('Bảy May Mắn')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Lotus Studio')).toBeTruthy();
    const lottery = screen.getByText('Xổ số nhanh 1 phút').closest('tr') as HTMLElement;
    expect(within(lottery).getByText('Xổ Số Việt Nam')).toBeTruthy();
    const removed = screen.getByText('Trò chơi đã gỡ khỏi danh mục (retired-slot)').closest('tr') as HTMLElement;
    expect(within(removed).getByText('GONE')).toBeTruthy();
    // No internal "vendor · game" codes in place of names.
    expect(screen.queryByText(/DEMO · lucky-sevens|TCG_LOTTO_VN · EL1/)).toBeNull();
  });

  it('draws what the round showed, as the vendor reported it, in the round detail', async () => {
    mockApi({
      'GET /wps/relay/GCSGAME_newGameVendor': [],
      'GET /wps/relay/GCS_personalHistory': {
        list: [LIST[0], record({ id: 4, roundId: 'r-4', gameName: 'Xúc Xắc Rồng', outcome: { kind: 'dice', dice: [3, 4], bet: 'SEVEN' } })],
        pageNo: 1,
        pageSize: 20,
        totalCount: 2,
        totalPages: 1,
        totals: { count: 2, stake: 20_000, validBet: 20_000, payout: 0, winLoss: -20_000 },
      },
    });
    const { user } = renderWithSite(<BettingRecordPage />);
    const slot = (await screen.findByText('Bảy May Mắn')).closest('tr') as HTMLElement;
    await user.click(within(slot).getByRole('button'));
    // Symbols and dice are drawn, not emoji or die glyphs a phone may lack, and named in the member's language.
    const reels = await screen.findByRole('img', { name: 'số bảy | số bảy | thanh BAR' });
    expect(reels.querySelectorAll('.rc-symbol svg')).toHaveLength(3);
    expect(reels.textContent).not.toMatch(/[\u{1F300}-\u{1FAFF}]/u);
    expect(screen.getByText('Các cuộn quay dừng ở')).toBeTruthy();
    const dice = screen.getByText('Xúc Xắc Rồng').closest('tr') as HTMLElement;
    await user.click(within(dice).getByRole('button'));
    const thrown = await screen.findByRole('img', { name: 'Xúc xắc 3 + 4, tổng 7' });
    expect([...thrown.querySelectorAll('svg.rc-die')].map((die) => die.querySelectorAll('circle').length)).toEqual([3, 4]);
    expect(screen.getByText('Xúc xắc · cược tổng bảy')).toBeTruthy();
  });

  it("tells a fishing second by its shots, hits and the fish caught, in the member's language", async () => {
    mockApi({
      'GET /wps/relay/GCSGAME_newGameVendor': [],
      'GET /wps/relay/GCS_personalHistory': {
        list: [
          record({
            id: 5,
            roundId: 'fish-r1-abc',
            vendorCode: 'HOUSE',
            gameCode: 'fishing',
            gameName: 'Bắn Cá Lotus',
            gameCategory: 'FISH',
            stake: 4_000,
            payout: 6_000,
            outcome: {
              kind: 'fishing',
              shots: 3,
              hits: 5,
              kills: [
                { fish: 'MINNOW', multiplier: 2, win: 2_000 },
                { fish: 'GOLDEN_CRAB', multiplier: 30, win: 3_000 },
              ],
            },
          }),
        ],
        pageNo: 1,
        pageSize: 20,
        totalCount: 1,
        totalPages: 1,
        totals: { count: 1, stake: 4_000, validBet: 4_000, payout: 6_000, winLoss: 2_000 },
      },
    });
    const { user } = renderWithSite(<BettingRecordPage />);
    const row = (await screen.findByText('Bắn Cá Lotus')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button'));
    expect(await screen.findByText('3 phát bắn, 5 lần trúng, bắt được 2 con cá')).toBeTruthy();
    expect(screen.getByText('cá con ×2 · cua vàng ×30')).toBeTruthy();
  });

  it("tells a cockfight bet by the fight's result and the side taken, in the member's language", async () => {
    mockApi({
      'GET /wps/relay/GCSGAME_newGameVendor': [],
      'GET /wps/relay/GCS_personalHistory': {
        list: [
          record({
            id: 6,
            roundId: 'cf-a1-12-0a1b2c3d',
            vendorCode: 'HOUSE',
            gameCode: 'cockfight',
            gameName: 'Đá Gà Lotus',
            gameCategory: 'COCKFIGHT',
            stake: 1_000,
            payout: 9_000,
            outcome: { kind: 'fight', fight: 12, result: 'draw', side: 'draw' },
          }),
        ],
        pageNo: 1,
        pageSize: 20,
        totalCount: 1,
        totalPages: 1,
        totals: { count: 1, stake: 1_000, validBet: 1_000, payout: 9_000, winLoss: 8_000 },
      },
    });
    const { user } = renderWithSite(<BettingRecordPage />);
    const row = (await screen.findByText('Đá Gà Lotus')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button'));
    expect(await screen.findByText('Trận #12: Hòa · bạn cược Hòa')).toBeTruthy();
  });

  it("lists a sportsbook bet's legs with their odds, market, event and result, in the member's language", async () => {
    mockApi({
      'GET /wps/relay/GCSGAME_newGameVendor': [],
      'GET /wps/relay/GCS_personalHistory': {
        list: [
          record({
            id: 7,
            roundId: 'sb-abc123',
            vendorCode: 'HOUSE',
            gameCode: 'sportsbook',
            gameName: 'Thể Thao Lotus',
            gameCategory: 'SPORTS',
            stake: 10_000,
            payout: 0,
            outcome: {
              kind: 'slip',
              bet: 'parlay',
              legs: [
                {
                  event: 'Hanoi Lotus – Hue Imperial',
                  market: 'Kèo chấp -0/0.5',
                  selection: 'Hanoi Lotus -0/0.5',
                  odds: 1_950,
                  outcome: 'half-lose',
                },
                { event: 'Iron Lotus – Monsoon', market: 'Đội thắng', selection: 'Monsoon', odds: 2_480, outcome: 'win' },
                { event: 'Ha Long Bay – Da Lat Pines', market: 'Tài/Xỉu 2.5/3', selection: 'Tài', odds: 1_010 },
              ],
            },
          }),
        ],
        pageNo: 1,
        pageSize: 20,
        totalCount: 1,
        totalPages: 1,
        totals: { count: 1, stake: 10_000, validBet: 0, payout: 0, winLoss: 0 },
      },
    });
    const { user } = renderWithSite(<BettingRecordPage />);
    const row = (await screen.findByText('Thể Thao Lotus')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button'));
    expect(await screen.findByText('Cược xiên 3 trận')).toBeTruthy();
    const legs = [...document.querySelectorAll('.rc-leg')].map((leg) => leg.textContent);
    expect(legs).toEqual([
      'Hanoi Lotus -0/0.5 @ 1.95Kèo chấp -0/0.5 · Hanoi Lotus – Hue Imperialthua nửa',
      'Monsoon @ 2.48Đội thắng · Iron Lotus – Monsoonthắng',
      'Tài @ 1.01Tài/Xỉu 2.5/3 · Ha Long Bay – Da Lat Pineschưa có kết quả',
    ]);
  });

  it("links a house round to its detail and proof at the game server, and no other vendor's round", async () => {
    const proofUrl = 'https://games.example/round/roulette/ro-ro1-12-0123456789ab?lang=vi';
    mockApi({
      'GET /wps/relay/GCSGAME_newGameVendor': [],
      'GET /wps/relay/GCS_personalHistory': {
        list: [
          record({
            id: 6,
            roundId: 'ro-ro1-12-0123456789ab',
            vendorCode: 'HOUSE',
            gameCode: 'roulette',
            gameName: 'Roulette Châu Âu',
            proofUrl,
          }),
          LIST[0],
        ],
        pageNo: 1,
        pageSize: 20,
        totalCount: 2,
        totalPages: 1,
        totals: { count: 2, stake: 20_000, validBet: 20_000, payout: 0, winLoss: -20_000 },
      },
    });
    const { user } = renderWithSite(<BettingRecordPage />);
    const row = (await screen.findByText('Roulette Châu Âu')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button'));
    const link = await screen.findByRole('link', { name: 'Chi tiết ván và bằng chứng công bằng (hạt giống, kiểm tra)' });
    expect(link.getAttribute('href')).toBe(proofUrl);
    const slot = screen.getByText('Bảy May Mắn').closest('tr') as HTMLElement;
    await user.click(within(slot).getByRole('button'));
    // The slot's detail (one detail is open at a time) has no proof link: its vendor gives none.
    expect(await screen.findByText('Các cuộn quay dừng ở')).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: /bằng chứng công bằng/ })).toHaveLength(0);
  });
});
