import { z } from 'zod';

/**
 * The client's id for one request that moves money or stock (a transfer, a redeem, an
 * application): a retry with the same id does nothing twice.
 */
export const CLIENT_REQUEST_ID_LENGTH_MIN = 8;
export const CLIENT_REQUEST_ID_LENGTH_MAX = 64;

export const clientRequestIdSchema = z
  .string()
  .min(CLIENT_REQUEST_ID_LENGTH_MIN)
  .max(CLIENT_REQUEST_ID_LENGTH_MAX)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _');
