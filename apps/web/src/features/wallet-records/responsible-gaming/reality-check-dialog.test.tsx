import type { RgRealityCheckValue } from '@platform/contracts/responsible-gaming';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePopupStore } from '../../../state/popup-store.ts';
import { renderWithSite } from '../../../test/render.tsx';
import { RealityCheckDialog } from './reality-check-dialog.tsx';

const VALUE = {
  intervalMinutes: 60,
  sessionStartedAt: '2026-01-01T10:00:00Z',
  serverTime: '2026-01-01T11:05:00Z',
  rounds: 12,
  stake: 120_000,
  payout: 100_000,
  net: -20_000,
  currency: 'VND',
} as unknown as RgRealityCheckValue;

describe('RealityCheckDialog', () => {
  it('tells the time played and the result, and closes on Tiếp tục chơi and on Escape', async () => {
    const onClose = vi.fn();
    const { user } = renderWithSite(<RealityCheckDialog value={VALUE} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Nhắc nhở thời gian chơi' })).toBeTruthy();
    expect(screen.getByText('Bạn đã đăng nhập 1 giờ 5 phút.')).toBeTruthy();
    expect(screen.getByText(/^Kết quả: thua 20\.000/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Tiếp tục chơi' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('opens the account history or the sign-out question', async () => {
    const onClose = vi.fn();
    const { user, location } = renderWithSite(<RealityCheckDialog value={VALUE} onClose={onClose} />, { route: '/index' });
    await user.click(screen.getByRole('button', { name: 'Xem lịch sử tài khoản' }));
    expect(location()).toBe('/index?mc=transactionHistory');
    await user.click(screen.getByRole('button', { name: 'Đăng xuất' }));
    expect(usePopupStore.getState().popup).toBe('logout');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
