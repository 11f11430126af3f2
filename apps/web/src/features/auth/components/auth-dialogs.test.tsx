import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FlashMessage } from '../../../components/flash-message.tsx';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE, PASSWORD_RULE } from '../../../test/fixtures.ts';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { ChangePasswordPopup } from './change-password-popup.tsx';
import { LogoutConfirm } from './logout-confirm.tsx';
import { RealAccountWarning } from './real-account-warning.tsx';
import { RegisterSuccessPopup } from './register-success-popup.tsx';

const RULES = { 'GET /wps/system/setting/register/validation': [PASSWORD_RULE] };

describe('the account dialogs', () => {
  beforeEach(() => useSessionStore.getState().signIn(LOGIN_VALUE));

  it('ChangePasswordPopup: a change keeps the member in with the new session, closes, goes to / and says so', async () => {
    const renewed = { ...LOGIN_VALUE, token: 'token-after-change', changed: true };
    mockApi({ ...RULES, 'POST /wps/member/password': renewed });
    usePopupStore.getState().open('changePassword');
    const { user, location } = renderWithSite(
      <>
        <ChangePasswordPopup />
        <FlashMessage />
      </>,
      { route: '/rng?page=2' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Đổi mật khẩu' });
    await user.type(within(dialog).getByLabelText('Mật khẩu hiện tại'), 'old123');
    await user.type(within(dialog).getByLabelText('Mật khẩu mới'), 'new123');
    await user.type(within(dialog).getByLabelText('Xác nhận mật khẩu mới'), 'new123');
    await user.click(within(dialog).getByRole('button', { name: 'Đổi mật khẩu' }));
    await vi.waitFor(() => expect(usePopupStore.getState().popup).toBeNull());
    expect(useSessionStore.getState().isLogin).toBe(true);
    expect(useSessionStore.getState().userInfo?.token).toBe('token-after-change');
    await vi.waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByRole('status').textContent).toContain('Đã đổi mật khẩu.');
  });

  it('ChangePasswordPopup: closes on Escape', async () => {
    mockApi(RULES);
    usePopupStore.getState().open('changePassword');
    const { user } = renderWithSite(<ChangePasswordPopup />);
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBeNull();
  });

  it('ChangePasswordPopup when forced: Escape does nothing, signing out leaves', async () => {
    mockApi({ ...RULES, 'DELETE /wps/session/logout': null });
    usePopupStore.getState().open('changePassword', { isForced: true });
    const { user } = renderWithSite(<ChangePasswordPopup />);
    expect(screen.getByText('Vì lý do bảo mật, vui lòng đổi mật khẩu trước khi tiếp tục.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBe('changePassword');
    expect(screen.queryByRole('button', { name: 'Đóng' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Đăng xuất' }));
    expect(usePopupStore.getState().popup).toBeNull();
    expect(useSessionStore.getState().isLogin).toBe(false);
  });

  it('LogoutConfirm: Hủy and Escape keep the session, Xác nhận ends it', async () => {
    const api = mockApi({ 'DELETE /wps/session/logout': null });
    usePopupStore.getState().open('logout');
    const { user } = renderWithSite(<LogoutConfirm />);
    await user.click(screen.getByRole('button', { name: 'Hủy' }));
    expect(usePopupStore.getState().popup).toBeNull();
    usePopupStore.getState().open('logout');
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBeNull();
    expect(useSessionStore.getState().isLogin).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    await vi.waitFor(() => expect(useSessionStore.getState().isLogin).toBe(false));
    expect(api.callsTo('DELETE /wps/session/logout')).toHaveLength(1);
  });

  it('RealAccountWarning: says why and closes', async () => {
    mockApi({});
    usePopupStore.getState().open('realAccount');
    const { user } = renderWithSite(<RealAccountWarning />);
    expect(screen.getByRole('dialog', { name: 'Thông báo' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBeNull();
  });

  it('RegisterSuccessPopup: a logged-in member starts playing, a visitor is sent to the login', async () => {
    mockApi({});
    usePopupStore.getState().open('registerSuccess');
    const { user, unmount } = renderWithSite(<RegisterSuccessPopup />);
    await user.click(screen.getByRole('button', { name: 'Bắt đầu chơi' }));
    expect(usePopupStore.getState().popup).toBeNull();
    unmount();
    useSessionStore.getState().signOut();
    usePopupStore.getState().open('registerSuccess');
    renderWithSite(<RegisterSuccessPopup />);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Đăng nhập' }));
    expect(usePopupStore.getState().popup).toBe('login');
  });
});
