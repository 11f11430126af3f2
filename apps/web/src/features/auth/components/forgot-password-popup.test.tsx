import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { fieldRule, LOGIN_VALUE, PASSWORD_RULE, registerSettings } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { ForgotPasswordPopup } from './forgot-password-popup.tsx';

const SITE = {
  'GET /wps/system/setting/register': registerSettings(),
  'GET /wps/system/setting/register/validation': [PASSWORD_RULE],
};
const confirmButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Xác nhận' });

describe('ForgotPasswordPopup', () => {
  beforeEach(() => {
    usePopupStore.getState().open('forgotPassword');
    useSessionStore.getState().signOut();
  });

  it('by e-mail: both fields are required and the address must look like one', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<ForgotPasswordPopup />);
    await user.click(confirmButton());
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Không được để trống', 'Không được để trống']);
    await user.type(screen.getByLabelText('Tên đăng nhập'), 'player1');
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(confirmButton());
    await vi.waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Vui lòng nhập email hợp lệ']));
    expect(api.callsTo('POST /wps/member/password/email')).toHaveLength(0);
  });

  it('by e-mail: checks the username by the registration rule before sending', async () => {
    const api = mockApi({
      ...SITE,
      'GET /wps/system/setting/register/validation': [
        PASSWORD_RULE,
        fieldRule('username', { required: true, minLength: 4, maxLength: 12, patternId: 2 }),
      ],
    });
    const { user } = renderWithSite(<ForgotPasswordPopup />);
    await user.type(screen.getByLabelText('Tên đăng nhập'), '1a b');
    await user.type(screen.getByLabelText('Email'), 'a@example.com');
    await user.click(confirmButton());
    await vi.waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'Bắt đầu bằng chữ cái, sau đó là chữ cái và số, dài 4-12 ký tự',
      ]),
    );
    expect(api.callsTo('POST /wps/member/password/email')).toHaveLength(0);
  });

  it('by e-mail: sends the trimmed name and address and says the mail is on its way', async () => {
    const api = mockApi({ ...SITE, 'POST /wps/member/password/email': { sent: true } });
    const { user } = renderWithSite(<ForgotPasswordPopup />);
    await user.type(screen.getByLabelText('Tên đăng nhập'), ' player1 ');
    await user.type(screen.getByLabelText('Email'), 'a@example.com ');
    await user.click(confirmButton());
    await screen.findByText(/chúng tôi đã gửi hướng dẫn đặt lại mật khẩu/);
    expect(api.callsTo('POST /wps/member/password/email')[0]?.body).toEqual({ username: 'player1', email: 'a@example.com' });
  });

  it('by phone: checks the password rule and the confirmation, then sets it and logs in', async () => {
    const api = mockApi({ ...SITE, 'POST /wps/member/password/verification': LOGIN_VALUE });
    const { user } = renderWithSite(<ForgotPasswordPopup />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Mobile number' }));
    await user.type(screen.getByLabelText('Mobile number'), '0912345678');
    await user.type(screen.getByLabelText('SMS code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'shorter');
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' });
    await user.click(confirm);
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Both letters and digits, 6-20 characters',
      'The passwords do not match',
    ]);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'abc123');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'abc123');
    await user.click(confirm);
    await vi.waitFor(() => expect(useSessionStore.getState().isLogin).toBe(true));
    expect(api.callsTo('POST /wps/member/password/verification')[0]?.body).toEqual({
      mobileNum: '0912345678',
      verificationCode: '123456',
      newPassword: 'abc123',
      confirmNewPassword: 'abc123',
      countryDialingCode: '+84',
    });
  });

  it('shows a refusal and closes on Escape', async () => {
    mockApi({ ...SITE, 'POST /wps/member/password/email': new ApiRefusal('too_many', 'Vui lòng thử lại sau') });
    const { user } = renderWithSite(<ForgotPasswordPopup />);
    await user.type(screen.getByLabelText('Tên đăng nhập'), 'player1');
    await user.type(screen.getByLabelText('Email'), 'a@example.com');
    await user.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng thử lại sau');
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBeNull();
  });
});
