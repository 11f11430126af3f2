import type { AdminGamePatch, AdminVendorPatch } from '@platform/contracts/games';
import { pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createSettingsService, type SettingsService } from '../settings/settings.service.ts';
import type { CatalogueInvalidator } from './games.cache.ts';
import { asCategory, fromHundredths } from './games.presenter.ts';
import * as repo from './games.repository.ts';
import { jackpotSetting } from './games.settings.ts';

export type GamesAdminService = ReturnType<typeof createGamesAdminService>;

function changeOf(patch: Omit<AdminGamePatch, 'category'>): repo.CatalogueChange {
  const change: repo.CatalogueChange = {};
  if (patch.isEnabled !== undefined) change.is_enabled = patch.isEnabled;
  if (patch.isHot !== undefined) change.is_hot = patch.isHot;
  if (patch.isMaintenance !== undefined) change.is_maintenance = patch.isMaintenance;
  if (patch.maintenanceMessage !== undefined) change.maintenance_message = JSON.stringify(patch.maintenanceMessage);
  if (patch.sort !== undefined) change.sort = patch.sort;
  return change;
}

function vendorChangeOf(patch: AdminVendorPatch): repo.VendorChange {
  const { displayNames, ...rest } = patch;
  return { ...changeOf(rest), ...(displayNames === undefined ? {} : { display_names: JSON.stringify(displayNames) }) };
}

function presentAdminGame(row: repo.GameRow) {
  return {
    nodeId: row.id,
    gameCode: row.code,
    vendor: row.vendorCode,
    gameType: asCategory(row.category),
    gameClassify: row.classify,
    name: row.name,
    imageUrl: row.imageUrl,
    isHot: row.isHot,
    minBet: fromHundredths(row.minBetCents),
    minLineNum: row.minLines,
    isTrialSupported: row.isTrialSupported,
    isEnabled: row.isEnabled,
    isMaintenance: row.isMaintenance,
    maintenanceMessage: row.maintenanceMessage,
    sort: row.sort,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The operator's catalogue work: find games, switch games and vendors on or off, into or out of
 * maintenance, mark them hot and order them. Each change is audited in its own transaction, then
 * every node's catalogue cache for the merchant is dropped.
 */
export function createGamesAdminService(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  invalidate: CatalogueInvalidator;
  now: () => Date;
}) {
  const { db, settings, invalidate, now } = deps;

  async function listGames(admin: AdminPrincipal, query: repo.AdminGameFilter & { pageNo: number; pageSize: number }) {
    const { pageNo, pageSize, ...filter } = query;
    const [totalCount, rows] = await Promise.all([
      repo.countAdminGames(db, admin.merchantId, filter),
      repo.listAdminGames(db, admin.merchantId, filter, { limit: pageSize, offset: pageOffset({ pageNo, pageSize }) }),
    ]);
    return { list: rows.map(presentAdminGame), pageNo, pageSize, totalCount, totalPages: totalPagesOf(totalCount, pageSize) };
  }

  async function listVendors(admin: AdminPrincipal) {
    const [vendors, counts] = await Promise.all([
      repo.listVendors(db, admin.merchantId, { onlyEnabled: false }),
      repo.countGamesPerVendor(db, admin.merchantId),
    ]);
    return vendors.map((v) => ({
      vendorId: v.id,
      code: v.code,
      displayName: v.displayName,
      displayNames: v.displayNames,
      categories: v.categories,
      walletStyle: v.walletStyle,
      launchUrl: v.launchUrl,
      logoUrl: v.logoUrl,
      isEnabled: v.isEnabled,
      isHot: v.isHot,
      isMaintenance: v.isMaintenance,
      maintenanceMessage: v.maintenanceMessage,
      sort: v.sort,
      gameCount: counts.get(v.id) ?? 0,
    }));
  }

  async function updateGame(admin: AdminPrincipal, nodeId: number, patch: AdminGamePatch, ip: string) {
    const updated = await db.transaction().execute(async (trx) => {
      const before = await repo.findGameById(trx, admin.merchantId, nodeId);
      if (!before) throw new DomainError('game_not_found');
      const { category, ...rest } = patch;
      await repo.updateGame(trx, admin.merchantId, nodeId, { ...changeOf(rest), ...(category === undefined ? {} : { category }) }, now());
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'games.game_updated',
        subjectType: 'game',
        subjectId: nodeId,
        data: {
          vendor: before.vendorCode,
          gameCode: before.code,
          change: patch,
          ...(patch.category === undefined ? {} : { before: { category: before.category }, after: { category: patch.category } }),
        },
        ip,
      });
      return (await repo.findGameById(trx, admin.merchantId, nodeId)) as repo.GameRow;
    });
    await invalidate(admin.merchantId);
    return presentAdminGame(updated);
  }

  async function updateVendor(admin: AdminPrincipal, vendorCode: string, patch: AdminVendorPatch, ip: string) {
    await db.transaction().execute(async (trx) => {
      const isUpdated = await repo.updateVendor(trx, admin.merchantId, vendorCode, vendorChangeOf(patch), now());
      if (!isUpdated) throw new DomainError('not_found', 'vendor');
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'games.vendor_updated',
        subjectType: 'game_vendor',
        subjectId: vendorCode,
        data: { change: patch },
        ip,
      });
    });
    await invalidate(admin.merchantId);
    const vendors = await listVendors(admin);
    return vendors.find((v) => v.code === vendorCode) as (typeof vendors)[number];
  }

  async function setJackpot(
    admin: AdminPrincipal,
    input: { base: number; growthPerTick: number; tickMs: number; isRestarted: boolean },
    ip: string,
  ) {
    const current = await settings.get(admin.merchantId, jackpotSetting);
    const next = {
      base: input.base,
      growthPerTick: input.growthPerTick,
      tickMs: input.tickMs,
      startedAt: input.isRestarted ? now().toISOString() : current.startedAt,
    };
    await db.transaction().execute(async (trx) => {
      await createSettingsService({ db: trx }).set(admin.merchantId, jackpotSetting, next, `admin:${admin.adminId}`);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'games.jackpot_updated',
        subjectType: 'setting',
        subjectId: jackpotSetting.key,
        data: { before: current, after: next },
        ip,
      });
    });
    // The shared settings service caches values; this node shows the new rule at once.
    settings.clearCache();
    return next;
  }

  async function getJackpot(admin: AdminPrincipal) {
    return settings.get(admin.merchantId, jackpotSetting);
  }

  return { listGames, listVendors, updateGame, updateVendor, getJackpot, setJackpot };
}
