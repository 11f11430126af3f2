import { z } from 'zod';

/**
 * The spec's encrypted calls (login, registration, password calls) send `{ encrypted }`: a compact
 * JWE of `{ timestamp, nonce, data }` to the server's public key. `data` is the call's plain body.
 */
export * from './payload-encryption-constants.ts';

/** GET /wps/system/encryption/key. `serverTime` lets a client with a wrong clock stamp correctly. */
export const publicPayloadKeySchema = z.object({
  kid: z.string(),
  alg: z.string(),
  enc: z.string(),
  jwk: z.record(z.string(), z.unknown()),
  serverTime: z.number().int(),
});
export type PublicPayloadKeyValue = z.infer<typeof publicPayloadKeySchema>;

export const encryptedBodySchema = z.strictObject({
  encrypted: z
    .string()
    .min(1)
    .max(64 * 1024),
});
