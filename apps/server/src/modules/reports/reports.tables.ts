import type { ColumnType, Generated } from 'kysely';

/**
 * A download link of a CSV export (migration 2026-11-26-2800): made by a signed-in operator for one
 * export with its filters, good once and for a minute, so a plain link (which cannot carry the
 * operator's bearer header) can start the browser's own download of a streamed file.
 */
export type ReportDownloadsTable = {
  id: Generated<number>;
  /** sha256 of the link's token; the token itself is never stored. */
  token_hash: string;
  /** The operator session the link was made in: the download runs as that session, if it is still open. */
  admin_session_id: number;
  /** The export's path and sorted query (without the token). */
  target: string;
  created_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
  used_at: Date | null;
};

export type ReportsTables = {
  report_downloads: ReportDownloadsTable;
};
