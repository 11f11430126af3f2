import { z } from 'zod';

/**
 * The spec's encrypted calls (login, registration, password calls) send `{ encrypted }`: a compact
 * JWE of `{ timestamp, nonce, data }` to the server's public key. `data` is the call's plain body.
 */
export const PAYLOAD_KEY_ALG = 'ECDH-ES+A256KW';
export const PAYLOAD_ENC = 'A256GCM';
/** How far the payload's timestamp may be from the server's clock. */
export const PAYLOAD_SKEW_MS = 5 * 60_000;

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
