import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One picture's bytes, stored once by the sha256 of its content whoever uploaded it (docs/media.md). */
export type MediaFilesTable = {
  sha256: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  byte_size: number;
  width: number;
  height: number;
  bytes: Uint8Array;
  created_at: Timestamp;
};

/** Which merchant's operators uploaded which picture: the list they pick from again. */
export type MediaUploadsTable = {
  merchant_id: number;
  sha256: string;
  /** The operator who first uploaded it for the merchant. */
  uploaded_by: number;
  /** The last time it was uploaded for the merchant (the list's order). */
  uploaded_at: Timestamp;
};

export type MediaTables = {
  media_files: MediaFilesTable;
  media_uploads: MediaUploadsTable;
};
