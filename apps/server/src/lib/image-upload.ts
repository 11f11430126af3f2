import type { FastifyRequest } from 'fastify';
import { DomainError } from './domain-error.ts';

/** The spec's image rules: png or jpg, 5 MB each, at most 3 per upload. */
export const IMAGE_BYTES_MAX = 5 * 1024 * 1024;
export const IMAGES_PER_UPLOAD_MAX = 3;
export const UPLOAD_TEXT_FIELD_LENGTH_MAX = 500;

/** Limits for @fastify/multipart; the parser enforces them while streaming. */
export const MULTIPART_LIMITS = {
  fileSize: IMAGE_BYTES_MAX,
  files: IMAGES_PER_UPLOAD_MAX,
  fields: 5,
  parts: IMAGES_PER_UPLOAD_MAX + 5,
  fieldSize: UPLOAD_TEXT_FIELD_LENGTH_MAX * 4,
  headerPairs: 100,
} as const;

export type UploadedImage = { field: string; contentType: 'image/png' | 'image/jpeg'; bytes: Buffer };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** What the bytes are, by their first bytes; the declared type and file name are not trusted. */
export function imageTypeOf(bytes: Buffer): UploadedImage['contentType'] | undefined {
  if (bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length > JPEG_SIGNATURE.length && bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return undefined;
}

function uploadError(error: unknown): DomainError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new DomainError('image_too_large');
  if (code === 'FST_FILES_LIMIT') return new DomainError('image_too_many');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new DomainError('bad_request', 'too many form fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new DomainError('image_required');
  return undefined;
}

/**
 * Reads a multipart form of images and short text fields. Only the named file fields and text
 * fields are accepted; every image must be a png or jpeg by its magic bytes.
 */
export async function readImageForm(
  request: FastifyRequest,
  accepted: { fileFields: readonly string[]; textFields: readonly string[] },
): Promise<{ images: UploadedImage[]; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new DomainError('image_required');
  const images: UploadedImage[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!accepted.fileFields.includes(part.fieldname)) {
          await part.toBuffer().catch(() => undefined);
          throw new DomainError('bad_request', part.fieldname);
        }
        const bytes = await part.toBuffer();
        const contentType = imageTypeOf(bytes);
        if (!contentType) throw new DomainError('image_invalid', part.fieldname);
        images.push({ field: part.fieldname, contentType, bytes });
      } else {
        if (!accepted.textFields.includes(part.fieldname) || typeof part.value !== 'string') {
          throw new DomainError('bad_request', part.fieldname);
        }
        if (part.value.length > UPLOAD_TEXT_FIELD_LENGTH_MAX) throw new DomainError('bad_request', part.fieldname);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw uploadError(error) ?? error;
  }
  return { images, fields };
}

/** bytea arrives as a Buffer from pg and as a Uint8Array from PGlite. */
export function toBuffer(value: Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}
