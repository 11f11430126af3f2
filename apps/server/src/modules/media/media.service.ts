import { createHash } from 'node:crypto';
import { MEDIA_BYTES_MAX, MEDIA_TYPES, type MediaContentType, type MediaFile, type MediaPage } from '@platform/contracts/media';
import { pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { toBuffer } from '../../lib/image-upload.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { mediaAddressOf, presentMediaFile } from './media.presenter.ts';
import * as repo from './media.repository.ts';

export type MediaOperator = { adminId: number; merchantId: number; ip: string | null };
/** A picture read from an upload: its bytes, its type and size as its header states them (`pictureOf`). */
export type UploadedPicture = { bytes: Buffer; contentType: MediaContentType; width: number; height: number };

const FILE_NAME = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

export type MediaService = ReturnType<typeof createMediaService>;

/**
 * The site's pictures uploaded by operators (docs/media.md): stored once by content, listed per
 * merchant, served at `/media/<sha256>.<ext>` for good.
 */
export function createMediaService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  /** Stores an operator's picture (once per content) and records the upload for the merchant, audited. */
  async function upload(op: MediaOperator, picture: UploadedPicture): Promise<MediaFile> {
    if (picture.bytes.length === 0) throw new DomainError('media_image_required');
    if (picture.bytes.length > MEDIA_BYTES_MAX) throw new DomainError('media_image_too_large');
    const sha256 = createHash('sha256').update(picture.bytes).digest('hex');
    const meta: repo.MediaMeta = {
      sha256,
      content_type: picture.contentType,
      byte_size: picture.bytes.length,
      width: picture.width,
      height: picture.height,
    };
    const at = now();
    await db.transaction().execute(async (trx) => {
      const isNew = await repo.insertFile(trx, { ...meta, bytes: picture.bytes, at });
      await repo.upsertUpload(trx, { merchantId: op.merchantId, sha256, adminId: op.adminId, at });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'media.uploaded',
        subjectType: 'media',
        subjectId: sha256,
        data: {
          address: mediaAddressOf(meta),
          contentType: meta.content_type,
          byteSize: meta.byte_size,
          width: meta.width,
          height: meta.height,
          isNew,
        },
        ip: op.ip,
      });
    });
    return presentMediaFile({ ...meta, uploaded_at: at });
  }

  /** The merchant's uploads, the latest first. */
  async function list(merchantId: number, page: { pageNo: number; pageSize: number }): Promise<MediaPage> {
    const { rows, totalCount } = await repo.findUploads(db, { merchantId, limit: page.pageSize, offset: pageOffset(page) });
    return {
      list: rows.map(presentMediaFile),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, page.pageSize),
    };
  }

  /** A picture by its file name (`<sha256>.<ext>`); undefined when no such picture is stored. */
  async function file(name: string): Promise<{ sha256: string; contentType: MediaContentType; bytes: Buffer } | undefined> {
    const match = FILE_NAME.exec(name);
    if (!match?.[1]) return undefined;
    const found = await repo.findFile(db, match[1]);
    if (!found || MEDIA_TYPES[found.content_type] !== match[2]) return undefined;
    return { sha256: match[1], contentType: found.content_type, bytes: toBuffer(found.bytes) };
  }

  return { upload, list, file };
}
