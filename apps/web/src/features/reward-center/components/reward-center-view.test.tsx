import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerMemberCentreTranslations } from '../../../i18n/member-centre/register-translations.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE } from '../../../test/fixtures.ts';
import { type ApiCall, ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerRewardCenterTranslations } from '../i18n/register-translations.ts';
import { RewardCenterView } from './reward-center-view.tsx';

const LIST = 'GET /wps/member/rewards';
const CLAIM = 'POST /wps/member/rewards/claim';
const REDEEM = 'POST /wps/member/rewards/redeem-code';
const CLAIMED = 'GET /wps/member/rewards/claimed';
const SIGN_IN = {
  key: 'reward:7',
  source: 'sign_in',
  title: 'Sign-in day 1',
  kind: 'cash',
  amount: 1_000,
  createdAt: '2026-11-27T01:00:00.000Z',
  expiresAt: null,
};
const MISSION = { ...SIGN_IN, key: 'reward:8', source: 'mission', title: 'Sign in today', kind: 'points', amount: 10 };

describe('RewardCenterView (rewardCenter)', { timeout: 20_000 }, () => {
  beforeAll(() => {
    registerMemberCentreTranslations();
    registerRewardCenterTranslations();
  });
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('lists every reward with its source and amount; a claim sends its key, says what it paid and the row leaves', async () => {
    let claimed: string[] = [];
    const api = mockApi({
      [LIST]: () => {
        const list = [SIGN_IN, MISSION].filter((r) => !claimed.includes(r.key));
        return { list, count: list.length };
      },
      [CLAIMED]: () => ({
        list: [SIGN_IN, MISSION]
          .filter((r) => claimed.includes(r.key))
          .map(({ createdAt: _c, expiresAt: _e, ...r }) => ({ ...r, claimedAt: '2026-11-27T02:00:00.000Z' })),
      }),
      [CLAIM]: (call: ApiCall) => {
        const key = (call.body as { key: string }).key;
        claimed = [...claimed, key];
        return { key, kind: 'cash', amount: 1_000 };
      },
    });
    const { user } = renderWithSite(<RewardCenterView />, { language: 'en' });
    const list = await screen.findByTestId('reward-list');
    expect(list.querySelectorAll('li.rc-item')).toHaveLength(2);
    expect(screen.getByText('2 rewards')).toBeTruthy();
    expect(list.querySelector('li[data-source="mission"] .rc-item__amount')?.textContent).toBe('10 points');
    expect(list.querySelector('li[data-source="sign_in"] .rc-source')?.textContent).toBe('Sign-in');
    await user.click(screen.getAllByRole('button', { name: 'Claim' })[0] as HTMLElement);
    expect((await screen.findByRole('status')).textContent).toBe('Claimed ₫1,000.');
    expect(api.callsTo(CLAIM)[0]?.body).toEqual({ key: 'reward:7' });
    await screen.findByText('1 reward');
    // The claimed reward moves to the history, with what it gave.
    const history = await screen.findByTestId('claimed-list');
    expect(history.querySelectorAll('li')).toHaveLength(1);
    expect(history.querySelector('li[data-source="sign_in"] .rc-item__title')?.textContent).toBe('Sign-in day 1');
    expect(history.querySelector('li .rc-item__amount')?.textContent).toBe('₫1,000');
  });

  it('lists the rewards claimed and the codes redeemed, and says when there are none', async () => {
    mockApi({
      [LIST]: { list: [], count: 0 },
      [CLAIMED]: {
        list: [
          { key: 'code:3', source: 'code', title: 'LOTUS2026', kind: 'cash', amount: 10_000, claimedAt: '2026-11-27T03:00:00.000Z' },
          {
            key: 'reward:8',
            source: 'mission',
            title: 'Nạp tiền lần đầu',
            kind: 'points',
            amount: 100,
            claimedAt: '2026-11-26T03:00:00.000Z',
          },
        ],
      },
    });
    renderWithSite(<RewardCenterView />, { language: 'vi' });
    const history = await screen.findByTestId('claimed-list');
    const rows = history.querySelectorAll('li');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.querySelector('.rc-source')?.textContent).toBe('Mã đổi thưởng');
    expect(rows[0]?.querySelector('.rc-item__title')?.textContent).toBe('LOTUS2026');
    expect(rows[1]?.textContent).toContain('Nạp tiền lần đầu');
    expect(rows[1]?.textContent).toContain('Đã nhận lúc');
  });

  it('says when nothing has been claimed yet', async () => {
    mockApi({ [LIST]: { list: [], count: 0 }, [CLAIMED]: { list: [] } });
    renderWithSite(<RewardCenterView />, { language: 'en' });
    expect(await screen.findByText(/You have not claimed any rewards yet/)).toBeTruthy();
  });

  it("asks for a code before sending, and shows the server's sentence when a code is refused, in Vietnamese", async () => {
    const sentence = 'Mã đổi thưởng không đúng, đã hết hạn hoặc không dành cho bạn. Vui lòng kiểm tra lại mã.';
    const api = mockApi({
      [LIST]: { list: [], count: 0 },
      [CLAIMED]: { list: [] },
      [REDEEM]: () => new ApiRefusal('redeem_code_invalid', sentence, undefined, 400),
    });
    const { user } = renderWithSite(<RewardCenterView />, { language: 'vi' });
    await screen.findByText('Bạn chưa có phần thưởng nào chờ nhận. Hoàn thành nhiệm vụ hoặc điểm danh để nhận thêm.');
    await user.click(screen.getByRole('button', { name: 'Đổi thưởng' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng nhập mã đổi thưởng.');
    expect(api.callsTo(REDEEM)).toHaveLength(0);
    await user.type(screen.getByLabelText('Mã đổi thưởng'), ' nope ');
    await user.click(screen.getByRole('button', { name: 'Đổi thưởng' }));
    expect((await screen.findByRole('alert')).textContent).toBe(sentence);
    expect(api.callsTo(REDEEM)[0]?.body).toEqual({ code: 'nope' });
  });
});
