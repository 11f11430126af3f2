import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { parseEnv } from '../../env.ts';
import { memberTimeZoneSetting } from '../records/records.settings.ts';
import {
  analyticsSetting,
  cdnSetting,
  customerServiceSetting,
  DEFAULT_SETTINGS_TREE,
  domainRouteSetting,
  maintenanceSetting,
  regionRestrictionSetting,
  resourcesSetting,
  settingsTreeSetting,
  whitelabelSetting,
} from './system.settings.ts';

/**
 * Test addresses from the offline country data: 81.2.69.142 is in the GB range MaxMind uses in its
 * own test data; 8.8.8.8 and 2001:4860:4860::8888 are Google's public resolvers, in US ranges.
 */
const GB_IP = '81.2.69.142';
const US_IP = '8.8.8.8';
const US_IPV6 = '2001:4860:4860::8888';

type StatusBody = {
  success: true;
  value: { status: number; ip: string; countryCode: string | null; maintenance: { title: string; info: string; endsAt: string | null } };
};

describe('the system calls', () => {
  let t: TestApp;
  let merchantId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    merchantId = (await createMerchant(t.database.db, { code: 'lotus' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const settings = () => t.app.services.settings;
  const blockRegion = (rules: { blockedCountries?: string[]; blockedCidrs?: string[]; allowedCidrs?: string[]; enabled?: boolean }) =>
    settings().set(
      merchantId,
      regionRestrictionSetting,
      { enabled: true, blockedCountries: [], blockedCidrs: [], allowedCidrs: [], ...rules },
      'test',
    );
  const status = async (remoteAddress: string, query = '', headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/wps/system/status${query}`, remoteAddress, headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as StatusBody).value;
  };

  beforeEach(async () => {
    await settings().set(merchantId, maintenanceSetting, maintenanceSetting.defaultValue, 'test');
    await settings().set(merchantId, regionRestrictionSetting, regionRestrictionSetting.defaultValue, 'test');
  });

  describe('GET /wps/system/status', () => {
    it('reports a normal site with the caller IP when nothing is configured', async () => {
      const value = await status('127.0.0.1');
      expect(value).toEqual({
        status: 0,
        ip: '127.0.0.1',
        countryCode: null,
        maintenance: { title: '', info: '', endsAt: null },
        customerServiceUrl: '',
      });
    });

    it('reports maintenance with the operator text in the caller language', async () => {
      await settings().set(
        merchantId,
        maintenanceSetting,
        {
          enabled: true,
          startsAt: null,
          endsAt: '2099-01-01T00:00:00Z',
          title: { vi: 'Bảo trì định kỳ', en: 'Scheduled maintenance' },
          info: { vi: 'Chúng tôi sẽ quay lại sớm', en: 'We will be back soon' },
        },
        'test',
      );
      await settings().set(merchantId, customerServiceSetting, { url: 'https://support.lotus.example/chat', entries: [] }, 'test');
      const vi = await status(US_IP);
      expect(vi).toMatchObject({
        status: 1,
        maintenance: { title: 'Bảo trì định kỳ', info: 'Chúng tôi sẽ quay lại sớm', endsAt: '2099-01-01T00:00:00Z' },
        customerServiceUrl: 'https://support.lotus.example/chat',
      });
      expect((await status(US_IP, '?lang=EN')).maintenance.title).toBe('Scheduled maintenance');
      expect((await status(US_IP, '', { lang: 'en' })).maintenance.info).toBe('We will be back soon');
      await settings().set(merchantId, customerServiceSetting, customerServiceSetting.defaultValue, 'test');
    });

    it('leaves maintenance off outside its announced window', async () => {
      const base = { enabled: true, title: { vi: '', en: '' }, info: { vi: '', en: '' } };
      await settings().set(
        merchantId,
        maintenanceSetting,
        { ...base, startsAt: '2000-01-01T00:00:00Z', endsAt: '2000-01-02T00:00:00Z' },
        'test',
      );
      expect((await status(US_IP)).status).toBe(0);
      await settings().set(merchantId, maintenanceSetting, { ...base, startsAt: '2099-01-01T00:00:00Z', endsAt: null }, 'test');
      expect((await status(US_IP)).status).toBe(0);
      await settings().set(merchantId, maintenanceSetting, { ...base, startsAt: '2000-01-01T00:00:00Z', endsAt: null }, 'test');
      expect((await status(US_IP)).status).toBe(1);
    });

    it('restricts a caller whose IP is in a blocked country and no other', async () => {
      await blockRegion({ blockedCountries: ['gb'] });
      expect(await status(GB_IP)).toMatchObject({ status: 2, ip: GB_IP, countryCode: 'GB' });
      expect(await status(US_IP)).toMatchObject({ status: 0, countryCode: 'US' });
    });

    it('restricts a caller inside a blocked CIDR range', async () => {
      await blockRegion({ blockedCidrs: ['127.0.0.0/8'] });
      expect(await status('127.0.0.1')).toMatchObject({ status: 2, ip: '127.0.0.1' });
      expect((await status('128.0.0.1')).status).toBe(0);
    });

    it('lets the allow-list override a blocked country and a blocked range', async () => {
      await blockRegion({ blockedCountries: ['GB'], blockedCidrs: ['81.0.0.0/8'], allowedCidrs: ['81.2.69.0/24'] });
      expect((await status(GB_IP)).status).toBe(0);
      expect((await status('81.2.70.1')).status).toBe(2);
    });

    it('applies IPv6 ranges, IPv6 countries and IPv4 rules to IPv4-mapped addresses', async () => {
      await blockRegion({ blockedCidrs: ['2001:db8::/32', '127.0.0.0/8'], blockedCountries: ['US'] });
      expect(await status('2001:db8::1')).toMatchObject({ status: 2, ip: '2001:db8::1' });
      expect((await status('2001:db9::1')).status).toBe(0);
      expect(await status(US_IPV6)).toMatchObject({ status: 2, countryCode: 'US' });
      expect(await status('::ffff:127.0.0.1')).toMatchObject({ status: 2, ip: '127.0.0.1' });
    });

    it('restricts nobody while the restriction is switched off', async () => {
      await blockRegion({ enabled: false, blockedCountries: ['GB'], blockedCidrs: ['0.0.0.0/0'] });
      expect(await status(GB_IP)).toMatchObject({ status: 0, countryCode: 'GB' });
    });

    it('puts maintenance before region restriction', async () => {
      await blockRegion({ blockedCidrs: ['127.0.0.0/8'] });
      await settings().set(merchantId, maintenanceSetting, { ...maintenanceSetting.defaultValue, enabled: true }, 'test');
      expect((await status('127.0.0.1')).status).toBe(1);
    });

    it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
      await blockRegion({ blockedCountries: ['GB'] });
      const direct = await status('127.0.0.1', '', { 'x-forwarded-for': GB_IP });
      expect(direct).toMatchObject({ status: 0, ip: '127.0.0.1' });

      const proxied = await buildTestApp({ TRUST_PROXY: 'true' });
      try {
        const proxiedMerchant = await createMerchant(proxied.database.db, { code: 'lotus' });
        await proxied.app.services.settings.set(
          proxiedMerchant.id,
          regionRestrictionSetting,
          { enabled: true, blockedCountries: ['GB'], blockedCidrs: [], allowedCidrs: [] },
          'test',
        );
        const res = await proxied.app.inject({
          method: 'GET',
          url: '/wps/system/status',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': GB_IP },
        });
        expect(res.json()).toMatchObject({ success: true, value: { status: 2, ip: GB_IP, countryCode: 'GB' } });
      } finally {
        await proxied.close();
      }
    });

    it('takes the address the listed proxy saw when TRUST_PROXY names the proxies, so a forged one is ignored', async () => {
      const proxied = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
      try {
        const proxiedMerchant = await createMerchant(proxied.database.db, { code: 'lotus' });
        await proxied.app.services.settings.set(
          proxiedMerchant.id,
          regionRestrictionSetting,
          { enabled: true, blockedCountries: ['GB'], blockedCidrs: [], allowedCidrs: [] },
          'test',
        );
        const ask = (remoteAddress: string, forwardedFor: string) =>
          proxied.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
        // The visitor wrote the first address; the proxy appended the one it saw.
        expect((await ask('10.0.0.2', `${US_IP}, ${GB_IP}`)).json().value).toMatchObject({ status: 2, ip: GB_IP });
        expect((await ask('10.0.0.2', `${GB_IP}, ${US_IP}`)).json().value).toMatchObject({ status: 0, ip: US_IP });
        // A caller that is not a listed proxy is taken as it is.
        expect((await ask(US_IP, GB_IP)).json().value).toMatchObject({ status: 0, ip: US_IP });
        expect(() => parseEnv({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
      } finally {
        await proxied.close();
      }
    });

    it('answers a bad query with a 400 envelope naming the field', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/wps/system/status?lang=xx' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'bad_request' });
      expect(res.json().message).toBe('Ngôn ngữ không đúng định dạng. Vui lòng kiểm tra lại rồi nhập lại.');
    });

    it('refuses region settings that are not CIDR ranges or country codes', async () => {
      await expect(blockRegion({ blockedCidrs: ['10.0.0.0/33'] })).rejects.toThrow();
      await expect(blockRegion({ allowedCidrs: ['2001:db8::/129'] })).rejects.toThrow();
      await expect(blockRegion({ blockedCountries: ['GBR'] })).rejects.toThrow();
      await blockRegion({ blockedCidrs: ['203.0.113.7'] });
      expect((await status('203.0.113.7')).status).toBe(2);
      expect((await status('203.0.113.8')).status).toBe(0);
    });
  });

  describe('GET /wps/system/whitelabel', () => {
    it('returns the default flags, then the operator flags once set', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
      expect(first.json()).toEqual({ success: true, value: whitelabelSetting.defaultValue });
      await settings().set(merchantId, whitelabelSetting, { ...whitelabelSetting.defaultValue, FREEPLAY3: false, CBS3: true }, 'test');
      const second = await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
      expect(second.json().value).toMatchObject({ FREEPLAY3: false, CBS3: true });
      await settings().set(merchantId, whitelabelSetting, whitelabelSetting.defaultValue, 'test');
    });
  });

  describe('GET /wps/system/settings', () => {
    it('returns the settings tree with string switches and nested children', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/wps/system/settings' });
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toEqual(DEFAULT_SETTINGS_TREE);
      const tree = [{ modId: 'GAMES', enabled: '1', childrenNodes: [{ modId: 'SPORTS', enabled: '0', childrenNodes: [] }] }];
      await settings().set(merchantId, settingsTreeSetting, tree, 'test');
      expect((await t.app.inject({ method: 'GET', url: '/wps/system/settings' })).json().value).toEqual(tree);
      await expect(
        settings().set(merchantId, settingsTreeSetting, [{ modId: 'X', enabled: 'yes', childrenNodes: [] }] as never, 'test'),
      ).rejects.toThrow();
      await settings().set(merchantId, settingsTreeSetting, DEFAULT_SETTINGS_TREE, 'test');
    });
  });

  describe('the speed test calls', () => {
    it('answers a ping uncached and a download of exactly the bytes asked, uncompressed', async () => {
      const ping = await t.app.inject({ method: 'GET', url: '/wps/system/speedtest/ping' });
      expect(ping.statusCode).toBe(200);
      expect(ping.headers['cache-control']).toBe('no-store');
      expect(ping.headers['access-control-allow-origin']).toBe('*');
      expect(Number.isNaN(Date.parse(ping.json().value.serverTime))).toBe(false);
      const download = await t.app.inject({
        method: 'GET',
        url: '/wps/system/speedtest/download?size=65536',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-encoding']).toBeUndefined();
      expect(download.headers['cache-control']).toBe('no-store');
      expect(download.rawPayload).toHaveLength(65_536);
      // Random bytes: two downloads differ.
      const again = await t.app.inject({ method: 'GET', url: '/wps/system/speedtest/download?size=65536' });
      expect(again.rawPayload.equals(download.rawPayload)).toBe(false);
      for (const size of ['1023', '1048577', 'big']) {
        const bad = await t.app.inject({ method: 'GET', url: `/wps/system/speedtest/download?size=${size}` });
        expect(bad.statusCode).toBe(400);
      }
    });
  });

  describe('GET /wps/system/domainRoute', () => {
    it('returns the operator domain list', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/wps/system/domainRoute' })).json()).toEqual({
        success: true,
        value: { domainList: [] },
      });
      await settings().set(merchantId, domainRouteSetting, { domainList: ['Lotus.example', 'lotus2.example'] }, 'test');
      expect((await t.app.inject({ method: 'GET', url: '/wps/system/domainRoute' })).json().value).toEqual({
        domainList: ['lotus.example', 'lotus2.example'],
      });
      await settings().set(merchantId, domainRouteSetting, domainRouteSetting.defaultValue, 'test');
    });
  });

  describe('GET /wps/system/permission', () => {
    it('returns every part of the site configuration from the settings', async () => {
      await settings().set(
        merchantId,
        resourcesSetting,
        [{ resourceType: 'TELEGRAM', url: 'https://t.me/lotus', qrCodeUrl: '', labelNameEn: 'Telegram' }],
        'test',
      );
      await settings().set(
        merchantId,
        customerServiceSetting,
        {
          url: 'https://support.lotus.example',
          entries: [{ csPosition: 'HEADER', csType: 1, title: 'Live chat', path: 'https://support.lotus.example' }],
        },
        'test',
      );
      await settings().set(merchantId, analyticsSetting, { gtagId: 'G-ABC123' }, 'test');
      await settings().set(merchantId, cdnSetting, { imageCDNs: ['https://img.lotus.example'], launchGameCDNs: [] }, 'test');
      await settings().set(merchantId, domainRouteSetting, { domainList: ['lotus.example'] }, 'test');
      await blockRegion({ blockedCidrs: ['10.0.0.0/8'], allowedCidrs: ['10.1.0.0/16'] });

      const res = await t.app.inject({ method: 'GET', url: '/wps/system/permission?host=www.lotus.example:8443', remoteAddress: US_IP });
      expect(res.statusCode).toBe(200);
      const value = res.json().value;
      expect(value).toEqual({
        whitelabel: whitelabelSetting.defaultValue,
        register: {
          usernameEnabled: true,
          mobileReg: true,
          mobileRegPass: true,
          affiliateCodeEnabled: true,
          smsEnabled: true,
          freePlayEnabled: true,
        },
        resources: [{ resourceType: 'TELEGRAM', url: 'https://t.me/lotus', qrCodeUrl: '', labelNameEn: 'Telegram' }],
        customerService: {
          url: 'https://support.lotus.example',
          entries: [{ csPosition: 'HEADER', csType: 1, title: 'Live chat', path: 'https://support.lotus.example' }],
        },
        analytics: { gtagId: 'G-ABC123' },
        imageCDNs: ['https://img.lotus.example'],
        launchGameCDNs: [],
        location: { ip: US_IP, countryCode: 'US' },
        maintenance: { isUnderMaintenance: false, title: '', info: '', endsAt: null },
        regionRestriction: { isRestricted: false },
        host: { name: 'www.lotus.example', isAllowed: true },
        timeZone: 'Asia/Ho_Chi_Minh',
        currency: expect.stringMatching(/^[A-Z]{3}$/),
      });
      expect(res.body).not.toContain('10.1.0.0');
      // Every time a member sees is shown in the merchant's zone, which the operator may change.
      await settings().set(merchantId, memberTimeZoneSetting, 'Asia/Bangkok', 'test');
      const moved = await t.app.inject({ method: 'GET', url: '/wps/system/permission?host=www.lotus.example', remoteAddress: US_IP });
      expect(moved.json().value.timeZone).toBe('Asia/Bangkok');
      await settings().set(merchantId, memberTimeZoneSetting, memberTimeZoneSetting.defaultValue, 'test');

      const elsewhere = await t.app.inject({
        method: 'GET',
        url: '/wps/system/permission?host=lotus.example.evil.test',
        remoteAddress: '10.2.0.1',
      });
      expect(elsewhere.json().value).toMatchObject({ host: { isAllowed: false }, regionRestriction: { isRestricted: true } });

      await settings().set(merchantId, domainRouteSetting, domainRouteSetting.defaultValue, 'test');
      await settings().set(merchantId, resourcesSetting, [], 'test');
      await settings().set(merchantId, customerServiceSetting, customerServiceSetting.defaultValue, 'test');
    });

    it('reports maintenance and the registration switches that follow the whitelabel flags', async () => {
      await settings().set(
        merchantId,
        maintenanceSetting,
        { ...maintenanceSetting.defaultValue, enabled: true, title: { vi: 'Bảo trì', en: 'Down' } },
        'test',
      );
      await settings().set(
        merchantId,
        whitelabelSetting,
        { ...whitelabelSetting.defaultValue, REGMOBVERF3: false, FREEPLAY3: false },
        'test',
      );
      const res = await t.app.inject({ method: 'GET', url: '/wps/system/permission?host=localhost&lang=en' });
      expect(res.json().value).toMatchObject({
        maintenance: { isUnderMaintenance: true, title: 'Down' },
        register: { smsEnabled: false, freePlayEnabled: false },
      });
      await settings().set(merchantId, whitelabelSetting, whitelabelSetting.defaultValue, 'test');
    });

    it('answers a missing or malformed host with a 400 envelope naming the field', async () => {
      for (const url of ['/wps/system/permission', '/wps/system/permission?host=', '/wps/system/permission?host=evil.example%2Fpath']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'bad_request' });
        expect(res.json().message).toMatch(/tên miền/i);
      }
    });
  });

  it('lists every system call in the OpenAPI document, with the recursive tree node as a named schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.components.schemas).toHaveProperty('SettingsTreeNode');
    const treeResponse = doc.paths['/wps/system/settings'].get.responses['200'].content['application/json'].schema;
    expect(treeResponse.properties.value.items).toEqual({ $ref: '#/components/schemas/SettingsTreeNode' });
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/wps/system/status',
        '/wps/system/whitelabel',
        '/wps/system/settings',
        '/wps/system/permission',
        '/wps/system/domainRoute',
      ]),
    );
  });
});

describe('the system calls before any merchant exists', () => {
  it('answer 503 with the service-unavailable envelope', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'service_unavailable' });
    } finally {
      await t.close();
    }
  });
});
