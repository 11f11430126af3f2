import {
  type AnnouncementContent,
  type AnnouncementInput,
  type AnnouncementPage,
  type AnnouncementType,
  type BannerInput,
  MARQUEE_LIMIT,
} from '@platform/contracts/content';
import { pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import type { SiteLanguage } from '@platform/contracts/system';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createBoundedCache } from '../../lib/bounded-cache.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  presentAdminAnnouncement,
  presentAdminBanner,
  presentAnnouncement,
  presentBanner,
  presentMarqueeItem,
} from './content.presenter.ts';
import * as repo from './content.repository.ts';
import { sanitizeAnnouncementHtml } from './content.sanitize.ts';

/** Visitor answers are kept this long per merchant and language; an edit on this node drops them at once. */
export const CONTENT_CACHE_TTL_MS = 5_000;
/** Cached answers per node at most: paging through every page number cannot grow the cache without bound. */
export const CONTENT_CACHE_MAX_ENTRIES = 1000;
/** Popup and group answers hold at most this many items per group. */
const GROUP_LIMIT = 20;

export type ContentOperator = { adminId: number; merchantId: number; ip: string | null };

export type ContentService = ReturnType<typeof createContentService>;

/**
 * Banners and announcements: what visitors see (in effect by the clock, in their language) and the
 * operator's edits (each audited in its own transaction, HTML cleaned before it is stored).
 */
