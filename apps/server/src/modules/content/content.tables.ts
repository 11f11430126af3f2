import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type ContentBannersTable = {
  id: Generated<number>;
  merchant_id: number;
  group_name: string;
  image_url: string;
  linkage_type: 'ROUTE' | 'URL' | null;
  linkage_target: string | null;
  title_vi: string;
  title_en: string;
  sort: number;
  starts_at: Date | null;
  ends_at: Date | null;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ContentAnnouncementsTable = {
  id: Generated<number>;
  merchant_id: number;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H' | 'N';
  title_vi: string;
  title_en: string;
  body_vi: string;
  body_en: string;
  platform: 'ALL' | 'W' | 'M';
  starts_at: Date;
  ends_at: Date | null;
  enabled: boolean;
  sort: number;
  /** A popup's repeat: once per browser session, or on every page load (migration 2026-11-26-0800). */
  popup_repeat: 'session' | 'every_load';
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ContentTables = {
  content_banners: ContentBannersTable;
  content_announcements: ContentAnnouncementsTable;
};
