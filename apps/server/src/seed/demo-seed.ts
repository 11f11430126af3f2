import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import type { AdminRole } from '@platform/contracts/admin';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { type Env, shouldSeedDemoData } from '../env.ts';
import { hashPassword } from '../lib/password.ts';
import { seedDemoChat } from '../modules/chat/chat.demo.ts';
import { seedDemoContent } from '../modules/content/content.demo.ts';
import { seedDemoHelp } from '../modules/help/help.demo.ts';
import { seedDemoInbox } from '../modules/inbox/inbox.demo.ts';
import { createMerchantService, type Merchant } from '../modules/merchant/merchant.service.ts';
import { seedDemoMissions } from '../modules/missions/missions.demo.ts';
import { seedDemoPointMall } from '../modules/points/points.demo.ts';
import { seedDemoPromotions } from '../modules/promotions/promotions.demo.ts';
import { seedDemoRedeemCodes } from '../modules/rewards/rewards.demo.ts';
import { createSettingsService } from '../modules/settings/settings.service.ts';
import {
  customerServiceSetting,
  DEFAULT_SETTINGS_TREE,
  maintenanceSetting,
  regionRestrictionSetting,
  registerSwitchesSetting,
  settingsTreeSetting,
  whitelabelSetting,
} from '../modules/system/system.settings.ts';
import { seedDemoVip } from '../modules/vip/vip.demo.ts';
import { seedDemoDepositChannels } from './demo-deposits.ts';
import { seedDemoGames } from './demo-games.ts';
import { seedDemoLottery } from './demo-lottery.ts';
import * as repo from './demo-seed.repository.ts';

/**
 * Demo data for a fresh install: one merchant, its settings, an administrator, a three-level agent
 * tree and players, so `npm start` shows a working site. It plays with play money only: balances
 * are funded by the ledger module from the `members` this returns, never written here.
 */

export const DEMO_MERCHANT = { code: 'lotus', name: 'Lotus', currency: 'VND' } as const;

export type DemoRole = 'administrator' | 'agent' | 'player';

export type DemoAccountSpec = {
  role: DemoRole;
  username: string;
  password: string;
  nickname: string;
  /** The spec's account type for members; null for the back-office administrator. */
  accountType: number | null;
  parentUsername: string | null;
  /** The back-office role of an administrator entry. */
  adminRole?: AdminRole;
  /** An operator's authenticator secret, public like the password (`npm run admin:code -- <username>`). */
  totpSecret?: string;
};

/**
 * Listed in the README; demo passwords are public by design and never used in production. They follow
 * the site's own password rule (letters and digits, 6–20 characters), and the demo members count as
 * having chosen them, so a login does not force a change: one visitor changing `agent01`'s password
 * would lock every later visitor out of the published accounts.
 */
