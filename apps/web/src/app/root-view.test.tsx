import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithSite } from '../test/render.tsx';
import { RootView } from './root-view.tsx';

const STATUS = {
  status: 0,
  ip: '203.0.113.9',
  countryCode: 'VN',
  maintenance: { title: '', info: '', endsAt: null },
  customerServiceUrl: 'https://support.lotus.example',
};

describe('the root view', () => {
  it('says the domain check failed, with customer service, when the host is not one of the operator’s domains', async () => {
    mockApi({
      'GET /wps/system/status': STATUS,
      'GET /wps/system/permission': { host: { name: 'lotus.example.evil.test', isAllowed: false }, timeZone: 'Asia/Ho_Chi_Minh' },
    });
    renderWithSite(<RootView />);
    expect(await screen.findByRole('heading', { name: 'Kiểm tra tên miền thất bại' })).toBeTruthy();
    expect(screen.getByText(/lotus\.example\.evil\.test không phải là tên miền của nhà điều hành/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Chăm sóc khách hàng' }).getAttribute('href')).toBe('https://support.lotus.example');
  });

  it('says so in English too', async () => {
    mockApi({
      'GET /wps/system/status': STATUS,
      'GET /wps/system/permission': { host: { name: 'evil.test', isAllowed: false }, timeZone: 'Asia/Ho_Chi_Minh' },
    });
    renderWithSite(<RootView />, { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Domain check failed' })).toBeTruthy();
  });
});
