import { randomBytes } from 'node:crypto';
import { CompactEncrypt, importJWK, type JWK } from 'jose';

/** Seals a body for one of the encrypted calls over HTTP, as the web client does. */
export async function sealForSite(baseUrl: string, data: object): Promise<string> {
  const res = await fetch(`${baseUrl}/wps/system/encryption/key`);
  const { value } = (await res.json()) as { value: { jwk: JWK; alg: string; enc: string; kid: string; serverTime: number } };
  const key = await importJWK(value.jwk, value.alg);
  const plaintext = JSON.stringify({ timestamp: value.serverTime, nonce: randomBytes(16).toString('hex'), data });
  const encrypted = await new CompactEncrypt(new TextEncoder().encode(plaintext))
    .setProtectedHeader({ alg: value.alg, enc: value.enc, kid: value.kid })
    .encrypt(key);
  return JSON.stringify({ encrypted });
}