export function createContentService(deps: { db: Kysely<DB>; now: () => Date; cacheTtlMs?: number }) {
  const { db, now } = deps;
  const ttl = deps.cacheTtlMs ?? CONTENT_CACHE_TTL_MS;
  const cache = createBoundedCache<string, unknown>({ max: CONTENT_CACHE_MAX_ENTRIES, ttlMs: ttl, now });

  async function cached<T>(merchantId: number, key: string, load: () => Promise<T>): Promise<T> {
    return (await cache.remember(`${merchantId}|${key}`, load)) as T;
  }

  function invalidate(merchantId: number): void {
    const prefix = `${merchantId}|`;
    cache.deleteWhere((key) => key.startsWith(prefix));
  }

  // Visitor reads.

  function banners(merchantId: number, language: SiteLanguage, groupName: string) {
    return cached(merchantId, `banners|${language}|${groupName}`, async () =>
      (await repo.activeBanners(db, merchantId, groupName, now())).map((row) => presentBanner(row, language)),
    );
  }

  function announcementPage(
    merchantId: number,
    language: SiteLanguage,
    q: { type: AnnouncementType; platform: 'W' | 'M'; pageNo: number; pageSize: number },
  ): Promise<AnnouncementPage> {
    return cached(merchantId, `page|${language}|${q.type}|${q.platform}|${q.pageNo}|${q.pageSize}`, async () => {
      const { rows, totalCount } = await repo.activeAnnouncementPage(db, {
        merchantId,
        type: q.type,
        platform: q.platform,
        at: now(),
        limit: q.pageSize,
        offset: pageOffset(q),
      });
      return {
        list: rows.map((row) => presentAnnouncement(row, language)),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: totalPagesOf(totalCount, q.pageSize),
      };
    });
  }

  /** The spec's announcement content: the asked types, grouped; the client shows `popup` once after load. */
  function announcementContent(
    merchantId: number,
    language: SiteLanguage,
    q: { types: readonly AnnouncementType[]; platform: 'W' | 'M' },
  ): Promise<AnnouncementContent> {
    const types = [...q.types].sort();
    return cached(merchantId, `groups|${language}|${types.join(',')}|${q.platform}`, async () => {
      const of = async (type: AnnouncementType) =>
        types.includes(type)
          ? (await repo.activeAnnouncementsOf(db, { merchantId, types: [type], platform: q.platform, at: now(), limit: GROUP_LIMIT })).map(
              (row) => presentAnnouncement(row, language),
            )
          : [];
      return { popup: await of('PU'), player: await of('PL'), banners: await of('B'), promotion: await of('PR'), headline: await of('H') };
    });
  }

  /** Titles for the home marquee: headlines and bulletins in effect. */
  function marquee(merchantId: number, language: SiteLanguage, platform: 'W' | 'M') {
    return cached(merchantId, `marquee|${language}|${platform}`, async () =>
      (await repo.activeAnnouncementsOf(db, { merchantId, types: ['H', 'B'], platform, at: now(), limit: MARQUEE_LIMIT })).map((row) =>
        presentMarqueeItem(row, language),
      ),
    );
  }

  // Back office.

  function bannerValues(input: BannerInput): repo.BannerValues {
    return {
      group_name: input.groupName,
      image_url: input.imageUrl,
      linkage_type: input.linkageType,
      linkage_target: input.linkageType === null ? null : input.linkageTarget,
      title_vi: input.title.vi,
      title_en: input.title.en,
      sort: input.sort,
      starts_at: input.startsAt ? new Date(input.startsAt) : null,
      ends_at: input.endsAt ? new Date(input.endsAt) : null,
      enabled: input.enabled,
    };
  }

  function announcementValues(input: AnnouncementInput): repo.AnnouncementValues {
    return {
      type: input.type,
      title_vi: input.title.vi,
      title_en: input.title.en,
      body_vi: sanitizeAnnouncementHtml(input.body.vi),
      body_en: sanitizeAnnouncementHtml(input.body.en),
      platform: input.platform,
      popup_repeat: input.popupRepeat,
      starts_at: new Date(input.startsAt),
      ends_at: input.endsAt ? new Date(input.endsAt) : null,
      sort: input.sort,
      enabled: input.enabled,
    };
  }

  async function audit(trx: Kysely<DB>, op: ContentOperator, action: string, subjectType: string, subjectId: number, data: object) {
    await recordAudit(trx, {
      actorType: 'admin',
      actorId: op.adminId,
      action,
      subjectType,
      subjectId,
      data: { merchantId: op.merchantId, ...data },
      ip: op.ip,
    });
  }

  /** Runs an edit in a transaction and drops the merchant's cached answers once it is committed. */
  async function edit<T>(op: ContentOperator, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(work);
    invalidate(op.merchantId);
    return result;
  }

  async function bannerOf(trx: Kysely<DB>, op: ContentOperator, id: number) {
    const row = await repo.findBanner(trx, op.merchantId, id);
    if (!row) throw new DomainError('not_found', 'banner');
    return row;
  }

  async function announcementOf(trx: Kysely<DB>, op: ContentOperator, id: number) {
    const row = await repo.findAnnouncement(trx, op.merchantId, id);
    if (!row) throw new DomainError('not_found', 'announcement');
    return row;
  }

  const admin = {
    async listBanners(merchantId: number, groupName?: string) {
      return (await repo.listBanners(db, merchantId, groupName)).map(presentAdminBanner);
    },
    createBanner(op: ContentOperator, input: BannerInput) {
      return edit(op, async (trx) => {
        const row = await repo.insertBanner(trx, op.merchantId, bannerValues(input), now());
        const after = presentAdminBanner(row);
        await audit(trx, op, 'content.banner.create', 'banner', row.id, { after });
        return after;
      });
    },
    updateBanner(op: ContentOperator, id: number, input: BannerInput) {
      return edit(op, async (trx) => {
        const before = presentAdminBanner(await bannerOf(trx, op, id));
        const after = presentAdminBanner(await repo.updateBanner(trx, id, bannerValues(input), now()));
        await audit(trx, op, 'content.banner.update', 'banner', id, { before, after });
        return after;
      });
    },
    setBannerEnabled(op: ContentOperator, id: number, enabled: boolean) {
      return edit(op, async (trx) => {
        const before = await bannerOf(trx, op, id);
        const after = presentAdminBanner(await repo.updateBanner(trx, id, { enabled }, now()));
        await audit(trx, op, enabled ? 'content.banner.enable' : 'content.banner.disable', 'banner', id, { wasEnabled: before.enabled });
        return after;
      });
    },
    deleteBanner(op: ContentOperator, id: number) {
      return edit(op, async (trx) => {
        const before = presentAdminBanner(await bannerOf(trx, op, id));
        await repo.deleteBanner(trx, id);
        await audit(trx, op, 'content.banner.delete', 'banner', id, { before });
      });
    },

    async listAnnouncements(merchantId: number, type?: AnnouncementType) {
      return (await repo.listAnnouncements(db, merchantId, type)).map(presentAdminAnnouncement);
    },
    createAnnouncement(op: ContentOperator, input: AnnouncementInput) {
      return edit(op, async (trx) => {
        const row = await repo.insertAnnouncement(trx, op.merchantId, announcementValues(input), now());
        const after = presentAdminAnnouncement(row);
        await audit(trx, op, 'content.announcement.create', 'announcement', row.id, { after });
        return after;
      });
    },
    updateAnnouncement(op: ContentOperator, id: number, input: AnnouncementInput) {
      return edit(op, async (trx) => {
        const before = presentAdminAnnouncement(await announcementOf(trx, op, id));
        const after = presentAdminAnnouncement(await repo.updateAnnouncement(trx, id, announcementValues(input), now()));
        await audit(trx, op, 'content.announcement.update', 'announcement', id, { before, after });
        return after;
      });
    },
    setAnnouncementEnabled(op: ContentOperator, id: number, enabled: boolean) {
      return edit(op, async (trx) => {
        const before = await announcementOf(trx, op, id);
        const after = presentAdminAnnouncement(await repo.updateAnnouncement(trx, id, { enabled }, now()));
        await audit(trx, op, enabled ? 'content.announcement.enable' : 'content.announcement.disable', 'announcement', id, {
          wasEnabled: before.enabled,
        });
        return after;
      });
    },
    deleteAnnouncement(op: ContentOperator, id: number) {
      return edit(op, async (trx) => {
        const before = presentAdminAnnouncement(await announcementOf(trx, op, id));
        await repo.deleteAnnouncement(trx, id);
        await audit(trx, op, 'content.announcement.delete', 'announcement', id, { before });
      });
    },
  };

  return { banners, announcementPage, announcementContent, marquee, admin, clearCache: () => cache.clear(), cacheSize: () => cache.size() };
}
