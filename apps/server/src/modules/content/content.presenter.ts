import type { AdminAnnouncement, AdminBanner, Announcement, Banner, MarqueeItem } from '@platform/contracts/content';
import type { SiteLanguage } from '@platform/contracts/system';
import { formatDateTimeInZone } from '../../lib/time-format.ts';
import type { AnnouncementRow, BannerRow } from './content.repository.ts';

/** The site's time zone for the spec's start time text; Vietnam keeps no daylight saving. */
export const CONTENT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** The caller's language, else the other one: an operator may write a text in one language only. */
function pick(language: SiteLanguage, vi: string, en: string): string {
  return language === 'en' ? en || vi : vi || en;
}

export function presentBanner(row: BannerRow, language: SiteLanguage): Banner {
  return {
    bannerId: row.id,
    url: row.image_url,
    groupName: row.group_name,
    linkageType: row.linkage_type,
    linkageTarget: row.linkage_target,
    title: pick(language, row.title_vi, row.title_en),
  };
}

export function presentAnnouncement(row: AnnouncementRow, language: SiteLanguage): Announcement {
  // The body follows the title's language, so a title and its text never come in two languages.
  const titleLanguage: SiteLanguage = language === 'en' ? (row.title_en ? 'en' : 'vi') : row.title_vi ? 'vi' : 'en';
  const body = titleLanguage === 'en' ? row.body_en || row.body_vi : row.body_vi || row.body_en;
  return {
    id: row.id,
    type: row.type,
    title: pick(language, row.title_vi, row.title_en),
    startDateStr: formatDateTimeInZone(row.starts_at, CONTENT_TIME_ZONE),
    startDate: row.starts_at.toISOString(),
    content: body,
    popupRepeat: row.popup_repeat,
  };
}

export function presentMarqueeItem(row: AnnouncementRow, language: SiteLanguage): MarqueeItem {
  return { id: row.id, type: row.type, title: pick(language, row.title_vi, row.title_en) };
}

export function presentAdminBanner(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    groupName: row.group_name,
    imageUrl: row.image_url,
    linkageType: row.linkage_type,
    linkageTarget: row.linkage_target,
    title: { vi: row.title_vi, en: row.title_en },
    sort: row.sort,
    startsAt: row.starts_at ? row.starts_at.toISOString() : null,
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
    enabled: row.enabled,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function presentAdminAnnouncement(row: AnnouncementRow): AdminAnnouncement {
  return {
    id: row.id,
    type: row.type,
    title: { vi: row.title_vi, en: row.title_en },
    body: { vi: row.body_vi, en: row.body_en },
    platform: row.platform,
    popupRepeat: row.popup_repeat,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
    sort: row.sort,
    enabled: row.enabled,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
