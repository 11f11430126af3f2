import type { AnnouncementType } from '@platform/contracts/content';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ContentAnnouncementsTable, ContentBannersTable } from './content.tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type BannerRow = Omit<ContentBannersTable, 'id' | 'created_at' | 'updated_at'> & { id: number; created_at: Date; updated_at: Date };
export type AnnouncementRow = Omit<ContentAnnouncementsTable, 'id' | 'created_at' | 'updated_at'> & {
  id: number;
  created_at: Date;
  updated_at: Date;
};
export type BannerValues = Omit<BannerRow, 'id' | 'merchant_id' | 'created_at' | 'updated_at'>;
/** What an operator writes; the popup repeat may be left to the column's default (once per session). */
export type AnnouncementValues = Omit<AnnouncementRow, 'id' | 'merchant_id' | 'created_at' | 'updated_at' | 'popup_repeat'> &
  Partial<Pick<AnnouncementRow, 'popup_repeat'>>;

// Visitor reads: enabled, inside the window, by the given clock.

export async function activeBanners(db: Db, merchantId: number, groupName: string, at: Date): Promise<BannerRow[]> {
  return (await db
    .selectFrom('content_banners')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('group_name', '=', groupName)
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', at)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .orderBy('sort')
    .orderBy('id')
    .execute()) as BannerRow[];
}

function activeAnnouncements(db: Db, merchantId: number, types: readonly AnnouncementType[], platform: 'W' | 'M', at: Date) {
  return db
    .selectFrom('content_announcements')
    .where('merchant_id', '=', merchantId)
    .where('type', 'in', types)
    .where('platform', 'in', ['ALL', platform])
    .where('enabled', '=', true)
    .where('starts_at', '<=', at)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]));
}

export async function activeAnnouncementPage(
  db: Db,
  q: { merchantId: number; type: AnnouncementType; platform: 'W' | 'M'; at: Date; limit: number; offset: number },
): Promise<{ rows: AnnouncementRow[]; totalCount: number }> {
  const base = activeAnnouncements(db, q.merchantId, [q.type], q.platform, q.at);
  const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('sort')
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows: rows as AnnouncementRow[], totalCount: Number(count.n) };
}

export async function activeAnnouncementsOf(
  db: Db,
  q: { merchantId: number; types: readonly AnnouncementType[]; platform: 'W' | 'M'; at: Date; limit: number },
): Promise<AnnouncementRow[]> {
  if (q.types.length === 0) return [];
  return (await activeAnnouncements(db, q.merchantId, q.types, q.platform, q.at)
    .selectAll()
    .orderBy('sort')
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .execute()) as AnnouncementRow[];
}

// Back office.

export async function listBanners(db: Db, merchantId: number, groupName: string | undefined): Promise<BannerRow[]> {
  let query = db.selectFrom('content_banners').selectAll().where('merchant_id', '=', merchantId);
  if (groupName) query = query.where('group_name', '=', groupName);
  return (await query.orderBy('group_name').orderBy('sort').orderBy('id').limit(500).execute()) as BannerRow[];
}

export async function findBanner(db: Db, merchantId: number, id: number): Promise<BannerRow | undefined> {
  return (await db
    .selectFrom('content_banners')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()) as BannerRow | undefined;
}

export async function insertBanner(db: Db, merchantId: number, values: BannerValues, at: Date): Promise<BannerRow> {
  return (await db
    .insertInto('content_banners')
    .values({ merchant_id: merchantId, ...values, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow()) as BannerRow;
}

export async function updateBanner(db: Db, id: number, values: Partial<BannerValues>, at: Date): Promise<BannerRow> {
  return (await db
    .updateTable('content_banners')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()) as BannerRow;
}

export async function deleteBanner(db: Db, id: number): Promise<void> {
  await db.deleteFrom('content_banners').where('id', '=', id).execute();
}

export async function listAnnouncements(db: Db, merchantId: number, type: AnnouncementType | undefined): Promise<AnnouncementRow[]> {
  let query = db.selectFrom('content_announcements').selectAll().where('merchant_id', '=', merchantId);
  if (type) query = query.where('type', '=', type);
  return (await query.orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(500).execute()) as AnnouncementRow[];
}

export async function findAnnouncement(db: Db, merchantId: number, id: number): Promise<AnnouncementRow | undefined> {
  return (await db
    .selectFrom('content_announcements')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()) as AnnouncementRow | undefined;
}

export async function insertAnnouncement(db: Db, merchantId: number, values: AnnouncementValues, at: Date): Promise<AnnouncementRow> {
  return (await db
    .insertInto('content_announcements')
    .values({ merchant_id: merchantId, ...values, popup_repeat: values.popup_repeat ?? 'session', created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow()) as AnnouncementRow;
}

export async function updateAnnouncement(db: Db, id: number, values: Partial<AnnouncementValues>, at: Date): Promise<AnnouncementRow> {
  return (await db
    .updateTable('content_announcements')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()) as AnnouncementRow;
}

export async function deleteAnnouncement(db: Db, id: number): Promise<void> {
  await db.deleteFrom('content_announcements').where('id', '=', id).execute();
}
