import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePopupStore } from '../state/popup-store.ts';
import { fieldRule, PASSWORD_RULE, registerSettings } from '../test/fixtures.ts';
import { mockApi, renderWithSite } from '../test/render.tsx';
import { PopupHost } from './popup-host.tsx';

const banner = (groupName: string, title: string) => ({
  bannerId: 1,
  url: `/banners/${groupName}.svg`,
  groupName,
  linkageType: null,
  linkageTarget: null,
  title,
});

const SITE = {
  'GET /wps/system/setting/register': registerSettings(),
  'GET /wps/system/setting/register/validation': [fieldRule('username', { required: true }), PASSWORD_RULE],
  'GET /wps/system/whitelabel': {},
  'GET /wps/relay/MCSFE_getBanners': (call: { path: string }) => {
    const group = new URL(call.path, 'http://site.test').searchParams.get('groupName') ?? '';
    return [banner(group, group === 'w_login' ? 'Chào mừng trở lại' : 'Mở tài khoản')];
  },
};

describe('the account popups', () => {
  it('show the operator’s w_login banner over the login form', async () => {
    const api = mockApi(SITE);
    usePopupStore.getState().open('login');
    renderWithSite(<PopupHost />);
    expect(await screen.findByText('Chào mừng trở lại', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/wps/relay/MCSFE_getBanners?groupName=w_login')).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Đăng nhập' }).querySelector('img.popup-banner__image')?.getAttribute('src')).toBe(
      '/banners/w_login.svg',
    );
  });

  it('show the operator’s w_register banner over the registration form', async () => {
    mockApi(SITE);
    usePopupStore.getState().open('register');
    renderWithSite(<PopupHost />);
    expect(await screen.findByText('Mở tài khoản', undefined, { timeout: 5000 })).toBeTruthy();
  });
});
