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

/** Catalogue artwork (game tiles): png, jpeg, WebP, or an SVG that `isInertSvg` accepts. */
export type ArtworkType = UploadedImage['contentType'] | 'image/webp' | 'image/svg+xml';

/**
 * Whether an SVG can do nothing but draw: no scripts, event handlers, foreign content, entities,
 * style imports or links outside the image itself (a `#fragment` or an embedded png, jpeg or
 * WebP `data:` image is fine). Anything else is refused rather than cleaned.
 */
export function isInertSvg(text: string): boolean {
  if (!/<svg[\s>]/i.test(text)) return false;
  if (/<(script|foreignobject|iframe|embed|object|audio|video|handler|listener)\b/i.test(text)) return false;
  if (/<!(doctype|entity)/i.test(text) || /<\?xml-stylesheet/i.test(text)) return false;
  if (/\son[a-z]+\s*=/i.test(text) || /javascript:|vbscript:|@import/i.test(text)) return false;
  for (const match of text.matchAll(/(?:href|src)\s*=\s*["']([^"']*)["']/gi)) {
    const target = (match[1] ?? '').trim();
    if (!target.startsWith('#') && !/^data:image\/(png|jpeg|webp);base64,/i.test(target)) return false;
  }
  for (const match of text.matchAll(/url\(\s*["']?([^"')]*)/gi)) if (!(match[1] ?? '').trim().startsWith('#')) return false;
  return true;
}

/** What catalogue artwork is, by its bytes; undefined for anything else (or an SVG that is not inert). */
export function artworkTypeOf(bytes: Buffer): ArtworkType | undefined {
  const photo = imageTypeOf(bytes);
  if (photo) return photo;
  if (isWebp(bytes)) return 'image/webp';
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!text.startsWith('<')) return undefined;
  return isInertSvg(text) ? 'image/svg+xml' : undefined;
}

const isWebp = (bytes: Buffer) =>
  bytes.length > 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

/** The widest or tallest picture `pictureOf` takes, in pixels. */
export const PICTURE_SIDE_MAX = 16_384;

/** A PNG's size from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A JPEG's size from its first start-of-frame segment (any SOFn but the DHT, JPG and DAC markers). */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 3 < bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = bytes.readUInt16BE(i + 2);
    if (length < 2) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > bytes.length) return undefined;
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return undefined;
}

/** A WebP's size from its first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 30) return undefined;
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return undefined;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return undefined;
}

/**
 * A picture for the site (png, jpeg or WebP) by its bytes, with its size read from its header; the
 * declared type and file name are not trusted. Undefined for anything else, or a header without a
 * size between 1 and `PICTURE_SIDE_MAX` pixels each way.
 */
export function pictureOf(
  bytes: Buffer,
): { contentType: 'image/png' | 'image/jpeg' | 'image/webp'; width: number; height: number } | undefined {
  const photo = imageTypeOf(bytes);
  const contentType = photo ?? (isWebp(bytes) ? 'image/webp' : undefined);
  if (!contentType) return undefined;
  const size = contentType === 'image/png' ? pngSize(bytes) : contentType === 'image/jpeg' ? jpegSize(bytes) : webpSize(bytes);
  if (!size) return undefined;
  const fits = (n: number) => Number.isInteger(n) && n >= 1 && n <= PICTURE_SIDE_MAX;
  return fits(size.width) && fits(size.height) ? { contentType, ...size } : undefined;
}

type UploadCodes = { required: 'image_required' | 'media_image_required'; tooLarge: 'image_too_large' | 'media_image_too_large' };

function uploadError(error: unknown, codes: UploadCodes): DomainError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new DomainError(codes.tooLarge);
  if (code === 'FST_FILES_LIMIT') return new DomainError('image_too_many');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new DomainError('bad_request', 'too many form fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new DomainError(codes.required);
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
  const form = await readUploadForm(request, accepted, imageTypeOf, 'image_invalid');
  return { images: form.images as UploadedImage[], fields: form.fields };
}

/** `readImageForm` for catalogue artwork: png, jpeg, WebP or inert SVG (see `artworkTypeOf`). */
export async function readArtworkForm(
  request: FastifyRequest,
  accepted: { fileFields: readonly string[]; textFields: readonly string[] },
): Promise<{ images: Array<{ field: string; contentType: ArtworkType; bytes: Buffer }>; fields: Record<string, string> }> {
  return readUploadForm(request, accepted, artworkTypeOf, 'game_image_invalid');
}

/**
 * One picture for the site (`pictureOf`: png, jpeg or WebP with its size) from the multipart field
 * `file`; the parser's file size limit is the media limit. Refusals: nothing sent or an empty file
 * (`media_image_required`), not a readable picture (`media_image_invalid`), too large
 * (`media_image_too_large`).
 */
export async function readPictureForm(request: FastifyRequest): Promise<{ bytes: Buffer } & NonNullable<ReturnType<typeof pictureOf>>> {
  const form = await readUploadForm(
    request,
    { fileFields: ['file'], textFields: [] },
    (bytes) => (bytes.length === 0 ? 'empty' : pictureOf(bytes) ? 'picture' : undefined),
    'media_image_invalid',
    { required: 'media_image_required', tooLarge: 'media_image_too_large' },
  );
  const [image] = form.images;
  if (!image || image.contentType === 'empty') throw new DomainError('media_image_required');
  const picture = pictureOf(image.bytes);
  if (!picture) throw new DomainError('media_image_invalid');
  return { bytes: image.bytes, ...picture };
}

async function readUploadForm<T extends string>(
  request: FastifyRequest,
  accepted: { fileFields: readonly string[]; textFields: readonly string[] },
  typeOf: (bytes: Buffer) => T | undefined,
  invalid: 'image_invalid' | 'game_image_invalid' | 'media_image_invalid',
  codes: UploadCodes = {
    required: 'image_required',
    tooLarge: 'image_too_large',
  },
): Promise<{ images: Array<{ field: string; contentType: T; bytes: Buffer }>; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new DomainError(codes.required);
  const images: Array<{ field: string; contentType: T; bytes: Buffer }> = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!accepted.fileFields.includes(part.fieldname)) {
          await part.toBuffer().catch(() => undefined);
          throw new DomainError('bad_request', part.fieldname);
        }
        const bytes = await part.toBuffer();
        const contentType = typeOf(bytes);
        if (!contentType) throw new DomainError(invalid, part.fieldname);
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
    throw uploadError(error, codes) ?? error;
  }
  return { images, fields };
}

/** bytea arrives as a Buffer from pg and as a Uint8Array from PGlite. */
export function toBuffer(value: Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}
