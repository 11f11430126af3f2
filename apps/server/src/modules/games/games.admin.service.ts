import { createHash } from 'node:crypto';
import type { MessageLanguage } from '@platform/contracts/errors';
import type { AdminGamePatch, AdminVendorPatch } from '@platform/contracts/games';
import { pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { ArtworkType } from '../../lib/image-upload.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { merchantCurrencyOf } from '../merchant/merchant.service.ts';
import { createSettingsService, type SettingsService } from '../settings/settings.service.ts';
import type { CatalogueInvalidator } from './games.cache.ts';
import { type ExistingGame, type PlannedRow, planImport, presentPlan, readImportFile, tokenPartsOf } from './games.import.ts';
import type { JackpotPoolSource } from './games.jackpot-pools.ts';
import { asCategory, fromHundredths } from './games.presenter.ts';
import * as repo from './games.repository.ts';
import { searchNameOf } from './games.search.ts';
import { jackpotSetting } from './games.settings.ts';

/** The vendor whose pools the home counter shows: the house game server (ADR 0036). */
const JACKPOT_VENDOR_CODE = 'HOUSE';

/** The home counter as the games service answers it. */
type JackpotCounter = { value: number; base: number; startedAt: string; serverTime: string };

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

/** Where an uploaded game image is served; a new upload is a new address (browsers keep it for good). */
export function gameImagePath(imageId: number): string {
  return `/wps/game-image/${imageId}`;
}

function importChangeOf(p: Extract<PlannedRow, { action: 'changed' }>, name: Record<string, string> | undefined): repo.ImportChange {
  const change: repo.ImportChange = {};
  for (const c of p.changes) {
    if (c.field === 'category') change.category = c.after as string;
    if (c.field === 'classify') change.classify = JSON.stringify(c.after);
    if (c.field === 'minBet') change.min_bet_cents = p.values.minBetCents as number;
    if (c.field === 'lines') change.min_lines = c.after as number;
    if (c.field === 'trial') change.is_trial_supported = c.after as boolean;
    if (c.field === 'sort') change.sort = c.after as number;
    if (c.field === 'image') change.image_url = c.after as string;
  }
  if (name) {
    change.name = JSON.stringify(name);
    change.search_name = searchNameOf(name, p.code);
  }
  return change;
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
  /** The progressive pools the house game server publishes (absent: none are read). */
  jackpotPools?: JackpotPoolSource;
  /** The home counter as the site shows it now (the games service's `jackpot`). */
  counter: (merchantId: number) => Promise<JackpotCounter>;
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

  /**
   * What the site shows players as jackpots: the pools the house game server publishes (named by the
   * catalogue's HOUSE games, only the merchant's currency counts for the home counter), the counter
   * as it stands now and whether it runs on the pools or on the display rule alone.
   */
  async function jackpotView(admin: AdminPrincipal) {
    const [rule, counter, published] = await Promise.all([
      settings.get(admin.merchantId, jackpotSetting),
      deps.counter(admin.merchantId),
      deps.jackpotPools ? deps.jackpotPools.pools() : Promise.resolve(undefined),
    ]);
    const pools = published?.pools ?? [];
    const names = await repo.findGameNames(
      db,
      admin.merchantId,
      pools.map((p) => ({ vendorCode: JACKPOT_VENDOR_CODE, gameCode: p.gameCode })),
    );
    const currency = (await merchantCurrencyOf(db, admin.merchantId)).trim();
    const counted = pools.filter((p) => p.currency === currency);
    return {
      vendorCode: JACKPOT_VENDOR_CODE,
      isPublishing: published !== undefined,
      readAt: published?.readAt.toISOString() ?? null,
      currency,
      pools: pools.map((p) => ({
        gameCode: p.gameCode,
        name: names.find((n) => n.code === p.gameCode)?.name ?? null,
        currency: p.currency,
        amount: p.amount,
        isCounted: p.currency === currency,
      })),
      source: counted.length > 0 ? ('pools' as const) : ('rule' as const),
      counter: { value: counter.value, base: counter.base, startedAt: counter.startedAt, serverTime: counter.serverTime },
      rule,
    };
  }

  /** The plan of a file over the catalogue as `db` sees it, and the token that stands for it. */
  async function planOf(
    db: Kysely<DB>,
    admin: AdminPrincipal,
    file: { format: 'csv' | 'json'; content: string },
    language: MessageLanguage,
    forUpdate: boolean,
  ) {
    const rows = readImportFile(file.format, file.content);
    const vendorRows = await repo.listVendors(db, admin.merchantId, { onlyEnabled: false });
    const vendors = new Map(vendorRows.map((v) => [v.code.toUpperCase(), v.code]));
    const named = new Set<string>();
    for (const r of rows) {
      const code = vendors.get(
        String(r.cells.vendor ?? '')
          .trim()
          .toUpperCase(),
      );
      if (code) named.add(code);
    }
    const games = await repo.listGamesForImport(db, admin.merchantId, [...named], { forUpdate });
    const existing = new Map<string, ExistingGame>(games.map((g) => [`${g.vendorCode}|${g.code}`, g]));
    const plan = planImport(rows, vendors, existing, language);
    const token = hashRequest([admin.merchantId, ...tokenPartsOf(plan, existing)]);
    return { plan, token, vendorRows };
  }

  /** What a file would change, without changing anything (docs/games-catalogue.md, "Import"). */
  async function previewImport(admin: AdminPrincipal, file: { format: 'csv' | 'json'; content: string }, language: MessageLanguage) {
    const { plan, token } = await planOf(db, admin, file, language, false);
    return presentPlan(plan, token);
  }

  /**
   * Applies a file whose preview answered `token`, in one transaction: the games it names are
   * locked, the plan is made again, and unless its token is the same (the catalogue has not
   * changed since) nothing is written. Refused rows are left out; one audit row lists the changes.
   */
  async function applyImport(
    admin: AdminPrincipal,
    file: { format: 'csv' | 'json'; content: string; token: string },
    language: MessageLanguage,
    ip: string,
  ) {
    // Two applies of new games at once: the second one's insert meets the first one's game (a new
    // row has nothing to lock); that is the catalogue changing since the preview too.
    const counts = await db
      .transaction()
      .execute((trx) => applyPlan(trx, admin, file, language, ip))
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new DomainError('games_import_stale') : error;
      });
    await invalidate(admin.merchantId);
    return { counts };
  }

  async function applyPlan(
    trx: Kysely<DB>,
    admin: AdminPrincipal,
    file: { format: 'csv' | 'json'; content: string; token: string },
    language: MessageLanguage,
    ip: string,
  ) {
    const { plan, token, vendorRows } = await planOf(trx, admin, file, language, true);
    if (token !== file.token) throw new DomainError('games_import_stale');
    if (!plan.some((p) => p.action === 'new' || p.action === 'changed')) throw new DomainError('games_import_empty');
    const at = now();
    const vendorIds = new Map(vendorRows.map((v) => [v.code, v.id]));
    const existingNames = new Map<number, Record<string, string>>();
    for (const p of plan) {
      if (p.action === 'changed') {
        const before = p.changes.find((c) => c.field === 'name');
        if (before) existingNames.set(p.gameId, before.after as Record<string, string>);
      }
    }
    for (const p of plan) {
      if (p.action === 'new') {
        const v = p.values;
        const name = v.name ?? {};
        await repo.insertGames(trx, { merchantId: admin.merchantId, id: vendorIds.get(p.vendor) as number, code: p.vendor }, [
          {
            code: p.code,
            category: v.category as string,
            classify: v.classify ?? [],
            name,
            searchName: searchNameOf(name, p.code),
            imageUrl: v.image ?? '',
            isHot: false,
            minBetCents: v.minBetCents ?? 0,
            minLines: v.lines ?? 0,
            isTrialSupported: v.trial ?? false,
            sort: v.sort ?? 0,
          },
        ]);
      } else if (p.action === 'changed') {
        await repo.updateImportedGame(trx, admin.merchantId, p.gameId, importChangeOf(p, existingNames.get(p.gameId)), at);
      }
    }
    const result = { new: 0, changed: 0, unchanged: 0, refused: 0 };
    for (const p of plan) result[p.action] += 1;
    await recordAudit(trx, {
      actorType: 'admin',
      actorId: admin.adminId,
      action: 'games.imported',
      subjectType: 'game_catalogue',
      subjectId: token,
      data: {
        counts: result,
        created: plan.filter((p) => p.action === 'new').map((p) => ({ vendor: p.vendor, gameCode: p.code })),
        changed: plan.flatMap((p) => (p.action === 'changed' ? [{ vendor: p.vendor, gameCode: p.code, changes: p.changes }] : [])),
        refusedRows: plan.filter((p) => p.action === 'refused').map((p) => p.row),
      },
      ip,
    });
    return result;
  }

  /**
   * Stores an uploaded image for a game (its type already sniffed) and points the game at it; the
   * old image stays for audit, but nothing names it any more.
   */
  async function setGameImage(admin: AdminPrincipal, nodeId: number, image: { contentType: ArtworkType; bytes: Buffer }, ip: string) {
    const updated = await db.transaction().execute(async (trx) => {
      const before = await repo.findGameById(trx, admin.merchantId, nodeId);
      if (!before) throw new DomainError('game_not_found');
      const at = now();
      const sha256 = createHash('sha256').update(image.bytes).digest('hex');
      const imageId = await repo.insertGameImage(trx, {
        merchantId: admin.merchantId,
        gameId: nodeId,
        contentType: image.contentType,
        sha256,
        bytes: image.bytes,
        createdBy: admin.adminId,
        at,
      });
      const imageUrl = gameImagePath(imageId);
      await repo.updateImportedGame(trx, admin.merchantId, nodeId, { image_url: imageUrl }, at);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'games.image_uploaded',
        subjectType: 'game',
        subjectId: nodeId,
        data: {
          vendor: before.vendorCode,
          gameCode: before.code,
          before: { imageUrl: before.imageUrl },
          after: { imageUrl },
          contentType: image.contentType,
          bytes: image.bytes.length,
          sha256,
        },
        ip,
      });
      return (await repo.findGameById(trx, admin.merchantId, nodeId)) as repo.GameRow;
    });
    await invalidate(admin.merchantId);
    return presentAdminGame(updated);
  }

  return {
    listGames,
    listVendors,
    updateGame,
    updateVendor,
    getJackpot,
    setJackpot,
    jackpotView,
    previewImport,
    applyImport,
    setGameImage,
  };
}
