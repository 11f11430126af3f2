import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOGIN_VALUE, PASSWORD_RULE } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

const RULES = { 'GET /wps/system/setting/register/validation': [PASSWORD_RULE] };

describe('ChangePasswordForm', () => {
  it('shows each field its message in Vietnamese and sends nothing', async () => {
    const api = mockApi(RULES);
    const { user } = renderWithSite(<ChangePasswordForm onChanged={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Không được để trống', 'Vui lòng nhập mật khẩu mới', 'Không được để trống']);
    expect(api.callsTo('POST /wps/member/password')).toHaveLength(0);
  });

  it('holds the new password to the server rule and the confirmation to the new password', async () => {
    mockApi(RULES);
    const { user } = renderWithSite(<ChangePasswordForm onChanged={() => {}} />, { language: 'en' });
    await screen.findByText('Both letters and digits, 6-20 characters');
    await user.type(screen.getByLabelText('Current password'), 'old123');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Both letters and digits, 6-20 characters', 'The passwords do not match']);
  });

  it('sends the three passwords and reports the change', async () => {
    const api = mockApi({ ...RULES, 'POST /wps/member/password': { ...LOGIN_VALUE, token: 'renewed', changed: true } });
    const onChanged = vi.fn();
    const { user } = renderWithSite(<ChangePasswordForm onChanged={onChanged} />);
    await user.type(screen.getByLabelText('Mật khẩu hiện tại'), 'old123');
    await user.type(screen.getByLabelText('Mật khẩu mới'), 'new1234');
    await user.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'new1234');
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ token: 'renewed' }));
    expect(api.callsTo('POST /wps/member/password')[0]?.body).toEqual({
      oldPassword: 'old123',
      newPassword: 'new1234',
      confirmNewPassword: 'new1234',
    });
  });

  it('shows the refusal above the button', async () => {
    mockApi({ ...RULES, 'POST /wps/member/password': new ApiRefusal('password_wrong', 'Mật khẩu cũ không đúng') });
    const onChanged = vi.fn();
    const { user } = renderWithSite(<ChangePasswordForm onChanged={onChanged} />);
    await user.type(screen.getByLabelText('Mật khẩu hiện tại'), 'old123');
    await user.type(screen.getByLabelText('Mật khẩu mới'), 'new1234');
    await user.type(screen.getByLabelText('Xác nhận mật khẩu mới'), 'new1234');
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Mật khẩu cũ không đúng');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
