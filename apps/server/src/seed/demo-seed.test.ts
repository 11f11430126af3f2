import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkField } from '@platform/contracts/field-rules';
import { betUnitsToMinor } from '@platform/contracts/money-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { parseEnv } from '../env.ts';
import { verifyPassword } from '../lib/password.ts';
import { registrationSetting } from '../modules/accounts/accounts.settings.ts';
import { DEMO_LIMITS } from '../modules/lottery/lottery.seed-data.ts';
import { createSettingsService } from '../modules/settings/settings.service.ts';
import { customerServiceSetting, maintenanceSetting } from '../modules/system/system.settings.ts';
import { DEMO_ACCOUNTS, type DemoSeedResult, seedDemoData, seedDemoDataAtStartup } from './demo-seed.ts';

const quietLog = { info: () => {} };

async function countRows(database: TestDatabase) {
  const count = async (table: 'merchants' | 'members' | 'admin_users' | 'merchant_settings') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    merchants: await count('merchants'),
    members: await count('members'),
    admins: await count('admin_users'),
    settings: await count('merchant_settings'),
  };
}

describe('the demo seed', () => {
  let database: TestDatabase;
  let first: DemoSeedResult;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await seedDemoData(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates the lotus merchant in VND with its settings', async () => {
    expect(first.isCreated).toBe(true);
    const merchant = await database.db.selectFrom('merchants').selectAll().executeTakeFirstOrThrow();
    expect(merchant).toMatchObject({ code: 'lotus', currency: 'VND' });
    const settings = createSettingsService({ db: database.db });
    expect((await settings.get(merchant.id, maintenanceSetting)).title.vi).toBe('Hệ thống đang bảo trì');
    // Customer service is the house live chat, with a VIP entry.
    const customerService = await settings.get(merchant.id, customerServiceSetting);
    expect(customerService.entries.map((e) => [e.csPosition, e.csType])).toEqual([
      ['VIP', 1],
      ['RIGHTBAR', 1],
    ]);
  });

  it('adds a bank-transfer channel and a sandbox-gateway channel, both enabled', async () => {
    const channels = await database.db
      .selectFrom('deposit_channels')
      .select(['type', 'gateway_code', 'is_enabled', 'currency'])
      .orderBy('sort')
      .execute();
    expect(channels).toEqual([
      { type: 'bank_transfer', gateway_code: null, is_enabled: true, currency: 'VND' },
      { type: 'gateway', gateway_code: 'sandbox', is_enabled: true, currency: 'VND' },
    ]);
  });

  it('builds a three-level agent tree with players under different agents and one direct player', async () => {
    const rows = await database.db
      .selectFrom('members')
      .select(['id', 'username', 'account_type', 'parent_id', 'upline_path', 'currency'])
      .orderBy('id')
      .execute();
    const byName = new Map(rows.map((r) => [r.username, r]));
    const agent01 = byName.get('agent01')!;
    const agent02 = byName.get('agent02')!;
    const agent41 = byName.get('agent41')!;
    expect([agent01.account_type, agent02.account_type, agent41.account_type]).toEqual([1, 2, 41]);
    expect(agent01).toMatchObject({ parent_id: null, upline_path: `/${agent01.id}/` });
    expect(agent02).toMatchObject({ parent_id: agent01.id, upline_path: `/${agent01.id}/${agent02.id}/` });
    expect(agent41).toMatchObject({ parent_id: agent02.id, upline_path: `/${agent01.id}/${agent02.id}/${agent41.id}/` });
    expect(byName.get('player01')).toMatchObject({ account_type: 0, parent_id: agent01.id });
    expect(byName.get('player02')).toMatchObject({ account_type: 0, parent_id: agent02.id });
    expect(byName.get('player03')).toMatchObject({ account_type: 0, upline_path: `${agent41.upline_path}${byName.get('player03')!.id}/` });
    expect(byName.get('player04')).toMatchObject({ parent_id: null, upline_path: `/${byName.get('player04')!.id}/` });
    expect(rows.every((r) => r.currency === 'VND')).toBe(true);

    // The downline of the top agent is one prefix match on the path.
    const downline = await database.db
      .selectFrom('members')
      .select('username')
      .where('upline_path', 'like', `${agent01.upline_path}%`)
      .execute();
    expect(downline.map((r) => r.username).sort()).toEqual(['agent01', 'agent02', 'agent41', 'player01', 'player02', 'player03']);
  });

  it('stores argon2id hashes that verify against the listed demo passwords', async () => {
    const player = await database.db
      .selectFrom('members')
      .select('password_hash')
      .where('username', '=', 'player02')
      .executeTakeFirstOrThrow();
    const admin = await database.db
      .selectFrom('admin_users')
      .select(['password_hash', 'role'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(player.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(player.password_hash!, DEMO_ACCOUNTS.find((a) => a.username === 'player02')!.password)).toBe(true);
    expect(await verifyPassword(admin.password_hash, DEMO_ACCOUNTS.find((a) => a.username === 'admin')!.password)).toBe(true);
    expect(await verifyPassword(admin.password_hash, 'wrong')).toBe(false);
    expect(admin.role).toBe('administrator');
  });

  it("gives every demo account a password the site's own password rule accepts", async () => {
    const merchant = await database.db.selectFrom('merchants').select('id').executeTakeFirstOrThrow();
    const registration = await createSettingsService({ db: database.db }).get(merchant.id, registrationSetting);
    const rule = registration.fields.find((f) => f.field === 'password')!;
    for (const account of DEMO_ACCOUNTS) {
      expect(checkField({ ...rule, enabled: true, required: true }, account.password), account.username).toBeNull();
    }
  });

  it('records the demo members as having chosen their published passwords, so no login forces a change', async () => {
    const rows = await database.db
      .selectFrom('members')
      .leftJoin('member_security', 'member_security.member_id', 'members.id')
      .select(['members.username', 'member_security.password_changed_at', 'member_security.must_change_password'])
      .where('members.username', 'in', ['agent01', 'player01'])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.password_changed_at, row.username).not.toBeNull();
      expect(row.must_change_password, row.username).toBe(false);
    }
  });

  it('returns the members it created for the funding step, and nothing has a balance', async () => {
    if (!first.isCreated) throw new Error('expected a first seed');
    expect(first.members.filter((m) => m.role === 'player').map((m) => m.username)).toEqual([
      'player01',
      'player02',
      'player03',
      'player04',
    ]);
    const accounts = await database.db.selectFrom('ledger_accounts').select('id').execute();
    expect(accounts).toHaveLength(0);
  });

  it('publishes home banners whose images ship with the web app, and announcements in Vietnamese and English', async () => {
    const banners = await database.db.selectFrom('content_banners').selectAll().orderBy('sort').execute();
    expect(banners.length).toBeGreaterThanOrEqual(3);
    const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');
    // The home carousel's, and one each for the login and register popups.
    expect(new Set(banners.map((b) => b.group_name))).toEqual(new Set(['w_home', 'w_login', 'w_register']));
    for (const banner of banners) {
      expect(banner).toMatchObject({ enabled: true });
      expect(existsSync(path.join(publicDir, banner.image_url)), banner.image_url).toBe(true);
      expect(banner.title_vi && banner.title_en).toBeTruthy();
    }
    const announcements = await database.db.selectFrom('content_announcements').selectAll().execute();
    expect(new Set(announcements.map((a) => a.type))).toEqual(new Set(['PU', 'B', 'H', 'N']));
    for (const a of announcements) {
      expect(a.title_vi && a.title_en, a.title_en).toBeTruthy();
      if (a.type !== 'H') expect(a.body_vi && a.body_en, a.title_en).toBeTruthy();
      expect(a.starts_at.getTime()).toBeLessThanOrEqual(Date.now());
    }
    // Play money only: no promise of a real-money bonus anywhere.
    expect(JSON.stringify(announcements)).not.toMatch(/bonus|thưởng nạp|real money/i);
  });

  it("lists the lottery games with the minimum bet the slip asks (1.000 ₫ in the catalogue's bet units)", async () => {
    const rows = await database.db
      .selectFrom('games')
      .innerJoin('game_vendors', 'game_vendors.id', 'games.vendor_id')
      .select(['games.code', 'games.min_bet_cents'])
      .where('game_vendors.code', '=', 'TCG_LOTTO_VN')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(betUnitsToMinor(Number(row.min_bet_cents) / 100, 'VND'), row.code).toBe(DEMO_LIMITS.minStake);
  });

  it('creates nothing the second time it runs', async () => {
    const before = await countRows(database);
    expect(before).toMatchObject({ merchants: 1, members: 7, admins: 5 });
    expect(await seedDemoData(database.db)).toEqual({ isCreated: false });
    expect(await seedDemoDataAtStartup(database.db, parseEnv({ NODE_ENV: 'development' }), quietLog)).toEqual({ isCreated: false });
    expect(await countRows(database)).toEqual(before);
  });
});

