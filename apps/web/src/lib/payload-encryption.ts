import type { PublicPayloadKeyValue } from '@platform/contracts/payload-encryption';
import { PAYLOAD_ENC, PAYLOAD_KEY_ALG } from '@platform/contracts/payload-encryption-constants';
import { ApiError, type ApiMethod, apiGet, apiSend } from './api-client.ts';

const NONCE_BYTES = 24;

type CachedKey = { value: PublicPayloadKeyValue; clockOffsetMs: number };
let cachedKey: Promise<CachedKey> | undefined;

/** The server's public key, fetched once per page; the offset corrects a wrong device clock. */
function serverKey(): Promise<CachedKey> {
  cachedKey ??= apiGet<PublicPayloadKeyValue>('/wps/system/encryption/key')
    .then((value) => ({ value, clockOffsetMs: value.serverTime - Date.now() }))
    .catch((error: unknown) => {
      cachedKey = undefined;
      throw error;
    });
  return cachedKey;
}

function base64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Seals a body for one of the spec's encrypted calls: `{ encrypted: <compact JWE> }`. */
export async function encryptPayload(data: object): Promise<{ encrypted: string }> {
  const [{ value: key, clockOffsetMs }, jose] = await Promise.all([serverKey(), import('jose')]);
  const publicKey = await jose.importJWK(key.jwk, key.alg);
  const plaintext = JSON.stringify({
    timestamp: Date.now() + clockOffsetMs,
    nonce: base64Url(crypto.getRandomValues(new Uint8Array(NONCE_BYTES))),
    data,
  });
  const encrypted = await new jose.CompactEncrypt(new TextEncoder().encode(plaintext))
    .setProtectedHeader({ alg: key.alg, enc: key.enc, kid: key.kid })
    .encrypt(publicKey);
  return { encrypted };
}

/**
 * Sends an encrypted call. If the server no longer knows the key (it was rotated while the page
 * was open), the key is fetched again and the call is sealed and sent once more.
 */
export async function apiSendEncrypted<T>(method: Exclude<ApiMethod, 'GET'>, path: string, body: object): Promise<T> {
  try {
    return await apiSend<T>(method, path, await encryptPayload(body));
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'payload_invalid') throw error;
    cachedKey = undefined;
    return apiSend<T>(method, path, await encryptPayload(body));
  }
}

/**
 * The other direction of the same cipher: a key pair for one call whose answer carries texts the
 * server sealed to it (a customer-service link). The public half goes with the call; `open` reads
 * a compact JWE the server made for it. The private half never leaves the page.
 */
export async function createOneCallKey(): Promise<{ publicJwk: JsonWebKey; open: (compact: string) => Promise<string> }> {
  const jose = await import('jose');
  const pair = await jose.generateKeyPair(PAYLOAD_KEY_ALG, { crv: 'P-256' });
  const { kty, crv, x, y } = await jose.exportJWK(pair.publicKey);
  return {
    publicJwk: { kty, crv, x, y },
    open: async (compact) => {
      const { plaintext } = await jose.compactDecrypt(compact, pair.privateKey, {
        keyManagementAlgorithms: [PAYLOAD_KEY_ALG],
        contentEncryptionAlgorithms: [PAYLOAD_ENC],
      });
      return new TextDecoder().decode(plaintext);
    },
  };
}
