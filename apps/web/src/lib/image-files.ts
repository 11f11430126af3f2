/** Proof and identity images: PNG or JPEG, at most 5 MB each (the server checks the bytes again). */
export const IMAGE_BYTES_MAX = 5 * 1024 * 1024;
export const PROOF_IMAGES_MAX = 3;
export const IMAGE_ACCEPT = 'image/png,image/jpeg';

/** Why a chosen file cannot be sent, as a translation key of the money namespace; null when it can. */
export function imageProblem(file: File): 'image.type' | 'image.size' | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return 'image.type';
  if (file.size > IMAGE_BYTES_MAX) return 'image.size';
  return null;
}
