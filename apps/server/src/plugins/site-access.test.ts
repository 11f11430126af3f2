import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMerchant } from '../../test/factories.ts';
import { maintenanceSetting, regionRestrictionSetting } from '../modules/system/system.settings.ts';
import { isGuardedPath } from './site-access.ts';

describe('the site access guard', () => {
  let t: TestApp;
  let merchantId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    merchantId = (await createMerchant(t.database.db)).id;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.app.services.settings.set(merchantId, maintenanceSetting, maintenanceSetting.defaultValue, 'test');
    await t.app.services.settings.set(merchantId, regionRestrictionSetting, regionRestrictionSetting.defaultValue, 'test');
  });

  const login = () => t.app.inject({ method: 'POST', url: '/wps/session/login', payload: { username: 'someone', password: 'whatever1' } });
  const status = () => t.app.inject({ method: 'GET', url: '/wps/system/status' });

  it('lets account calls through when the site is open', async () => {
    const res = await login();
    expect(res.json().code).not.toBe('info_maintenance');
    expect(res.json().code).not.toBe('blockip');
  });

  it('answers account and money calls with 503 during maintenance, while the status call still works', async () => {
    await t.app.services.settings.set(merchantId, maintenanceSetting, { ...maintenanceSetting.defaultValue, enabled: true }, 'test');
    const res = await login();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'info_maintenance' });
    const balance = await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance' });
    expect(balance.statusCode).toBe(503);
    expect((await status()).json()).toMatchObject({ success: true, value: { status: 1 } });
  });

  it('answers account calls with 403 from a restricted address, while the status call shows the block', async () => {
    await t.app.services.settings.set(
      merchantId,
      regionRestrictionSetting,
      { enabled: true, blockedCountries: [], blockedCidrs: ['127.0.0.0/8'], allowedCidrs: [] },
      'test',
    );
    const res = await login();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'blockip' });
    expect((await status()).json()).toMatchObject({ success: true, value: { status: 2, ip: '127.0.0.1' } });
  });

  it('guards the visitor calls and leaves system, operations and vendor paths open', () => {
    for (const path of [
      '/wps/session/login',
      '/wps/member/register',
      '/wps/v2/wallets/balance',
      '/wps/relay/GCS_walletTransfer',
      '/lgw/games/popular',
    ]) {
      expect(isGuardedPath(path), path).toBe(true);
    }
    for (const path of [
      '/wps/system/status',
      '/wps/system/permission?host=a',
      '/healthz',
      '/metrics',
      '/docs',
      '/vendor-api/demo/debit',
      '/index',
    ]) {
      expect(isGuardedPath(path), path).toBe(false);
    }
  });
});
