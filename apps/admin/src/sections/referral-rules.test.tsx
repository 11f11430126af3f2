import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { fakeServer, ok } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { rulesOf } from './referral-rules.tsx';

const rules = {
  enabled: true,
  referrerReward: 50_000,
  inviteeReward: 0,
  wageringMultiple: 1,
  minFirstDeposit: 100_000,
  minValidBet: 300_000,
  withinDays: 30,
  maxRewardsPerReferrer: 0,
  identitySignals: ['phone', 'payee', 'bank_card', 'device'],
};

function session(permissions: string[]) {
  setSession({ token: 't', expiresAt: '2026-11-27T06:00:00.000Z', admin: { id: 1, username: 'op', role: 'finance', permissions } });
}

describe('the referral rules tab of the promotions screen', () => {
  it('reads whole amounts, days from 1 to 365 and a multiple with two decimals at most', () => {
    const draft = {
      ...Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, String(v)])),
      enabled: true,
      identitySignals: ['device', 'phone'],
    } as never;
    expect(rulesOf(draft)).toEqual({ ...rules, identitySignals: ['phone', 'device'] });
    expect(rulesOf({ ...(draft as object), withinDays: '0' } as never)).toBeNull();
    expect(rulesOf({ ...(draft as object), wageringMultiple: '1.255' } as never)).toBeNull();
    expect(rulesOf({ ...(draft as object), referrerReward: '5.5' } as never)).toBeNull();
  });

  it('saves the rules an operator changed, with the identity signals chosen', async () => {
    session(['promotion:read', 'promotion:write']);
    const calls = fakeServer([
      (call) => (call.path === '/admin-api/referrals/rules' && call.method === 'GET' ? ok({ rules, updatedAt: null }) : undefined),
      (call) => (call.method === 'PUT' ? ok({ rules: call.body, updatedAt: '2026-11-27T05:00:00.000Z' }) : undefined),
      (call) => (call.path.startsWith('/admin-api/promotions') ? ok([]) : undefined),
    ]);
    renderConsole('/promotions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Mời bạn bè' }));
    const reward = await screen.findByLabelText('Thưởng cho người mời');
    await user.clear(reward);
    await user.type(reward, '70000');
    await user.click(screen.getByRole('checkbox', { name: 'chỉ địa chỉ đăng nhập' }));
    await user.click(screen.getByRole('button', { name: 'Lưu quy tắc' }));
    expect(await screen.findByText('Đã lưu quy tắc mời bạn bè.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/admin-api/referrals/rules',
      body: { ...rules, referrerReward: 70_000, identitySignals: ['phone', 'payee', 'bank_card', 'device', 'ip'] },
    });
  });

  it('shows the rules without a save button to a role that may only read them', async () => {
    session(['promotion:read']);
    fakeServer([
      (call) => (call.path === '/admin-api/referrals/rules' ? ok({ rules, updatedAt: null }) : undefined),
      (call) => (call.path.startsWith('/admin-api/promotions') ? ok([]) : undefined),
    ]);
    renderConsole('/promotions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Mời bạn bè' }));
    expect(await screen.findByText('Vai trò của bạn chỉ được xem, không được sửa các quy tắc này.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lưu quy tắc' })).toBeNull();
  });
});
