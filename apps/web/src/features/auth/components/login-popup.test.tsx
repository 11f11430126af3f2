import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SMS_SEND_THROTTLE_MS } from '../../../hooks/use-sms-countdown.ts';
import { readRememberedUsername } from '../../../lib/remembered-username.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { LOGIN_VALUE, PASSWORD_RULE, registerSettings } from '../../../test/fixtures.ts';
import { type ApiCall, ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { ChangePasswordPopup } from './change-password-popup.tsx';
import { LoginPopup } from './login-popup.tsx';

const SITE = {
  'GET /wps/system/setting/register': registerSettings({ showPhoneLogin: true }),
  'GET /wps/system/whitelabel': {},
};

const dialog = () => screen.getByRole('dialog', { name: 'Đăng nhập' });

describe('LoginPopup', () => {
  beforeEach(() => {
    usePopupStore.getState().open('login');
    useSessionStore.getState().signOut();
  });

  it('says each empty field cannot be empty, in Vietnamese, and sends nothing', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<LoginPopup />);
    await user.click(within(dialog()).getByRole('button', { name: 'Đăng nhập' }));
    const alerts = await within(dialog()).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Không được để trống', 'Không được để trống']);
    expect(api.callsTo('POST /wps/session/login')).toHaveLength(0);
  });

  it('logs in with the trimmed username, remembers it and closes', async () => {
    const api = mockApi({ ...SITE, 'POST /wps/session/login': LOGIN_VALUE });
    const { user } = renderWithSite(<LoginPopup />);
    await user.type(screen.getByLabelText('Tên đăng nhập'), ' player1 ');
    await user.type(screen.getByLabelText('Mật khẩu'), 'secret1');
    await user.click(screen.getByRole('checkbox', { name: 'Ghi nhớ tài khoản' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Đăng nhập' }));
    await vi.waitFor(() => expect(useSessionStore.getState().isLogin).toBe(true));
    expect(api.callsTo('POST /wps/session/login')[0]?.body).toEqual({
      username: 'player1',
      password: 'secret1',
      type: 'username',
      entry: 'member',
    });
    expect(usePopupStore.getState().popup).toBeNull();
    expect(readRememberedUsername()).toBe('player1');
  });

  it('at the agent entry logs in with entry agent and opens the agent centre; a non-agent gets the spec refusal', async () => {
    const api = mockApi({
      ...SITE,
      'POST /wps/session/login': (call: { body: { username: string } }) =>
        call.body.username === 'player1'
          ? new ApiRefusal('not_agent', 'Cannot login because not an agent', undefined, 403)
          : { ...LOGIN_VALUE, username: 'agent01', isAgent: 1 },
    });
    const { user, location } = renderWithSite(<LoginPopup />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Agent centre' }));
    const agentDialog = screen.getByRole('dialog', { name: 'Log in · Agent centre' });
    // No sign-up or free play at the agent entry.
    expect(within(agentDialog).queryByRole('button', { name: /Sign up/ })).toBeNull();
    await user.type(screen.getByLabelText('Username'), 'player1');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(within(agentDialog).getByRole('button', { name: 'Log in' }));
    expect((await within(agentDialog).findByRole('alert')).textContent).toBe('Cannot login because not an agent');
    expect(useSessionStore.getState().isLogin).toBe(false);

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'agent01');
    await user.click(within(agentDialog).getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(useSessionStore.getState().isAgent).toBe(true));
    expect(api.callsTo('POST /wps/session/login').map((c) => (c.body as { entry: string }).entry)).toEqual(['agent', 'agent']);
    await vi.waitFor(() => expect(location()).toBe('/index?ac=agentTeamOverview'));
    expect(usePopupStore.getState().popup).toBeNull();
  });

  it('at the agent entry with a forced password change: not logged in until the change, then in the agent centre', async () => {
    mockApi({
      ...SITE,
      'GET /wps/system/setting/register/validation': [PASSWORD_RULE],
      'POST /wps/session/login': { ...LOGIN_VALUE, username: 'agent02', isAgent: 2, cpw: true },
      'POST /wps/member/password': { ...LOGIN_VALUE, username: 'agent02', isAgent: 2, token: 'token-after-change', changed: true },
    });
    const { user, location } = renderWithSite(
      <>
        <LoginPopup />
        <ChangePasswordPopup />
      </>,
      { language: 'en', route: '/login' },
    );
    await user.click(screen.getByRole('button', { name: 'Agent centre' }));
    await user.type(screen.getByLabelText('Username'), 'agent02');
    await user.type(screen.getByLabelText('Password'), 'first123');
    await user.click(within(screen.getByRole('dialog', { name: 'Log in · Agent centre' })).getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(usePopupStore.getState().popup).toBe('changePassword'));
    expect(useSessionStore.getState().isLogin).toBe(false);
    expect(location()).toBe('/login');
    const change = screen.getByRole('dialog', { name: 'Change password' });
    await user.type(within(change).getByLabelText('Current password'), 'first123');
    await user.type(within(change).getByLabelText('New password'), 'new123');
    await user.type(within(change).getByLabelText('Confirm new password'), 'new123');
    await user.click(within(change).getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(location()).toBe('/index?ac=agentTeamOverview'));
    expect(useSessionStore.getState().isLogin).toBe(true);
    expect(usePopupStore.getState().popup).toBeNull();
  });

  it('at the agent entry with a second step: the agent centre once the code is right', async () => {
    mockApi({
      ...SITE,
      'POST /wps/session/login': new ApiRefusal('second_factor_required', 'Enter the code.', {
        secondFactor: { challenge: 'c1', methods: ['sms'], expiredMinutes: 5 },
      }),
      'POST /wps/session/login/verify': { ...LOGIN_VALUE, username: 'agent01', isAgent: 1 },
    });
    const { user, location } = renderWithSite(<LoginPopup />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Agent centre' }));
    await user.type(screen.getByLabelText('Username'), 'agent01');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(within(screen.getByRole('dialog', { name: 'Log in · Agent centre' })).getByRole('button', { name: 'Log in' }));
    await user.type(await screen.findByLabelText('SMS code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(location()).toBe('/index?ac=agentTeamOverview'));
    expect(useSessionStore.getState().isAgent).toBe(true);
  });

  it('clears an SMS error once a code has been sent', async () => {
    // Only the clock is faked: the send throttle (one a second) is passed by moving it on.
    vi.useFakeTimers({ toFake: ['Date'] });
    const secondLater = () => vi.setSystemTime(Date.now() + SMS_SEND_THROTTLE_MS);
    mockApi({
      ...SITE,
      'POST /wps/verification/sms/noLogin': (_call: ApiCall) =>
        calls++ === 0
          ? new ApiRefusal('sms_too_many_requests', 'Vui lòng chờ 60 giây rồi gửi lại mã', undefined, 429)
          : { expiredMinutes: 5 },
    });
    let calls = 0;
    const { user } = renderWithSite(<LoginPopup />);
    await user.click(await within(dialog()).findByRole('button', { name: 'Mã SMS' }));
    // No number yet: the error shows under the field.
    await user.click(within(dialog()).getByRole('button', { name: 'Gửi mã' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Vui lòng nhập số điện thoại');
    await user.type(screen.getByLabelText('Số điện thoại'), '0912345678');
    secondLater();
    // A refused send shows the server's sentence; the next send that goes through clears it.
    await user.click(within(dialog()).getByRole('button', { name: 'Gửi mã' }));
    await vi.waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toBe('Vui lòng chờ 60 giây rồi gửi lại mã'));
    await vi.waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Gửi mã' }).hasAttribute('disabled')).toBe(false));
    secondLater();
    await user.click(within(dialog()).getByRole('button', { name: 'Gửi mã' }));
    await within(dialog()).findByRole('button', { name: /Gửi lại sau/ });
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });

  it('shows the refusal, then asks for a captcha and requires it', async () => {
    const api = mockApi({
      ...SITE,
      'POST /wps/session/login': new ApiRefusal('login_failed', 'Sai tên đăng nhập hoặc mật khẩu', { captcha: true }),
      'GET /wps/captcha': 'data:image/png;base64,AAAA',
    });
    const { user } = renderWithSite(<LoginPopup />);
    await user.type(screen.getByLabelText('Tên đăng nhập'), 'player1');
    await user.type(screen.getByLabelText('Mật khẩu'), 'wrong1');
    await user.click(within(dialog()).getByRole('button', { name: 'Đăng nhập' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Sai tên đăng nhập hoặc mật khẩu');
    const captcha = screen.getByLabelText('Mã xác nhận');
    await user.click(within(dialog()).getByRole('button', { name: 'Đăng nhập' }));
    await vi.waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toBe('Vui lòng nhập mã xác nhận'));
    await user.type(captcha, ' 1234 ');
    await user.click(within(dialog()).getByRole('button', { name: 'Đăng nhập' }));
    await vi.waitFor(() => expect(api.callsTo('POST /wps/session/login')).toHaveLength(2));
    expect(api.callsTo('POST /wps/session/login')[1]?.body).toMatchObject({ username: 'player1', captcha: '1234' });
  });

  it('by SMS asks for the mobile number and the code', async () => {
    mockApi(SITE);
    const { user } = renderWithSite(<LoginPopup />, { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'SMS code' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Log in' })).getByRole('button', { name: 'Log in' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Please enter your mobile number', 'Please enter the verification code']);
  });

  it('closes on Escape and on the close button', async () => {
    mockApi(SITE);
    const { user } = renderWithSite(<LoginPopup />);
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBeNull();
    usePopupStore.getState().open('login');
    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    expect(usePopupStore.getState().popup).toBeNull();
  });
});
