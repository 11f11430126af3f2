import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { fieldRule, LOGIN_VALUE, PASSWORD_RULE, registerSettings } from '../../../test/fixtures.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { RegisterPopup } from './register-popup.tsx';

const SITE = {
  'GET /wps/system/setting/register': registerSettings(),
  'GET /wps/system/setting/register/validation': [
    fieldRule('username', { required: true, minLength: 4, maxLength: 12, patternId: 2 }),
    PASSWORD_RULE,
    fieldRule('payeeName', { required: true }),
  ],
};

const submitButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Đăng ký' });

async function fill(user: ReturnType<typeof renderWithSite>['user'], values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('RegisterPopup', () => {
  beforeEach(() => {
    usePopupStore.getState().open('register');
    useSessionStore.getState().signOut();
  });

  it('says each required field cannot be empty, in Vietnamese, and sends nothing', async () => {
    const api = mockApi(SITE);
    const { user } = renderWithSite(<RegisterPopup />);
    await screen.findByLabelText('Tên đăng nhập');
    await user.click(submitButton());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(Array(4).fill('Không được để trống'));
    expect(api.callsTo('PUT /wps/member/register')).toHaveLength(0);
  });

  it('checks the operator rules, the real name, the confirmation and the terms', async () => {
    mockApi(SITE);
    const { user } = renderWithSite(<RegisterPopup />);
    await screen.findByLabelText('Tên đăng nhập');
    await fill(user, { 'Tên đăng nhập': '1ab', 'Mật khẩu': 'abc123', 'Xác nhận mật khẩu': 'abc124', 'Họ và tên thật': 'Nguyễn An' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(submitButton());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Bắt đầu bằng chữ cái, sau đó là chữ cái và số, dài 4-12 ký tự',
      'Mật khẩu không chính xác',
      'Họ tên không đúng định dạng (không dấu, cách nhau bằng dấu cách)',
      'Vui lòng đồng ý với các điều khoản',
    ]);
  });

  it('registers with the filled fields and logs the new member in', async () => {
    const api = mockApi({ ...SITE, 'PUT /wps/member/register': LOGIN_VALUE });
    const { user } = renderWithSite(<RegisterPopup />);
    await screen.findByLabelText('Tên đăng nhập');
    await fill(user, {
      'Tên đăng nhập': ' player9 ',
      'Mật khẩu': 'abc123',
      'Xác nhận mật khẩu': 'abc123',
      'Họ và tên thật': 'NGUYEN  VAN AN',
    });
    await user.click(submitButton());
    await vi.waitFor(() => expect(usePopupStore.getState().popup).toBe('registerSuccess'));
    expect(useSessionStore.getState().isLogin).toBe(true);
    expect(api.callsTo('PUT /wps/member/register')[0]?.body).toEqual({
      registerMethod: 'WEB',
      agreement: true,
      login: true,
      username: 'player9',
      password: 'abc123',
      confirmPassword: 'abc123',
      payeeName: 'NGUYEN  VAN AN',
      domain: window.location.hostname,
      registerUrl: window.location.href,
    });
  });

  it('sends the ?referralCode= the visitor arrived with (spec: registration user referralCode)', async () => {
    window.history.replaceState(null, '', '/register?referralCode=REF2024');
    try {
      const api = mockApi({ ...SITE, 'PUT /wps/member/register': LOGIN_VALUE });
      const { user } = renderWithSite(<RegisterPopup />, { route: '/register?referralCode=REF2024' });
      await screen.findByLabelText('Tên đăng nhập');
      // The code from the link is shown, filled in: the visitor sees whose invitation it is and may change it.
      expect((screen.getByLabelText('Mã giới thiệu (không bắt buộc)') as HTMLInputElement).value).toBe('REF2024');
      await fill(user, { 'Tên đăng nhập': 'player9', 'Mật khẩu': 'abc123', 'Xác nhận mật khẩu': 'abc123', 'Họ và tên thật': 'NGUYEN AN' });
      await user.click(submitButton());
      await vi.waitFor(() => expect(api.callsTo('PUT /wps/member/register')).toHaveLength(1));
      expect(api.callsTo('PUT /wps/member/register')[0]?.body).toMatchObject({ username: 'player9', referralCode: 'REF2024' });
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('shows a refusal above the buttons, and Nhập lại empties the form', async () => {
    mockApi({ ...SITE, 'PUT /wps/member/register': new ApiRefusal('username_taken', 'Tên đăng nhập đã tồn tại') });
    const { user } = renderWithSite(<RegisterPopup />);
    await screen.findByLabelText('Tên đăng nhập');
    await fill(user, { 'Tên đăng nhập': 'player9', 'Mật khẩu': 'abc123', 'Xác nhận mật khẩu': 'abc123', 'Họ và tên thật': 'NGUYEN AN' });
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Tên đăng nhập đã tồn tại');
    await user.click(screen.getByRole('button', { name: 'Nhập lại' }));
    expect((screen.getByLabelText('Tên đăng nhập') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes on Escape', async () => {
    mockApi(SITE);
    const { user } = renderWithSite(<RegisterPopup />);
    await screen.findByLabelText('Tên đăng nhập');
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBeNull();
  });
});