export const DEMO_ACCOUNTS: readonly DemoAccountSpec[] = [
  // One operator per role (a second one, finance01, lets money actions that need another person's
  // approval be tried). Each has a known authenticator secret: the back office asks for a code.
  {
    role: 'administrator',
    username: 'admin',
    password: 'Admin2026',
    nickname: 'Administrator',
    accountType: null,
    parentUsername: null,
    adminRole: 'administrator',
    totpSecret: 'NWOS2DVFJZJTAIFMQ3DMMKTKTQEAZU6B',
  },
  {
    role: 'administrator',
    username: 'finance01',
    password: 'Admin2026',
    nickname: 'Finance',
    accountType: null,
    parentUsername: null,
    adminRole: 'finance',
    totpSecret: '3PBXI6XHD24ZSDN4XOOWUUGEZTP6W564',
  },
  {
    role: 'administrator',
    username: 'risk01',
    password: 'Admin2026',
    nickname: 'Risk',
    accountType: null,
    parentUsername: null,
    adminRole: 'risk',
    totpSecret: 'C2NL4INK5MESZ3GARBM6TARNH7IADH4L',
  },
  {
    role: 'administrator',
    username: 'support01',
    password: 'Admin2026',
    nickname: 'Support',
    accountType: null,
    parentUsername: null,
    adminRole: 'support',
    totpSecret: 'LI6BI6XYPFQA7ID27OFHLXWPZWYLJO5A',
  },
  {
    role: 'administrator',
    username: 'content01',
    password: 'Admin2026',
    nickname: 'Content',
    accountType: null,
    parentUsername: null,
    adminRole: 'content',
    totpSecret: 'VMXQXWRLEVLC5MRLB3TYD2KBRGLYG24H',
  },
  {
    role: 'agent',
    username: 'agent01',
    password: 'Agent2026',
    nickname: 'Agent level 1',
    accountType: ACCOUNT_TYPE.agentLevel1,
    parentUsername: null,
  },
  {
    role: 'agent',
    username: 'agent02',
    password: 'Agent2026',
    nickname: 'Sub-agent',
    accountType: ACCOUNT_TYPE.agentLevel2,
    parentUsername: 'agent01',
  },
  {
    role: 'agent',
    username: 'agent41',
    password: 'Agent2026',
    nickname: 'Sub-sub-agent',
    accountType: ACCOUNT_TYPE.agentLevel41,
    parentUsername: 'agent02',
  },
  {
    role: 'player',
    username: 'player01',
    password: 'Player2026',
    nickname: 'Player One',
    accountType: ACCOUNT_TYPE.member,
    parentUsername: 'agent01',
  },
  {
    role: 'player',
    username: 'player02',
    password: 'Player2026',
    nickname: 'Player Two',
    accountType: ACCOUNT_TYPE.member,
    parentUsername: 'agent02',
  },
  {
    role: 'player',
    username: 'player03',
    password: 'Player2026',
    nickname: 'Player Three',
    accountType: ACCOUNT_TYPE.member,
    parentUsername: 'agent41',
  },
  {
    role: 'player',
    username: 'player04',
    password: 'Player2026',
    nickname: 'Player Four',
    accountType: ACCOUNT_TYPE.member,
    parentUsername: null,
  },
];

export type SeededMember = {
  id: number;
  username: string;
  accountType: number;
  uplinePath: string;
  role: Exclude<DemoRole, 'administrator'>;
};

export type DemoSeedResult =
  | { isCreated: false }
  | { isCreated: true; merchant: Merchant; adminId: number; members: SeededMember[]; accounts: readonly DemoAccountSpec[] };

/**
 * Seeds an empty database in one transaction, under an advisory lock, and does nothing when any
 * merchant exists: running it twice, or on two nodes at once, creates nothing twice.
 */
export type SeededDemoData = Extract<DemoSeedResult, { isCreated: true }>;

export type DemoSeedOptions = {
  /**
   * Runs inside the seed's transaction once every account exists: the place for steps that build
   * on the accounts, such as funding the demo players through the ledger. If it throws, nothing of
   * the seed is kept, so the next start tries again from an empty database.
   */
  afterAccounts?: (trx: Transaction<DB>, seeded: SeededDemoData) => Promise<void>;
};

