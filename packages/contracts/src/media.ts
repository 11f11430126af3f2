import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

/** The pictures an operator may upload for the site (promotion cards, banners, mall items). */
export const MEDIA_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type MediaContentType = keyof typeof MEDIA_TYPES;
/** The largest picture an operator may upload. */
export const MEDIA_BYTES_MAX = 2 * 1024 * 1024;
/** The address of an uploaded picture: its content's sha256 and its type's extension. */
export const MEDIA_ADDRESS_PATTERN = /^\/media\/[0-9a-f]{64}\.(png|jpg|webp)$/;

export const mediaFileSchema = z.object({
  /** `/media/<sha256>.<ext>`: the same bytes always have the same address. */
  address: z.string(),
  contentType: z.enum(Object.keys(MEDIA_TYPES) as [MediaContentType, ...MediaContentType[]]),
  byteSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** The last time an operator of the merchant uploaded these bytes. */
  uploadedAt: z.string(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

export const mediaPageQuerySchema = z.strictObject({ ...pageQuerySchema.shape });
export const mediaPageSchema = pageOf(mediaFileSchema);
export type MediaPage = z.infer<typeof mediaPageSchema>;
