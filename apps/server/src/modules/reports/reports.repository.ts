import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export async function insertDownload(
  db: Executor,
  row: { tokenHash: string; adminSessionId: number; target: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('report_downloads')
    .values({
      token_hash: row.tokenHash,
      admin_session_id: row.adminSessionId,
      target: row.target,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Spends a link: marks it used if it exists, is unused, has not expired and names this target;
 * answers its session, or undefined. One statement, so two requests with one link cannot both win.
 */
export async function spendDownload(db: Executor, filter: { tokenHash: string; target: string; at: Date }): Promise<number | undefined> {
  const row = await db
    .updateTable('report_downloads')
    .set({ used_at: filter.at })
    .where('token_hash', '=', filter.tokenHash)
    .where('target', '=', filter.target)
    .where('used_at', 'is', null)
    .where('expires_at', '>', filter.at)
    .returning('admin_session_id')
    .executeTakeFirst();
  return row ? Number(row.admin_session_id) : undefined;
}

/** Forgets links that expired before `before` (kept a day for the record). */
export async function deleteExpiredDownloads(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('report_downloads').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