export async function seedDemoData(db: Kysely<DB>, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  if (await repo.hasAnyMerchant(db)) return { isCreated: false };

  // Hashing is slow on purpose, so it happens before the transaction, keeping the lock short.
  const hashes = new Map<string, string>();
  for (const password of new Set(DEMO_ACCOUNTS.map((a) => a.password))) hashes.set(password, await hashPassword(password));
  const hashOf = (account: DemoAccountSpec) => hashes.get(account.password) as string;

  return db.transaction().execute(async (trx) => {
    await repo.lockForSeeding(trx);
    if (await repo.hasAnyMerchant(trx)) return { isCreated: false };

    const merchant = await createMerchantService({ db: trx, defaultCode: undefined }).create({ ...DEMO_MERCHANT });
    await seedSettings(trx, merchant.id);
    await seedDemoDepositChannels(trx, merchant);
    await seedDemoContent(trx, merchant.id, new Date());
    await seedDemoHelp(trx, merchant.id);
    await seedDemoGames(trx, merchant.id);
    await seedDemoLottery(trx, merchant.id, merchant.currency);
    await seedDemoChat(trx, merchant.id);
    await seedDemoVip(trx, merchant.id);
    await seedDemoPromotions(trx, merchant.id);
    await seedDemoPointMall(trx, merchant.id);

    let adminId = 0;
    for (const admin of DEMO_ACCOUNTS.filter((a) => a.role === 'administrator')) {
      const id = await repo.insertAdmin(trx, {
        merchantId: merchant.id,
        username: admin.username,
        passwordHash: hashOf(admin),
        role: admin.adminRole ?? 'administrator',
        totpSecret: admin.totpSecret ?? null,
      });
      if (adminId === 0) adminId = id;
    }
    await seedDemoMissions(trx, merchant.id);
    await seedDemoRedeemCodes(trx, merchant.id, adminId);

    // Parents come before their children in DEMO_ACCOUNTS, so one pass builds the tree.
    const members: SeededMember[] = [];
    for (const account of DEMO_ACCOUNTS) {
      if (account.role === 'administrator' || account.accountType === null) continue;
      const parent = account.parentUsername ? members.find((m) => m.username === account.parentUsername) : undefined;
      if (account.parentUsername && !parent) throw new Error(`demo parent ${account.parentUsername} must come before ${account.username}`);
      const inserted = await repo.insertMember(trx, {
        merchantId: merchant.id,
        currency: merchant.currency,
        username: account.username,
        nickname: account.nickname,
        accountType: account.accountType,
        parent: parent ? { id: parent.id, uplinePath: parent.uplinePath } : null,
        passwordHash: hashOf(account),
        passwordChosenAt: new Date(),
      });
      members.push({
        id: inserted.id,
        username: account.username,
        accountType: account.accountType,
        uplinePath: inserted.uplinePath,
        role: account.role,
      });
    }
    await seedDemoInbox(trx, {
      merchantId: merchant.id,
      adminId,
      playerIds: members.filter((m) => m.role === 'player').map((m) => m.id),
    });
    const seeded: SeededDemoData = { isCreated: true, merchant, adminId, members, accounts: DEMO_ACCOUNTS };
    await options.afterAccounts?.(trx, seeded);
    return seeded;
  });
}

async function seedSettings(trx: Kysely<DB>, merchantId: number): Promise<void> {
  const settings = createSettingsService({ db: trx });
  const by = 'demo-seed';
  await settings.set(merchantId, whitelabelSetting, whitelabelSetting.defaultValue, by);
  await settings.set(merchantId, registerSwitchesSetting, registerSwitchesSetting.defaultValue, by);
  await settings.set(merchantId, settingsTreeSetting, DEFAULT_SETTINGS_TREE, by);
  await settings.set(merchantId, regionRestrictionSetting, regionRestrictionSetting.defaultValue, by);
  // Texts ready for the day the operator switches maintenance on.
  await settings.set(
    merchantId,
    maintenanceSetting,
    {
      enabled: false,
      startsAt: null,
      endsAt: null,
      title: { vi: 'Hệ thống đang bảo trì', en: 'Scheduled maintenance' },
      info: {
        vi: 'Chúng tôi đang nâng cấp hệ thống để phục vụ bạn tốt hơn. Vui lòng quay lại sau.',
        en: 'We are upgrading the site to serve you better. Please come back later.',
      },
    },
    by,
  );
  await settings.set(
    merchantId,
    customerServiceSetting,
    {
      // The house live chat (type 1) is the default customer service; members whose rank level is
      // above 4 get the VIP entry, the same chat with their conversations marked VIP for operators.
      url: '',
      entries: [
        { csPosition: 'VIP', csType: 1, title: 'Chăm sóc khách hàng VIP', path: '' },
        { csPosition: 'RIGHTBAR', csType: 1, title: 'Chăm sóc khách hàng', path: '' },
      ],
    },
    by,
  );
}

/** The start-up hook: seeds only when the environment allows it and the database has no merchant. */
export async function seedDemoDataAtStartup(
  db: Kysely<DB>,
  env: Env,
  log: { info: (obj: object, msg: string) => void },
  options: DemoSeedOptions = {},
): Promise<DemoSeedResult | null> {
  if (!shouldSeedDemoData(env)) return null;
  const result = await seedDemoData(db, options);
  if (result.isCreated) {
    log.info(
      { merchant: result.merchant.code, accounts: result.accounts.map((a) => `${a.username} (${a.role})`) },
      'seeded demo data; passwords are listed in the README',
    );
  }
  return result;
}
