import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MediaFilesTable } from './media.tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type MediaMeta = Omit<MediaFilesTable, 'bytes' | 'created_at'>;
export type MediaListRow = MediaMeta & { uploaded_at: Date };

/** Stores the picture's bytes unless the same content is stored already; answers whether it was new. */
export async function insertFile(trx: Transaction<DB>, file: MediaMeta & { bytes: Buffer; at: Date }): Promise<boolean> {
  const inserted = await trx
    .insertInto('media_files')
    .values({
      sha256: file.sha256,
      content_type: file.content_type,
      byte_size: file.byte_size,
      width: file.width,
      height: file.height,
      bytes: file.bytes,
      created_at: file.at,
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .returning('sha256')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Records (or refreshes the time of) the merchant's upload of a picture. */
export async function upsertUpload(trx: Transaction<DB>, upload: { merchantId: number; sha256: string; adminId: number; at: Date }) {
  await trx
    .insertInto('media_uploads')
    .values({ merchant_id: upload.merchantId, sha256: upload.sha256, uploaded_by: upload.adminId, uploaded_at: upload.at })
    .onConflict((oc) => oc.columns(['merchant_id', 'sha256']).doUpdateSet({ uploaded_at: upload.at }))
    .execute();
}

/** A picture's type and bytes by its content hash. */
export async function findFile(
  db: Db,
  sha256: string,
): Promise<{ content_type: MediaFilesTable['content_type']; bytes: Uint8Array } | undefined> {
  return db.selectFrom('media_files').select(['content_type', 'bytes']).where('sha256', '=', sha256).executeTakeFirst();
}

/** The merchant's uploads, the latest first, and how many there are. */
export async function findUploads(
  db: Db,
  q: { merchantId: number; limit: number; offset: number },
): Promise<{ rows: MediaListRow[]; totalCount: number }> {
  const count = await db
    .selectFrom('media_uploads')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('merchant_id', '=', q.merchantId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('media_uploads as u')
    .innerJoin('media_files as f', 'f.sha256', 'u.sha256')
    .select(['f.sha256', 'f.content_type', 'f.byte_size', 'f.width', 'f.height', 'u.uploaded_at'])
    .where('u.merchant_id', '=', q.merchantId)
    .orderBy('u.uploaded_at', 'desc')
    .orderBy(sql`u.sha256`)
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return {
    rows: rows.map((r) => ({ ...r, byte_size: Number(r.byte_size), width: Number(r.width), height: Number(r.height) })),
    totalCount: Number(count.n),
  };
}
