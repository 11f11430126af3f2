import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { ReferralPage } from './referral-page.tsx';

const BALANCE = { currency: 'VND', sumBalance: 0, mainBalance: 0, bonusBalance: 0, lockedBalance: 0 };
const RULES = {
  enabled: true,
  referrerReward: 50_000,
  inviteeReward: 0,
  wageringMultiple: 1,
  minFirstDeposit: 100_000,
  minValidBet: 300_000,
  withinDays: 30,
};
const SUMMARY = { code: 'ABCDEFGH23', currency: 'VND', rules: RULES, invited: 2, qualified: 1, earned: 0, pending: 50_000 };
const REWARD = {
  id: 7,
  role: 'referrer',
  friend: 'fr***24',
  amount: 50_000,
  currency: 'VND',
  wageringMultiple: 1,
  createdAt: '2026-11-27T08:00:00Z',
};
const FRIEND = {
  username: 'fr***24',
  registeredAt: '2026-11-26T08:00:00Z',
  deadline: '2026-12-26T17:00:00Z',
  reward: 50_000,
  refusal: null,
};
const page = (list: object[]) => ({ list, pageNo: 1, pageSize: 10, totalCount: list.length, totalPages: 1 });

describe('ReferralPage (referral)', { timeout: 20_000 }, () => {
  beforeAll(() => registerMemberCentreTranslations());
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('shows the code, the link with its QR code, the rules and the friends; claiming pays and the friend reads rewarded', async () => {
    let claimed = false;
    const api = mockApi({
      'GET /wps/v2/wallets/balance': BALANCE,
      'GET /wps/member/referral': () => (claimed ? { ...SUMMARY, earned: 50_000, pending: 0 } : SUMMARY),
      'GET /wps/member/referral/rewards': () => ({ list: claimed ? [] : [REWARD] }),
      'GET /wps/member/referral/invitees': () =>
        page([
          { ...FRIEND, status: claimed ? 'rewarded' : 'qualified' },
          { ...FRIEND, username: 'sa***me', status: 'not_eligible', refusal: 'same_identity', reward: null },
        ]),
      'POST /wps/member/referral/rewards/7/claim': () => {
        claimed = true;
        return { id: 7, amount: 50_000, currency: 'VND', claimedAt: '2026-11-27T09:00:00Z' };
      },
    });
    const { user } = renderWithSite(<ReferralPage />, { language: 'en' });
    expect((await screen.findByTestId('referral-code')).textContent).toBe('ABCDEFGH23');
    expect(screen.getByTestId('referral-link').textContent).toBe(`${window.location.origin}/register?referralCode=ABCDEFGH23`);
    expect(screen.getByRole('img', { name: 'QR code of the invitation link' })).toBeTruthy();
    expect(screen.getByTestId('referral-rules').textContent).toContain(
      'first deposit of ₫100,000 or more and places ₫300,000 of valid bets within 30 days',
    );
    const invitees = await screen.findByTestId('referral-invitees');
    expect(invitees.querySelector('[data-status="not_eligible"]')?.textContent).toContain('The same person as you');
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    expect((await screen.findByText('₫50,000 was added to your main wallet.')).getAttribute('role')).toBe('status');
    expect(api.callsTo('POST /wps/member/referral/rewards/7/claim')).toHaveLength(1);
    await screen.findByText('No rewards waiting to be claimed yet.');
    expect((await screen.findByTestId('referral-invitees')).querySelector('[data-status="rewarded"]')).toBeTruthy();
  });

  it("tells an agent, in Vietnamese, the server's sentence", async () => {
    const sentence = 'Chỉ tài khoản người chơi mới có mã mời bạn bè; đại lý hãy dùng mã giới thiệu trong trung tâm đại lý.';
    mockApi({ 'GET /wps/v2/wallets/balance': BALANCE, 'GET /wps/member/referral': new ApiRefusal('referral_players_only', sentence) });
    renderWithSite(<ReferralPage />);
    expect(await screen.findByText(sentence)).toBeTruthy();
  });
});
