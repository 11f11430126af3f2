import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePopupStore } from '../../../state/popup-store.ts';
import { PASSWORD_RULE } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

const RULES = { 'GET /wps/system/setting/register/validation': [PASSWORD_RULE] };

describe('ResetPasswordForm', () => {
  it('asks for both passwords in Vietnamese and sends nothing', async () => {
    const api = mockApi(RULES);
    const { user } = renderWithSite(<ResetPasswordForm token="tk" />);
    await user.click(screen.getByRole('button', { name: 'Đặt mật khẩu mới' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Vui lòng nhập mật khẩu mới', 'Không được để trống']);
    expect(api.callsTo('POST /wps/member/password/reset')).toHaveLength(0);
  });

  it('holds the new password to the rule and the confirmation to it', async () => {
    mockApi(RULES);
    const { user } = renderWithSite(<ResetPasswordForm token="tk" />, { language: 'en' });
    await screen.findByText('Both letters and digits, 6-20 characters');
    await user.type(screen.getByLabelText('New password'), 'abcdefg');
    await user.type(screen.getByLabelText('Confirm new password'), 'abcdefh');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Both letters and digits, 6-20 characters', 'The passwords do not match']);
  });

  it('sends the token and the passwords, then offers the login', async () => {
    const api = mockApi({ ...RULES, 'POST /wps/member/password/reset': { changed: true } });
    const { user } = renderWithSite(<ResetPasswordForm token="tk" />);
    await user.type(screen.getByLabelText('Mật khẩu mới'), 'new1234');
    await user.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'new1234');
    await user.click(screen.getByRole('button', { name: 'Đặt mật khẩu mới' }));
    await screen.findByText(/Mật khẩu đã được đổi/);
    expect(api.callsTo('POST /wps/member/password/reset')[0]?.body).toEqual({
      token: 'tk',
      newPassword: 'new1234',
      confirmNewPassword: 'new1234',
    });
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(usePopupStore.getState().popup).toBe('login');
  });

  it('says when the link is used up, and shows other refusals in the form', async () => {
    mockApi({ ...RULES, 'POST /wps/member/password/reset': new ApiRefusal('reset_link_invalid', 'x') });
    const { user } = renderWithSite(<ResetPasswordForm token="tk" />);
    await user.type(screen.getByLabelText('Mật khẩu mới'), 'new1234');
    await user.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'new1234');
    await user.click(screen.getByRole('button', { name: 'Đặt mật khẩu mới' }));
    await screen.findByText('Liên kết đặt lại mật khẩu đã hết hạn hoặc đã được dùng.');
  });

  it('shows a refusal above the button', async () => {
    mockApi({ ...RULES, 'POST /wps/member/password/reset': new ApiRefusal('too_many', 'Thử lại sau') });
    const { user } = renderWithSite(<ResetPasswordForm token="tk" />);
    await user.type(screen.getByLabelText('Mật khẩu mới'), 'new1234');
    await user.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'new1234');
    await user.click(screen.getByRole('button', { name: 'Đặt mật khẩu mới' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Thử lại sau');
  });

  it('without a token offers a new link', async () => {
    mockApi(RULES);
    const { user } = renderWithSite(<ResetPasswordForm token={null} />);
    await user.click(screen.getByRole('button', { name: 'Gửi liên kết mới' }));
    expect(usePopupStore.getState().popup).toBe('forgotPassword');
  });
});
