import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { type ApiCall, ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerRebatesTranslations } from '../i18n/register-translations.ts';
import { ManualRebate } from './manual-rebate.tsx';

const BALANCE = { currency: 'VND', sumBalance: 0, mainBalance: 0, bonusBalance: 0, lockedBalance: 0 };
const MANUAL = {
  currency: 'VND',
  claimable: 6_000,
  byCategory: [{ category: 'LIVE', betBase: 2_000_000, amount: 6_000, lines: 1 }],
  running: [
    {
      category: 'LIVE',
      vendorCode: null,
      period: 'D',
      periodStart: '2026-11-26',
      periodEnd: '2026-11-26',
      betBase: 500_000,
      ratePpm: 3_000,
      estimate: 1_500,
    },
  ],
};
const GET = 'GET /wps/member/rebates/MCSFE_getManualRebate';
const CLAIM = 'POST /wps/member/rebates/MCS2_claimRebate';

describe('ManualRebate (manualRebate)', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerRebatesTranslations();
  });
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('shows what accrued per game type and the running estimate; claim now pays it and says how much', async () => {
    let claimed = false;
    const api = mockApi({
      'GET /wps/v2/wallets/balance': BALANCE,
      [GET]: () => (claimed ? { ...MANUAL, claimable: 0, byCategory: [] } : MANUAL),
      [CLAIM]: (call: ApiCall) => {
        claimed = true;
        return { claimId: 1, amount: 6_000, lines: 1, currency: 'VND', isReplay: false, echo: call.body };
      },
    });
    const { user } = renderWithSite(<ManualRebate />, { language: 'en' });
    const claim = await screen.findByTestId('rebate-claim');
    expect(claim.querySelector('[data-field="claimable"]')?.textContent).toBe('₫6,000');
    expect(screen.getByTestId('rebate-accrued').querySelector('[data-label="Game type"]')?.textContent).toBe('Live casino');
    expect(screen.getByTestId('rebate-running').querySelector('[data-label="Estimate"]')?.textContent).toBe('₫1,500');
    await user.click(screen.getByRole('button', { name: 'Claim now' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe('₫6,000 (1 rebate) added to your main wallet.');
    const body = api.callsTo(CLAIM)[0]?.body as { requestId: string };
    expect(body.requestId.length).toBeGreaterThanOrEqual(8);
    expect(((await screen.findByRole('button', { name: 'Claim now' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's sentence when a claim is refused, in Vietnamese", async () => {
    const sentence = 'Hiện chưa có khoản hoàn trả nào để nhận, hãy quay lại sau khi kỳ hoàn trả kết thúc.';
    mockApi({
      'GET /wps/v2/wallets/balance': BALANCE,
      [GET]: MANUAL,
      [CLAIM]: () => new ApiRefusal('rebate_nothing_to_claim', sentence, undefined, 409),
    });
    const { user } = renderWithSite(<ManualRebate />, { language: 'vi' });
    await user.click(await screen.findByRole('button', { name: 'Nhận ngay' }));
    expect((await screen.findByRole('alert')).textContent).toBe(sentence);
  });
});
