import { MEDIA_TYPES, type MediaFile } from '@platform/contracts/media';
import type { MediaMeta } from './media.repository.ts';

/** A picture's address: its content's sha256 and its type's extension. */
export const mediaAddressOf = (file: Pick<MediaMeta, 'sha256' | 'content_type'>) =>
  `/media/${file.sha256}.${MEDIA_TYPES[file.content_type]}`;

export function presentMediaFile(row: MediaMeta & { uploaded_at: Date }): MediaFile {
  return {
    address: mediaAddressOf(row),
    contentType: row.content_type,
    byteSize: row.byte_size,
    width: row.width,
    height: row.height,
    uploadedAt: row.uploaded_at.toISOString(),
  };
}
