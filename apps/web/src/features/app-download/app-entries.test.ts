import { describe, expect, it } from 'vitest';
import { appEntries, devicePlatform } from './app-entries.ts';

const resource = (resourceType: string, url: string, qrCodeUrl = '') => ({ resourceType, url, qrCodeUrl, labelNameEn: resourceType });
const ORIGIN = 'https://lotus.example';

describe('appEntries', () => {
  it('takes the iOS and Android links from the resources, and the site itself as iOS lite', () => {
    const entries = appEntries(
      [resource('IOS', ' https://apps.example/ios '), resource('android', 'https://apps.example/lotus.apk')],
      ORIGIN,
    );
    expect(entries).toEqual([
      { platform: 'ios', url: 'https://apps.example/ios', qrValue: 'https://apps.example/ios', qrImage: null },
      { platform: 'android', url: 'https://apps.example/lotus.apk', qrValue: 'https://apps.example/lotus.apk', qrImage: null },
      {
        platform: 'iosLite',
        url: 'https://lotus.example/download?platform=iosLite',
        qrValue: 'https://lotus.example/download?platform=iosLite',
        qrImage: null,
      },
    ]);
  });

  it('has no link for an app without a resource or with an empty one', () => {
    const entries = appEntries([resource('IOS', '   '), resource('TELEGRAM', 'https://t.me/lotus')], ORIGIN);
    expect(entries.map((e) => [e.platform, e.url])).toEqual([
      ['ios', null],
      ['android', null],
      ['iosLite', 'https://lotus.example/download?platform=iosLite'],
    ]);
  });

  it("shows the operator's own QR image when the resource has one, and its iOS lite address", () => {
    const entries = appEntries(
      [
        resource('ANDROID', 'https://apps.example/a.apk', 'https://cdn.example/qr-android.png'),
        resource('IOS_LITE', 'https://m.lotus.example'),
      ],
      ORIGIN,
    );
    expect(entries[1]).toMatchObject({ platform: 'android', qrImage: 'https://cdn.example/qr-android.png' });
    expect(entries[2]).toMatchObject({ platform: 'iosLite', url: 'https://m.lotus.example', qrValue: 'https://m.lotus.example' });
  });
});

describe('devicePlatform', () => {
  it('tells iPhones, iPads and Android phones from computers', () => {
    expect(devicePlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe('ios');
    expect(devicePlatform('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')).toBe('ios');
    expect(devicePlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile')).toBe('android');
    expect(devicePlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120')).toBeNull();
  });
});
