import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerVipTranslations } from '../i18n/register-translations.ts';
import { PlayerRank } from './player-rank.tsx';

const level = (n: number, code: string, name: string, minDeposit: number, minValidBet: number, upgradeBonus: number) => ({
  level: n,
  code,
  name,
  minDeposit,
  minValidBet,
  upgradeBonus,
  periodicBonus: n === 0 ? 0 : 20_000 * n,
  periodicPeriod: n === 0 ? null : 'M',
  rebates: [{ category: 'RNG', period: 'D', ratePpm: 4_000 + n * 1_000 }],
});

const RANK = {
  currency: 'VND',
  window: 'rolling30',
  from: '2026-10-28',
  to: '2026-11-26',
  level: 1,
  code: 'VIP1',
  name: 'Bronze',
  deposits: 2_000_000,
  validBet: 15_000_000,
  next: {
    level: 2,
    code: 'VIP2',
    name: 'Silver',
    minDeposit: 5_000_000,
    minValidBet: 30_000_000,
    depositMissing: 3_000_000,
    validBetMissing: 15_000_000,
  },
  keep: { deposit: 0, validBet: 2_000_000, depositMissing: 0, validBetMissing: 0 },
  ladder: [
    level(0, 'VIP0', 'Member', 0, 0, 0),
    level(1, 'VIP1', 'Bronze', 1_000_000, 5_000_000, 50_000),
    level(2, 'VIP2', 'Silver', 5_000_000, 30_000_000, 200_000),
  ],
};
const CALL = 'GET /wps/member/vip/MCSFE_getPlayerRank';

describe('PlayerRank (playerRank)', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerVipTranslations();
  });
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('shows the level, progress bars to the next level and the ladder with its benefits', async () => {
    mockApi({ [CALL]: RANK });
    renderWithSite(<PlayerRank />, { language: 'en' });
    const current = await screen.findByTestId('vip-current');
    expect(current.textContent).toContain('Bronze VIP1');
    const bars = within(screen.getByTestId('vip-next')).getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['40', '50']);
    expect(screen.getByTestId('vip-next').textContent).toContain('₫3,000,000 to go');
    expect(screen.getByTestId('vip-keep').textContent).toBe('You meet what keeps your level.');
    const rows = within(screen.getByTestId('vip-ladder')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-current'))).toEqual([null, 'true', null]);
    expect(rows[2]?.querySelector('[data-label="Upgrade bonus"]')?.textContent).toBe('₫200,000');
    expect(rows[2]?.querySelector('[data-label="Periodic bonus"]')?.textContent).toBe('₫40,000 a month');
    expect(rows[2]?.querySelector('[data-label="Rebates"]')?.textContent).toBe('Slots 0.6 % (daily)');
  });

  it('says so at the top level, in Vietnamese', async () => {
    mockApi({
      [CALL]: {
        ...RANK,
        level: 2,
        code: 'VIP2',
        name: 'Bạc',
        next: null,
        keep: { deposit: 0, validBet: 10_000_000, depositMissing: 0, validBetMissing: 5_000_000 },
      },
    });
    renderWithSite(<PlayerRank />, { language: 'vi' });
    expect(await screen.findByText('Bạn đang ở cấp cao nhất.')).toBeTruthy();
    expect(screen.getByTestId('vip-keep').textContent).toMatch(/^Để giữ cấp còn thiếu: nạp 0\s₫, cược hợp lệ 5\.000\.000\s₫\.$/);
  });
});