describe('the demo seed at start-up', () => {
  it('never runs in production unless SEED_DEMO_DATA is true', async () => {
    const database = await createTestDatabase();
    try {
      expect(
        await seedDemoDataAtStartup(database.db, parseEnv({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: '11'.repeat(32) }), quietLog),
      ).toBeNull();
      expect(await seedDemoDataAtStartup(database.db, parseEnv({ NODE_ENV: 'development', SEED_DEMO_DATA: 'false' }), quietLog)).toBeNull();
      expect(await database.db.selectFrom('merchants').select('id').execute()).toHaveLength(0);
      const forced = await seedDemoDataAtStartup(
        database.db,
        parseEnv({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true', TOTP_ENCRYPTION_KEY: '11'.repeat(32) }),
        quietLog,
      );
      expect(forced?.isCreated).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('keeps nothing when a step after the accounts fails, so the next start seeds again', async () => {
    const database = await createTestDatabase();
    try {
      const failing = seedDemoData(database.db, {
        afterAccounts: async (trx, seeded) => {
          const inside = await trx.selectFrom('members').select('id').execute();
          expect(inside).toHaveLength(seeded.members.length);
          throw new Error('funding failed');
        },
      });
      await expect(failing).rejects.toThrow('funding failed');
      expect(await countRows(database)).toEqual({ merchants: 0, members: 0, admins: 0, settings: 0 });
      const seen: string[] = [];
      const retried = await seedDemoData(database.db, {
        afterAccounts: async (_trx, seeded) => {
          seen.push(...seeded.members.filter((m) => m.role === 'player').map((m) => m.username));
        },
      });
      expect(retried.isCreated).toBe(true);
      expect(seen).toEqual(['player01', 'player02', 'player03', 'player04']);
    } finally {
      await database.close();
    }
  });

  it('leaves a database that already has a merchant alone', async () => {
    const database = await createTestDatabase();
    try {
      await database.db.insertInto('merchants').values({ code: 'other', name: 'Other', currency: 'THB' }).execute();
      expect(await seedDemoData(database.db)).toEqual({ isCreated: false });
      expect(await database.db.selectFrom('members').select('id').execute()).toHaveLength(0);
    } finally {
      await database.close();
    }
  });
});
