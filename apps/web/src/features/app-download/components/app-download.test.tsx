import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAppDownloadTranslations } from '../i18n/register-translations.ts';
import { AppDownload } from './app-download.tsx';

const permission = (resources: { resourceType: string; url: string; qrCodeUrl: string; labelNameEn: string }[]) => ({
  'GET /wps/system/permission': { resources, timeZone: 'Asia/Ho_Chi_Minh', host: { name: 'localhost', isAllowed: true } },
});

const card = (platform: string) => {
  const item = document.querySelector(`[data-platform="${platform}"]`);
  if (!(item instanceof HTMLElement)) throw new Error(`no ${platform} card`);
  return within(item);
};

describe('AppDownload', () => {
  beforeAll(registerAppDownloadTranslations);

  it('shows each app with its link and QR code, in Vietnamese', async () => {
    mockApi(
      permission([
        { resourceType: 'IOS', url: 'https://apps.example/ios', qrCodeUrl: '', labelNameEn: 'iOS' },
        { resourceType: 'ANDROID', url: 'https://apps.example/lotus.apk', qrCodeUrl: '', labelNameEn: 'Android' },
      ]),
    );
    renderWithSite(<AppDownload />);
    const ios = await screen.findByRole('link', { name: 'Tải cho iOS' });
    expect(ios.getAttribute('href')).toBe('https://apps.example/ios');
    expect(screen.getByRole('link', { name: 'Tải cho Android' }).getAttribute('href')).toBe('https://apps.example/lotus.apk');
    expect(card('ios').getByRole('img', { name: 'Mã QR tải Ứng dụng iOS' }).tagName.toLowerCase()).toBe('svg');
    expect(card('android').getByRole('img', { name: 'Mã QR tải Ứng dụng Android' })).toBeTruthy();
    expect(card('iosLite').getByRole('img', { name: 'Mã QR tải iOS lite' })).toBeTruthy();
    expect(screen.queryByText('Chưa có')).toBeNull();
  });

  it('says an app without a link is not available yet, with no button or code, in English', async () => {
    mockApi(
      permission([
        { resourceType: 'IOS', url: 'https://apps.example/ios', qrCodeUrl: 'https://cdn.example/ios-qr.png', labelNameEn: 'iOS' },
      ]),
    );
    renderWithSite(<AppDownload />, { language: 'en' });
    await screen.findByRole('link', { name: 'Download for iOS' });
    expect(card('ios').getByRole('img', { name: 'QR code to download the iOS app' }).getAttribute('src')).toBe(
      'https://cdn.example/ios-qr.png',
    );
    expect(card('android').getByText('Not available yet')).toBeTruthy();
    expect(card('android').getByText(/The Android app is on its way/)).toBeTruthy();
    expect(card('android').queryByRole('link')).toBeNull();
    expect(card('android').queryByRole('img', { name: /QR/ })).toBeNull();
    // iOS lite is the site itself: always there.
    expect(card('iosLite').getByRole('button', { name: 'See the guide' })).toBeTruthy();
  });

  it('opens the guide named in the address, and iOS lite’s guide from its card', async () => {
    mockApi(permission([]));
    const { user } = renderWithSite(<AppDownload />, { route: '/download?platform=android' });
    await screen.findByText('Tệp cài đặt APK cho điện thoại Android.');
    const guide = (platform: string) => document.getElementById(`guide-${platform}`) as HTMLDetailsElement;
    expect(guide('android').open).toBe(true);
    expect(guide('ios').open).toBe(false);
    expect(within(guide('android')).getAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Xem hướng dẫn' }));
    expect(guide('iosLite').open).toBe(true);
  });
});
